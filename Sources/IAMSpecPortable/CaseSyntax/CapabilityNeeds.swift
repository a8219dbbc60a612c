import IAMSpec

/// What a case needs of an engine, derived from what it writes and reads: its configuration, its
/// messages, its steps and the observations its expectations look for (Specs/README.md,
/// "Capabilities").
///
/// The loader fills ``SpecCase/requires`` with it, with the capabilities of the rules the case
/// checks and the behavioural ones its `requires` declares; any other capability written in a
/// case's `requires` must be one of these. A compiled suite's reader adds it to the `requires`
/// the document gives (`CompiledSuite.withDerivedNeeds`). Behavioural capabilities (`Capability.behavioural`) are
/// never derived here: a case declares them, and `iamspec lint` proves each by running the case.
package enum CapabilityNeeds {
    /// Every capability the case uses.
    package static func of(_ specCase: SpecCase) -> Set<Capability> {
        CapabilityBits(bits: bits(of: specCase)).set
    }

    /// Every capability the case uses, as `SpecCase.requiredCapabilityBits` holds them (bit `n`
    /// for `Capability.allCases[n]`): what the loader sets, without making a `Set`.
    ///
    /// The case decoder gathers the same bits from the parts as it makes them (the functions below,
    /// which this one sums), without walking the case again.
    package static func bits(of specCase: SpecCase) -> UInt64 {
        var needs = of(specCase.configuration)
        for message in specCase.messages { needs.formUnion(of(message)) }
        needs.formUnion(ofClock(specCase.steps))
        for step in specCase.steps {
            switch step.action {
            case .stimulus(let stimulus):
                let (kind, values) = stimulus.parts
                needs.formUnion(of(kind, values))
            case .expectation(let expectation):
                needs.formUnion(of(expectation))
            }
        }
        return needs.bits
    }

    /// What the engine's configuration needs.
    package static func of(_ configuration: EngineConfiguration) -> CapabilityBits {
        var needs = CapabilityBits()
        if configuration.delegate == .implemented { needs.insert(.delegate) }
        if configuration.orientation != .portrait || configuration.device == .tablet { needs.insert(.orientation) }
        if isLarge(configuration.minimumTriggerInterval) { needs.insert(.largeIntegers) }
        return needs
    }

    /// What the steps' clock needs: `large-integers` once the advances add up past 2^53 ms, a time
    /// an engine whose numbers are doubles cannot hold (nor read, sent in one `advance`'s `by_ms`).
    /// Steps whose advances pass the end of virtual time need nothing more: such a case is an
    /// error (``ClockRange``).
    package static func ofClock(_ steps: [Step]) -> CapabilityBits {
        var time: Int64 = 0
        for step in steps {
            guard case .stimulus(.timeAdvanced(let span)) = step.action else { continue }
            let (sum, overflows) = time.addingReportingOverflow(span.milliseconds)
            if overflows { return [] }
            time = sum
            if isLarge(VirtualTime(milliseconds: time)) { return [.largeIntegers] }
        }
        return []
    }

    /// What a message needs: one of `given.messages`, or the one a `present_local` step presents.
    package static func of(_ message: InAppMessage) -> CapabilityBits {
        var needs = CapabilityBits()
        if message.orientation != .any { needs.insert(.orientation) }
        let imageOnLaterDeliveries = message.imageOnLaterDeliveries
        let zipOnLaterDeliveries = message.zipOnLaterDeliveries
        let unsettled = { (outcome: AssetOutcome?) in outcome == .fails || outcome == .pending }
        if unsettled(message.image) || unsettled(message.zip)
            || imageOnLaterDeliveries.contains(where: unsettled) || zipOnLaterDeliveries.contains(where: unsettled)
            || (message.type == .modalImage && message.image == nil)
        {
            needs.insert(.assets)
        }
        if message.delay > .zero { needs.insert(.delay) }
        if message.timeout != nil { needs.insert(.timeout) }
        if message.reeligibility != nil { needs.insert(.reeligibility) }
        if message.isTestSend { needs.insert(.testSends) }
        if message.minimumTriggerInterval != nil { needs.insert(.messageInterval) }
        if message.start != nil || message.end != nil { needs.insert(.campaignWindow) }
        if message.isControl { needs.insert(.controlMessages) }
        if !imageOnLaterDeliveries.isEmpty || !zipOnLaterDeliveries.isEmpty { needs.insert(.assetRedelivery) }
        if isLarge(message.delay) || isLarge(message.timeout) || isLarge(message.reeligibility)
            || isLarge(message.minimumTriggerInterval) || isLarge(message.start) || isLarge(message.end)
        {
            needs.insert(.largeIntegers)
        }
        for trigger in message.triggers {
            switch trigger {
            case .sessionStart: needs.insert(.triggerSessionStart)
            case .anyPurchase: needs.insert(.triggerAnyPurchase)
            case .specificPurchase(_, let filters):
                needs.insert(.triggerPurchase)
                needs.formUnion(of(filters))
            case .customEvent(_, let filters):
                needs.insert(.triggerCustomEvent)
                needs.formUnion(of(filters))
            case .pushClick: needs.insert(.triggerPushClick)
            }
        }
        return needs
    }

    /// What a stimulus of the kind with these values needs: its kind's capability, a chosen
    /// word's, a local message's.
    package static func of(_ kind: StimulusKind, _ values: [StepValue]) -> CapabilityBits {
        var needs = CapabilityBits()
        if let capability = kind.capability { needs.insert(capability) }
        for (field, value) in zip(kind.fields, values) {
            switch field.content {
            case .choice(let choice):
                if let position = choice.position(of: value.text), let capability = choice.options[position].capability
                {
                    needs.insert(capability)
                }
            case .localMessage:
                needs.formUnion(of(value.message))
            case .properties:
                if value.properties.values.contains(where: isLargeInteger) { needs.insert(.largeIntegers) }
            case .text, .message, .span, .number:
                break
            }
        }
        return needs
    }

    /// What a trigger's filters need: `property-filters`, and `large-integers` for an `equals` or
    /// `not_equals` operand beyond 2^53.
    private static func of(_ filters: PropertyFilters) -> CapabilityBits {
        guard !filters.groups.isEmpty else { return [] }
        var needs: CapabilityBits = [.propertyFilters]
        for group in filters.groups {
            for condition in group {
                switch condition.comparison {
                case .equals(let operand), .notEquals(let operand):
                    if isLargeInteger(operand) { needs.insert(.largeIntegers) }
                case .withinLast(let span), .moreThanAgo(let span), .lessThanInFuture(let span),
                    .moreThanInFuture(let span):
                    if isLarge(span) { needs.insert(.largeIntegers) }
                case .greaterThan, .lessThan, .atLeast, .atMost, .matches, .doesNotMatch, .exists, .doesNotExist:
                    break
                }
            }
        }
        return needs
    }

    /// Whether the value is an integer a double cannot hold exactly, above 2^53 in magnitude: an
    /// integer, or a time, whose milliseconds travel as an integer.
    private static func isLargeInteger(_ value: PropertyValue) -> Bool {
        switch value {
        case .integer(let integer): integer.magnitude > 1 << 53
        case .time(let time): isLarge(time)
        case .string, .real, .boolean: false
        }
    }

    /// Whether a time or a span, in milliseconds, is beyond what a double holds exactly (2^53).
    private static func isLarge(_ time: VirtualTime?) -> Bool {
        guard let time else { return false }
        return time.milliseconds.magnitude > 1 << 53
    }

    /// What an expectation needs: what its patterns read.
    package static func of(_ expectation: Expectation) -> CapabilityBits {
        var needs = CapabilityBits()
        if expectation.stack != nil { needs.insert(.stackInspection) }
        for pattern in expectation.sequence ?? [] { needs.formUnion(of(pattern)) }
        for pattern in expectation.contains ?? [] { needs.formUnion(of(pattern)) }
        // A pattern under `absent` reads nothing the engine must make: an engine that cannot make
        // the observation passes it as one that did not, so it needs nothing.
        return needs
    }

    private static func of(_ pattern: ObservationPattern) -> CapabilityBits {
        switch pattern {
        case .impressionLogged, .clickLogged, .noMatchingTrigger, .dismissed:
            // Kinds an engine makes only with a capability (``ObservationKind/capability``).
            pattern.kind.capability.map { [$0] } ?? []
        case .stacked(_, reason: .background): [.appLifecycle]
        case .discarded(_, reason: .assetFailed?), .discarded(_, reason: .missingImage?): [.assets]
        case .discarded(_, reason: .timeout?): [.timeout]
        // Any extras compared, `{}` too: an engine without extras would pass that vacuously.
        case .displayed(_, extras: _?): [.extras]
        case .displayed, .stacked, .discarded, .rolledBack: []
        }
    }
}
