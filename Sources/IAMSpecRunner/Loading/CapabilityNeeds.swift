import IAMSpec

/// What a case needs of an engine, derived from what it uses: its configuration, its messages,
/// its steps and its expectations (Specs/README.md, "Capabilities").
///
/// The loader fills ``SpecCase/requires`` with it, so an author cannot forget a capability; a
/// capability written in a case's `requires` must be one of these.
package enum CapabilityNeeds {
    /// Every capability the case uses.
    package static func of(_ specCase: SpecCase) -> Set<Capability> {
        CapabilityMask(bits: bits(of: specCase)).capabilities
    }

    /// Every capability the case uses, as `SpecCase.requiredCapabilityBits` holds them (bit `n`
    /// for `Capability.allCases[n]`): what the loader sets, without making a `Set`.
    package static func bits(of specCase: SpecCase) -> UInt64 {
        var needs = CapabilityMask()
        let configuration = specCase.configuration
        if configuration.delegate == .implemented { needs.insert(.delegate) }
        if configuration.orientation != .portrait || configuration.device == .tablet { needs.insert(.orientation) }
        for message in specCase.messages { needs.formUnion(of(message)) }
        var triggeringStimuli = 0
        for step in specCase.steps {
            switch step.action {
            case .stimulus(let stimulus):
                needs.formUnion(of(stimulus))
                var candidates = 0
                for message in specCase.messages where canTrigger(stimulus, message) { candidates += 1 }
                if candidates > 0 { triggeringStimuli += 1 }
                if candidates > 1 { needs.insert(.priority) }
            case .expectation(let expectation):
                needs.formUnion(of(expectation))
            }
        }
        if configuration.minimumTriggerInterval > .zero, triggeringStimuli >= 2 { needs.insert(.minimumInterval) }
        return needs.bits
    }

    /// What in a case needs each capability, in the words of Specs/README.md.
    package static func neededBy(_ capability: Capability) -> String {
        switch capability {
        case .keyboard: "a `keyboard_shown` or `keyboard_hidden` step"
        case .orientation:
            "an `orientation` step, a message whose `orientation` is not `any`, or a `config` with "
                + "`orientation: landscape` or `device: tablet`"
        case .assets:
            "an `asset_download` step, an `image` or `zip` that `fails` or is `pending`, a `modal_image` "
                + "message without an image, or a `discarded` pattern with reason `asset_failed` or `missing_image`"
        case .analytics: "an `impression_logged` or `click_logged` pattern"
        case .stackInspection: "a `stack` expectation"
        case .delegate: "`delegate: implemented`, or a `delegate_choice` step"
        case .localMessages: "a `present_local` step"
        case .sessionSync: "`session_start: {sync: pending}` or `sync_complete`"
        case .triggerSessionStart: "a `session_start` trigger"
        case .triggerAnyPurchase: "an `any_purchase` trigger"
        case .triggerPurchase: "a `purchase` trigger"
        case .triggerCustomEvent: "a `custom_event` trigger"
        case .triggerPushClick: "a `push_click` trigger"
        case .propertyFilters: "a trigger with `filters`"
        case .priority:
            "a message whose `priority` is not 0, or a stimulus that the triggers of two messages or more "
                + "match (by kind and name, product or campaign; filters aside)"
        case .minimumInterval:
            "a `minimum_trigger_interval` above 0 with two or more stimuli that a message's trigger "
                + "matches (by kind and name, product or campaign; filters aside)"
        case .delay: "a message whose `delay` is above 0"
        case .timeout: "a message with a `timeout`, or a `discarded` pattern with reason `timeout`"
        case .reeligibility: "a message with a `reeligibility`"
        case .testSends: "a message with `test_send: true`"
        case .displayNext: "a `display_next` step"
        case .noMatchingTrigger: "a `no_matching_trigger` pattern"
        case .delegateNow: "a `delegate_choice` step with `choice: now`"
        case .delegateLater: "a `delegate_choice` step with `choice: later`"
        case .delegateDiscard: "a `delegate_choice` step with `choice: discard`"
        case .delegateRollback: "a `delegate_choice` step with `choice: rollback`"
        case .appLifecycle:
            "a `background`, `foreground` or `relaunch` step, or a `stacked` pattern with reason `background`"
        case .userChange: "a `change_user` step"
        case .messageInterval: "a message's `minimum_trigger_interval`"
        case .campaignWindow: "a message's `start` or `end`"
        case .controlMessages: "a message with `control: true`"
        case .pushOpen: "a `push_open` step"
        case .dismissals: "a `dismissed` pattern"
        case .assetRedelivery: "an `image` or `zip` written as a list (one outcome per delivery)"
        }
    }

    private static func of(_ message: InAppMessage) -> CapabilityMask {
        var needs = CapabilityMask()
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
        if message.priority != 0 { needs.insert(.priority) }
        if message.delay > .zero { needs.insert(.delay) }
        if message.timeout != nil { needs.insert(.timeout) }
        if message.reeligibility != nil { needs.insert(.reeligibility) }
        if message.isTestSend { needs.insert(.testSends) }
        if message.minimumTriggerInterval != nil { needs.insert(.messageInterval) }
        if message.start != nil || message.end != nil { needs.insert(.campaignWindow) }
        if message.isControl { needs.insert(.controlMessages) }
        if !imageOnLaterDeliveries.isEmpty || !zipOnLaterDeliveries.isEmpty { needs.insert(.assetRedelivery) }
        for trigger in message.triggers {
            switch trigger {
            case .sessionStart: needs.insert(.triggerSessionStart)
            case .anyPurchase: needs.insert(.triggerAnyPurchase)
            case .specificPurchase(_, let filters):
                needs.insert(.triggerPurchase)
                if !filters.groups.isEmpty { needs.insert(.propertyFilters) }
            case .customEvent(_, let filters):
                needs.insert(.triggerCustomEvent)
                if !filters.groups.isEmpty { needs.insert(.propertyFilters) }
            case .pushClick: needs.insert(.triggerPushClick)
            }
        }
        return needs
    }

    /// What a stimulus needs: its kind's capability, a chosen word's, a local message's.
    private static func of(_ stimulus: Stimulus) -> CapabilityMask {
        let (kind, values) = stimulus.parts
        var needs = CapabilityMask()
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
            case .text, .message, .span, .number, .properties:
                break
            }
        }
        return needs
    }

    private static func of(_ expectation: Expectation) -> CapabilityMask {
        var needs = CapabilityMask()
        if expectation.stack != nil { needs.insert(.stackInspection) }
        for pattern in expectation.sequence ?? [] { needs.formUnion(of(pattern)) }
        for pattern in expectation.contains ?? [] { needs.formUnion(of(pattern)) }
        for pattern in expectation.absent ?? [] { needs.formUnion(of(pattern)) }
        return needs
    }

    private static func of(_ pattern: ObservationPattern) -> CapabilityMask {
        switch pattern {
        case .impressionLogged, .clickLogged: [.analytics]
        case .noMatchingTrigger: [.noMatchingTrigger]
        case .stacked(_, reason: .background): [.appLifecycle]
        case .discarded(_, reason: .assetFailed?), .discarded(_, reason: .missingImage?): [.assets]
        case .discarded(_, reason: .timeout?): [.timeout]
        case .dismissed: [.dismissals]
        case .displayed, .stacked, .discarded, .rolledBack: []
        }
    }

    /// Whether a stimulus matches a trigger of the message, by kind and name, product or campaign
    /// (filters aside): only such stimuli can make it a candidate for a triggered display.
    private static func canTrigger(_ stimulus: Stimulus, _ message: InAppMessage) -> Bool {
        switch stimulus {
        case .sessionStarted:
            return message.triggers.contains { if case .sessionStart = $0 { true } else { false } }
        case .appOpenedFromPush(let campaign):
            return message.triggers.contains { trigger in
                switch trigger {
                case .sessionStart: true
                case .pushClick(let wanted): wanted == nil || wanted == campaign
                default: false
                }
            }
        case .pushClicked(let campaign):
            return message.triggers.contains {
                if case .pushClick(let wanted) = $0 { wanted == nil || wanted == campaign } else { false }
            }
        case .customEvent(let event) where event.source == .sdk:
            return message.triggers.contains {
                if case .customEvent(let name, _) = $0 { name == event.name } else { false }
            }
        case .purchase(let purchase) where purchase.source == .sdk:
            return message.triggers.contains { trigger in
                switch trigger {
                case .anyPurchase: true
                case .specificPurchase(let product, _): product == purchase.product
                default: false
                }
            }
        case .customEvent, .purchase, .sessionSyncCompleted, .sessionEnded, .appRelaunched, .timeAdvanced,
            .appBackgrounded, .appForegrounded, .deviceRotated, .keyboardShown, .keyboardHidden, .assetDownloadSettled,
            .delegateChoiceSet, .messageDismissed, .messageClicked, .displayNextRequested, .localMessagePresented,
            .userChanged, .stackInspected:
            return false
        }
    }
}

