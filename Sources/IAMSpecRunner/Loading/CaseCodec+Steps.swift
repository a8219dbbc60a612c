import IAMSpec

// Steps, stimuli, expectations and observation patterns, in the compact form (CaseCodec.swift).

extension CaseEncoder {
    mutating func step(_ step: Step) {
        switch step.action {
        case .stimulus(let stimulus):
            tag(StepTag.stimulus)
            self.stimulus(stimulus)
        case .expectation(let expectation):
            tag(StepTag.expectation)
            self.expectation(expectation)
        }
        location(step.location)
    }

    /// A stimulus: its kind's tag, then each value as its field's content says.
    mutating func stimulus(_ stimulus: Stimulus) {
        let (kind, values) = stimulus.parts
        byte(UInt8(kind.id.rawValue))
        for (field, value) in zip(kind.fields, values) { stepValue(value, of: field) }
    }

    private mutating func stepValue(_ value: StepValue, of field: StepField) {
        switch field.content {
        case .text where field.fallback == .absent: optional(value.optionalText) { $0.string($1) }
        case .text, .message: string(value.text)
        case .choice(let choice): byte(UInt8(choice.position(of: value.text) ?? 0))
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
            tag(ObservationPatternTag.displayed)
            messageSelector(selector)
            optional(extras) { encoder, extras in encoder.dictionary(extras) { $0.string($1) } }
        case .stacked(let selector, let reason):
            tag(ObservationPatternTag.stacked)
            messageSelector(selector)
            optional(reason) { $0.choice($1) }
        case .discarded(let selector, let reason):
            tag(ObservationPatternTag.discarded)
            messageSelector(selector)
            optional(reason) { $0.choice($1) }
        case .rolledBack(let selector):
            tag(ObservationPatternTag.rolledBack)
            messageSelector(selector)
        case .dismissed(let selector):
            tag(ObservationPatternTag.dismissed)
            messageSelector(selector)
        case .noMatchingTrigger(let event):
            tag(ObservationPatternTag.noMatchingTrigger)
            optional(event) { $0.triggerEvent($1) }
        case .impressionLogged(let selector):
            tag(ObservationPatternTag.impressionLogged)
            messageSelector(selector)
        case .clickLogged(let selector):
            tag(ObservationPatternTag.clickLogged)
            messageSelector(selector)
        }
    }

    mutating func messageSelector(_ selector: MessageSelector) {
        switch selector {
        case .any:
            tag(MessageSelectorTag.any)
        case .id(let id):
            tag(MessageSelectorTag.id)
            string(id)
        }
    }

    mutating func triggerEvent(_ event: TriggerEvent) {
        switch event {
        case .sessionStart:
            tag(TriggerEventTag.sessionStart)
        case .customEvent(let name):
            tag(TriggerEventTag.customEvent)
            string(name)
        case .purchase(let product):
            tag(TriggerEventTag.purchase)
            string(product)
        case .pushClick(let campaign):
            tag(TriggerEventTag.pushClick)
            optional(campaign) { $0.string($1) }
        }
    }
}

extension EncodedCaseReader {
    mutating func step() -> Step {
        let action: Step.Action =
            switch tag(StepTag.self) {
            case .stimulus: .stimulus(stimulus())
            case .expectation: .expectation(expectation())
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
        switch tag(ObservationPatternTag.self) {
        case .displayed: .displayed(messageSelector(), extras: optional { reader in reader.dictionary { $0.string() } })
        case .stacked: .stacked(messageSelector(), reason: optional { $0.choice() })
        case .discarded: .discarded(messageSelector(), reason: optional { $0.choice() })
        case .rolledBack: .rolledBack(messageSelector())
        case .dismissed: .dismissed(messageSelector())
        case .noMatchingTrigger: .noMatchingTrigger(optional { $0.triggerEvent() })
        case .impressionLogged: .impressionLogged(messageSelector())
        case .clickLogged: .clickLogged(messageSelector())
        }
    }

    mutating func messageSelector() -> MessageSelector {
        switch tag(MessageSelectorTag.self) {
        case .any: .any
        case .id: .id(string())
        }
    }

    mutating func triggerEvent() -> TriggerEvent {
        switch tag(TriggerEventTag.self) {
        case .sessionStart: .sessionStart
        case .customEvent: .customEvent(name: string())
        case .purchase: .purchase(product: string())
        case .pushClick: .pushClick(campaign: optional { $0.string() })
        }
    }
}
