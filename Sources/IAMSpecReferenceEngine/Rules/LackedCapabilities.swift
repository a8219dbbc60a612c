package import IAMSpec

/// What the reference engine does without capabilities an engine lacks: it never does what a
/// lacked capability stands for (Specs/README.md, "Capabilities" and "What every engine must
/// have"), so that a replay of that engine's runs, and `iamspec engine --stdio --lacking`, never
/// make an observation the engine cannot make for want of it (a `timeout` discard, a
/// `missing_image` discard, a message held for a sync).
///
/// Each capability is one of three kinds:
/// - **a setting a message or the configuration carries** is read as absent: without `timeout`
///   a message has no display deadline; without `delay` its delay is 0; without `reeligibility`,
///   `message-interval`, `campaign-window`, `test-sends`, `control-messages` the message's own
///   setting is left unread; without `property-filters` a trigger's filters are; without a
///   trigger's capability (`trigger-session-start`, ...) that trigger never fires; without
///   `assets` no download is waited for or judged (no `asset_failed`, no `missing_image`);
///   without `asset-redelivery` every delivery has the first delivery's outcome; without
///   `orientation` nothing is checked against the device's orientation; without `delegate` the
///   app has no display delegate.
/// - **a step** the engine cannot be sent is ignored: the keyboard, a rotation, a download that
///   settles, a delegate's answer of a kind it lacks, `display_next`, `present_local`, `push_open`,
///   `push_click`, the lifecycle steps, a user change, a data wipe, `app_dismiss`, the stack read
///   back, and a sync held open (a `session_start` with `sync: pending` starts the session at once).
/// - **what it reports** (`analytics`, `dismissals`, `no-matching-trigger`, `extras`) changes no
///   delivery: the replays leave those observations out instead.
///
/// The behavioural capabilities (`Capability.behavioural`: `priority`, `minimum-interval`,
/// `click-follow-up`) are not read here: an engine may lack one in more than one way, and the
/// catalogue's behaviours that lack it are those ways, each tried by name. Nor is
/// `large-integers`: only a case's numbers beyond 2^53 need it, and they are never sent to an
/// engine without it.
package struct LackedCapabilities: Sendable, Hashable {
    /// The capabilities the engine lacks.
    package let capabilities: Set<Capability>

    package init(_ capabilities: Set<Capability>) {
        self.capabilities = capabilities
    }

    /// Whether the engine lacks the capability.
    private func lacks(_ capability: Capability) -> Bool {
        capabilities.contains(capability)
    }

    /// The rules as an engine without the capabilities applies them.
    package func applied(to rules: DeliveryRules) -> DeliveryRules {
        var rules = rules
        if lacks(.timeout) { rules.presenter.checks.removeAll { $0 == .timeout } }
        if lacks(.assets) { rules.presenter.checks.removeAll { $0 == .assets || $0 == .missingImage } }
        if lacks(.orientation) { rules.presenter.checks.removeAll { $0 == .orientation } }
        return rules
    }

    /// The setup as an engine without the capabilities reads it.
    package func reading(_ setup: EngineSetup) -> EngineSetup {
        var setup = setup
        if lacks(.delegate) { setup.configuration.delegate = .absent }
        for index in setup.messages.indices {
            setup.messages[index] = reading(setup.messages[index])
        }
        return setup
    }

    /// The message as an engine without the capabilities reads it.
    private func reading(_ message: InAppMessage) -> InAppMessage {
        var message = message
        if lacks(.delay) { message.delay = .zero }
        if lacks(.reeligibility) { message.reeligibility = nil }
        if lacks(.messageInterval) { message.minimumTriggerInterval = nil }
        if lacks(.campaignWindow) {
            message.start = nil
            message.end = nil
        }
        if lacks(.testSends) { message.isTestSend = false }
        if lacks(.controlMessages) { message.isControl = false }
        if lacks(.assetRedelivery) {
            message.imageOnLaterDeliveries = []
            message.zipOnLaterDeliveries = []
        }
        if lacks(.orientation) { message.orientation = .any }
        message.triggers = message.triggers.compactMap(reading)
        return message
    }

    /// The trigger as an engine without the capabilities reads it: nil for one it cannot fire.
    private func reading(_ trigger: Trigger) -> Trigger? {
        let ignoresFilters = lacks(.propertyFilters)
        switch trigger {
        case .anyPurchase:
            return lacks(.triggerAnyPurchase) ? nil : trigger
        case .specificPurchase(let product, let filters):
            guard !lacks(.triggerPurchase) else { return nil }
            return .specificPurchase(product: product, filters: ignoresFilters ? PropertyFilters() : filters)
        case .sessionStart:
            return lacks(.triggerSessionStart) ? nil : trigger
        case .customEvent(let name, let filters):
            guard !lacks(.triggerCustomEvent) else { return nil }
            return .customEvent(name: name, filters: ignoresFilters ? PropertyFilters() : filters)
        case .pushClick:
            return lacks(.triggerPushClick) ? nil : trigger
        }
    }

    /// The stimulus as an engine without the capabilities receives it: nil for one it is never
    /// sent, which changes nothing. What a stimulus needs is what its description says
    /// (`StimulusKind.capability` and the capability of a chosen word, as `CapabilityNeeds` reads
    /// them), so a new stimulus is honoured here without a line of its own; two are received in
    /// part: a `session_start` with `sync: pending` starts the session at once without
    /// `session-sync`, and a local message is read as the engine reads any message.
    package func received(_ stimulus: Stimulus) -> Stimulus? {
        if case .sessionStarted(syncPending: true) = stimulus, lacks(.sessionSync) {
            return .sessionStarted(syncPending: false)
        }
        let (kind, values) = stimulus.parts
        if let capability = kind.capability, lacks(capability) { return nil }
        for (field, value) in zip(kind.fields, values) {
            guard case .choice(let choice) = field.content, let position = choice.position(of: value.text),
                let capability = choice.options[position].capability
            else { continue }
            if lacks(capability) { return nil }
        }
        if case .localMessagePresented(let message) = stimulus {
            return .localMessagePresented(reading(message))
        }
        return stimulus
    }
}
