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

    /// A stimulus: its kind's tag, then each value as its field's content says.
    mutating func stimulus(_ stimulus: Stimulus) {
        let (kind, values) = stimulus.parts
        tag(UInt8(kind.id.rawValue))
        for (field, value) in zip(kind.fields, values) { stepValue(value, of: field) }
    }

    private mutating func stepValue(_ value: StepValue, of field: StepField) {
        switch field.content {
        case .text where field.fallback == .absent: optional(value.optionalText) { $0.string($1) }
        case .text, .message: string(value.text)
        case .choice(let choice): tag(UInt8(choice.position(of: value.text) ?? 0))
        case .span: time(value.span)
        case .number: double(value.number)
        case .properties: dictionary(value.properties) { $0.propertyValue($1) }
        case .localMessage: message(value.message)
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
        stringList(expectation.rules)
        bool(expectation.isSetup)
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
        let id = Int(byte())
        // The kind read in place: a copy of it would retain and release everything it holds.
        return StimulusKind.all.withUnsafeBufferPointer { kinds in
            let fields = kinds[id].fields
            var values: [StepValue] = []
            values.reserveCapacity(fields.count)
            for position in fields.indices { values.append(stepValue(of: fields[position])) }
            return kinds[id].make(values)
        }
    }

    private mutating func stepValue(of field: StepField) -> StepValue {
        switch field.content {
        case .text where field.fallback == .absent: StepValue(optional { $0.string() })
        case .text, .message: .text(string())
        case .choice(let choice): .text(choice.options[Int(byte())].word)
        case .span: .span(time())
        case .number: .number(double())
        case .properties: .properties(dictionary { $0.propertyValue() })
        case .localMessage: .message(message())
        }
    }

    mutating func expectation() -> Expectation {
        let patterns = { (reader: inout EncodedCaseReader) in reader.list { $0.observationPattern() } }
        return Expectation(
            sequence: optional(patterns),
            contains: optional(patterns),
            absent: optional(patterns),
            stack: optional { reader in reader.list { $0.string() } },
            rules: stringList(),
            setup: bool()
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