/// Capabilities as bits, gathered without hashing (a `Set<Capability>` hashes each raw-value
/// string): bit `n` for `Capability.allCases[n]`, as `SpecCase.requiredCapabilityBits`.
struct CapabilityMask: ExpressibleByArrayLiteral {
    private(set) var bits: UInt64 = 0

    init(bits: UInt64) {
        self.bits = bits
    }

    init(arrayLiteral capabilities: Capability...) {
        for capability in capabilities { insert(capability) }
    }

    mutating func insert(_ capability: Capability) {
        bits |= 1 << Self.bit(of: capability)
    }

    mutating func formUnion(_ other: CapabilityMask) {
        bits |= other.bits
    }

    func union(_ other: CapabilityMask) -> CapabilityMask {
        var union = self
        union.formUnion(other)
        return union
    }

    var capabilities: Set<Capability> {
        Set(Capability.allCases.filter { bits & (1 << Self.bit(of: $0)) != 0 })
    }

    /// The capability's position in `Capability.allCases` (`CapabilityNeedsTests` checks each).
    private static func bit(of capability: Capability) -> UInt64 {
        switch capability {
        case .keyboard: 0
        case .orientation: 1
        case .assets: 2
        case .analytics: 3
        case .stackInspection: 4
        case .delegate: 5
        case .localMessages: 6
        case .sessionSync: 7
        case .messageInterval: 8
        case .campaignWindow: 9
        case .controlMessages: 10
        case .pushOpen: 11
        case .dismissals: 12
        case .assetRedelivery: 13
        case .triggerSessionStart: 14
        case .triggerAnyPurchase: 15
        case .triggerPurchase: 16
        case .triggerCustomEvent: 17
        case .triggerPushClick: 18
        case .propertyFilters: 19
        case .priority: 20
        case .minimumInterval: 21
        case .delay: 22
        case .timeout: 23
        case .reeligibility: 24
        case .testSends: 25
        case .displayNext: 26
        case .noMatchingTrigger: 27
        case .delegateNow: 28
        case .delegateLater: 29
        case .delegateDiscard: 30
        case .delegateRollback: 31
        case .appLifecycle: 32
        case .userChange: 33
        }
    }
}
