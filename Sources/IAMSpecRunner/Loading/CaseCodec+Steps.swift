import IAMSpec

// Steps, stimuli, expectations and observation patterns, in the compact form (CaseCodec.swift).

extension CaseEncoder {
    mutating func step(_ step: Step) {
        switch step.action {
        case .stimulus(let stimulus):
            tag(0)
            self.stimulus(stimulus)
        case .expectation(let expectation):
            tag(1)
            self.expectation(expectation)
        }
        location(step.location)
    }

    mutating func stimulus(_ stimulus: Stimulus) {
        switch stimulus {
        case .sessionStarted(let syncPending):
            tag(0)
            bool(syncPending)
        case .sessionSyncCompleted:
            tag(1)
        case .sessionEnded:
            tag(2)
        case .appRelaunched:
            tag(3)
        case .customEvent(let event):
            tag(4)
            string(event.name)
            dictionary(event.properties) { $0.propertyValue($1) }
            choice(event.source)
        case .purchase(let purchase):
            tag(5)
            string(purchase.product)
            double(purchase.price)
            dictionary(purchase.properties) { $0.propertyValue($1) }
            choice(purchase.source)
        case .pushClicked(let campaign):
            tag(6)
            optional(campaign) { $0.string($1) }
        case .appOpenedFromPush(let campaign):
            tag(7)
            optional(campaign) { $0.string($1) }
        case .timeAdvanced(let span):
            tag(8)
            time(span)
        case .appBackgrounded:
            tag(9)
        case .appForegrounded:
            tag(10)
        case .deviceRotated(let orientation):
            tag(11)
            choice(orientation)
        case .keyboardShown:
            tag(12)
        case .keyboardHidden:
            tag(13)
        case .assetDownloadSettled(let message, let succeeded):
            tag(14)
            string(message)
            bool(succeeded)
        case .delegateChoiceSet(let message, let choice):
            tag(15)
            string(message)
            self.choice(choice)
        case .messageDismissed(let message):
            tag(16)
            string(message)
        case .messageClicked(let message):
            tag(17)
            string(message)
        case .displayNextRequested:
            tag(18)
        case .localMessagePresented(let message):
            tag(19)
            self.message(message)
        case .userChanged(let user):
            tag(20)
            string(user)
        case .stackInspected:
            tag(21)
        }
    }

    mutating func expectation(_ expectation: Expectation) {
        let patterns = { (encoder: inout CaseEncoder, patterns: [ObservationPattern]) in
            encoder.list(patterns) { $0.observationPattern($1) }
        }
        optional(expectation.sequence, patterns)
        optional(expectation.contains, patterns)
        optional(expectation.absent, patterns)
        optional(expectation.stack) { encoder, stack in encoder.list(stack) { $0.string($1) } }
    }

    mutating func observationPattern(_ pattern: ObservationPattern) {
        switch pattern {
        case .displayed(let selector, let extras):
            tag(0)
            messageSelector(selector)
            optional(extras) { encoder, extras in encoder.dictionary(extras) { $0.string($1) } }
        case .stacked(let selector, let reason):
            tag(1)
            messageSelector(selector)
            optional(reason) { $0.choice($1) }
        case .discarded(let selector, let reason):
            tag(2)
            messageSelector(selector)
            optional(reason) { $0.choice($1) }
        case .rolledBack(let selector):
            tag(3)
            messageSelector(selector)
        case .dismissed(let selector):
            tag(4)
            messageSelector(selector)
        case .noMatchingTrigger(let event):
            tag(5)
            optional(event) { $0.triggerEvent($1) }
        case .impressionLogged(let selector):
            tag(6)
            messageSelector(selector)
        case .clickLogged(let selector):
            tag(7)
            messageSelector(selector)
        }
    }

    mutating func messageSelector(_ selector: MessageSelector) {
        switch selector {
        case .any:
            tag(0)
        case .id(let id):
            tag(1)
            string(id)
        }
    }

    mutating func triggerEvent(_ event: TriggerEvent) {
        switch event {
        case .sessionStart:
            tag(0)
        case .customEvent(let name):
            tag(1)
            string(name)
        case .purchase(let product):
            tag(2)
            string(product)
        case .pushClick(let campaign):
            tag(3)
            optional(campaign) { $0.string($1) }
        }
    }
}

extension EncodedCaseReader {
    mutating func step() -> Step {
        let action: Step.Action =
            switch byte() {
            case 0: .stimulus(stimulus())
            default: .expectation(expectation())
            }
        return Step(action, location: location())
    }

    mutating func stimulus() -> Stimulus {
        switch byte() {
        case 0: .sessionStarted(syncPending: bool())
        case 1: .sessionSyncCompleted
        case 2: .sessionEnded
        case 3: .appRelaunched
        case 4:
            .customEvent(CustomEvent(name: string(), properties: dictionary { $0.propertyValue() }, source: choice()))
        case 5:
            .purchase(
                Purchase(
                    product: string(),
                    price: double(),
                    properties: dictionary { $0.propertyValue() },
                    source: choice()
                )
            )
        case 6: .pushClicked(campaign: optional { $0.string() })
        case 7: .appOpenedFromPush(campaign: optional { $0.string() })
        case 8: .timeAdvanced(by: time())
        case 9: .appBackgrounded
        case 10: .appForegrounded
        case 11: .deviceRotated(to: choice())
        case 12: .keyboardShown
        case 13: .keyboardHidden
        case 14: .assetDownloadSettled(message: string(), succeeded: bool())
        case 15: .delegateChoiceSet(message: string(), choice: choice())
        case 16: .messageDismissed(string())
        case 17: .messageClicked(string())
        case 18: .displayNextRequested
        case 19: .localMessagePresented(message())
        case 20: .userChanged(to: string())
        default: .stackInspected
        }
    }

    mutating func expectation() -> Expectation {
        let patterns = { (reader: inout EncodedCaseReader) in reader.list { $0.observationPattern() } }
        return Expectation(
            sequence: optional(patterns),
            contains: optional(patterns),
            absent: optional(patterns),
            stack: optional { reader in reader.list { $0.string() } }
        )
    }

    mutating func observationPattern() -> ObservationPattern {
        switch byte() {
        case 0: .displayed(messageSelector(), extras: optional { reader in reader.dictionary { $0.string() } })
        case 1: .stacked(messageSelector(), reason: optional { $0.choice() })
        case 2: .discarded(messageSelector(), reason: optional { $0.choice() })
        case 3: .rolledBack(messageSelector())
        case 4: .dismissed(messageSelector())
        case 5: .noMatchingTrigger(optional { $0.triggerEvent() })
        case 6: .impressionLogged(messageSelector())
        default: .clickLogged(messageSelector())
        }
    }

    mutating func messageSelector() -> MessageSelector {
        switch byte() {
        case 0: .any
        default: .id(string())
        }
    }

    mutating func triggerEvent() -> TriggerEvent {
        switch byte() {
        case 0: .sessionStart
        case 1: .customEvent(name: string())
        case 2: .purchase(product: string())
        default: .pushClick(campaign: optional { $0.string() })
        }
    }
}
