import IAMSpec

extension CaseDecoder {
    static let stepNames = KeySet([
        "session_start", "sync_complete", "session_end", "relaunch", "custom_event", "purchase", "push_click",
        "push_open", "advance", "background", "foreground", "orientation", "keyboard_shown", "keyboard_hidden",
        "asset_download", "delegate_choice", "dismiss", "click", "display_next", "present_local", "change_user",
        "expect",
    ])
    static let sessionStartKeys = KeySet(["sync"])
    static let customEventKeys = KeySet(["name", "properties", "source"])
    static let purchaseKeys = KeySet(["product", "price", "properties", "source"])
    static let assetDownloadKeys = KeySet(["message", "outcome"])
    static let delegateChoiceKeys = KeySet(["message", "choice"])
    /// ``bareStimulus(named:)`` of each of ``stepNames``, in their order.
    static let bareStimuli = stepNames.names.map { bareStimulus(named: $0) }
    /// The stimulus a step that takes nothing sends; nil for a step that takes a value.
    static func bareStimulus(named name: String) -> Stimulus? {
        switch name {
        case "sync_complete": .sessionSyncCompleted
        case "session_end": .sessionEnded
        case "relaunch": .appRelaunched
        case "background": .appBackgrounded
        case "foreground": .appForegrounded
        case "keyboard_shown": .keyboardShown
        case "keyboard_hidden": .keyboardHidden
        case "display_next": .displayNextRequested
        default: nil
        }
    }

    /// `steps`: a non-empty list with at least one `expect`.
    mutating func decodeSteps(_ node: YAMLNode) -> [Step]? {
        guard let items = reader.list(node, for: "'steps'", nonEmpty: true) else { return nil }
        var steps: [Step] = []
        steps.reserveCapacity(items.count)
        for item in items { if let step = step(item) { steps.append(step) } }
        if !scope.hasExpectation {
            reader.report("expected at least one 'expect' step in 'steps', found none", at: node)
        }
        return steps.count == items.count ? steps : nil
    }

    private mutating func step(_ node: YAMLNode) -> Step? {
        guard let form = oneKeyForm(node, of: "step", names: Self.stepNames) else { return nil }
        let action: Step.Action?
        if let stimulus = Self.bareStimuli[form.position] {
            action = noArgument(form) ? .stimulus(stimulus) : nil
        } else if form.name == "expect" {
            scope.hasExpectation = true
            action = needArgument(form, written: "expect: EXPECTATION").flatMap { expectation($0) }.map {
                .expectation($0)
            }
        } else {
            action = stimulus(form, step: node).map { .stimulus($0) }
        }
        return action.map { Step($0, location: reader.location(of: node)) }
    }

    /// The stimulus of a step that is not bare and not `expect`.
    private mutating func stimulus(_ form: OneKeyForm, step node: YAMLNode) -> Stimulus? {
        switch form.name {
        case "session_start": return sessionStart(form.argument)
        case "push_click":
            guard let argument = form.argument else { return .pushClicked(campaign: nil) }
            return campaign(argument, for: "'push_click'").map { .pushClicked(campaign: $0) }
        case "push_open":
            guard let argument = form.argument else { return .appOpenedFromPush(campaign: nil) }
            return campaign(argument, for: "'push_open'").map { .appOpenedFromPush(campaign: $0) }
        default: break
        }
        guard let argument = needArgument(form, written: Self.writtenForms[form.name] ?? form.name) else { return nil }
        switch form.name {
        case "custom_event": return customEvent(argument).map { .customEvent($0) }
        case "purchase": return purchase(argument).map { .purchase($0) }
        case "advance":
            return reader.seconds(argument, for: "'advance'", range: .positive).map { .timeAdvanced(by: $0) }
        case "orientation":
            let orientation: DeviceOrientation? = reader.choice(argument, for: "'orientation'")
            return orientation.map { .deviceRotated(to: $0) }
        case "asset_download":
            return assetDownload(argument)
        case "delegate_choice":
            return delegateChoice(argument, step: node)
        case "dismiss": return messageReference(argument, for: "'dismiss'").map { .messageDismissed($0) }
        case "click": return messageReference(argument, for: "'click'").map { .messageClicked($0) }
        case "present_local":
            if let idNode = argument.mapping?["id"], let id = idNode.scalar?.text {
                if let delivered = scope.deliveredMessageMark(of: id) {
                    reader.report(
                        "duplicate message id '\(id)': 'present_local' reuses the id of a message of 'given.messages' "
                            + "(line \(delivered.line), column \(delivered.column)); expected an id unique within the case",
                        at: idNode
                    )
                }
                scope.define(message: id)
            }
            return message(argument, isLocal: true).map { .localMessagePresented($0) }
        default: return reader.string(argument, for: "'change_user'").map { .userChanged(to: $0) }
        }
    }

    /// How each step that needs a value is written, for "needs a value" diagnostics.
    static let writtenForms = [
        "custom_event": "custom_event: NAME", "purchase": "purchase: PRODUCT", "advance": "advance: SECONDS",
        "orientation": "orientation: portrait | landscape",
        "asset_download": "asset_download: {message: ID, outcome: succeeds | fails}",
        "delegate_choice": "delegate_choice: {message: ID, choice: now | later | discard | rollback}",
        "dismiss": "dismiss: ID", "click": "click: ID", "present_local": "present_local: MESSAGE",
        "change_user": "change_user: USER",
    ]

    private mutating func sessionStart(_ argument: YAMLNode?) -> Stimulus? {
        guard let argument else { return .sessionStarted(syncPending: false) }
        guard let mapping = reader.mapping(argument, for: "'session_start'") else { return nil }
        reader.checkKeys(mapping, Self.sessionStartKeys, in: "'session_start'")
        guard let value = mapping["sync"] else { return .sessionStarted(syncPending: false) }
        guard let sync: SessionSync = reader.choice(value, for: "'sync'") else { return nil }
        return .sessionStarted(syncPending: sync == .pending)
    }

    private mutating func customEvent(_ node: YAMLNode) -> CustomEvent? {
        guard let mapping = node.mapping else {
            return reader.string(node, for: "'custom_event'").map { CustomEvent(name: $0) }
        }
        reader.checkKeys(mapping, Self.customEventKeys, in: "a custom event")
        let name = reader.required("name", of: mapping, in: "a custom event", at: node).flatMap {
            reader.string($0, for: "'name'")
        }
        let properties: [String: PropertyValue]? = mapping["properties"].map { decodeProperties($0) } ?? [:]
        let source: EventSource? = mapping["source"].map { reader.choice($0, for: "'source'") } ?? .sdk
        guard let name, let properties, let source else { return nil }
        return CustomEvent(name: name, properties: properties, source: source)
    }

    private mutating func purchase(_ node: YAMLNode) -> Purchase? {
        guard let mapping = node.mapping else {
            return reader.string(node, for: "'purchase'").map { Purchase(product: $0) }
        }
        reader.checkKeys(mapping, Self.purchaseKeys, in: "a purchase")
        let product = reader.required("product", of: mapping, in: "a purchase", at: node).flatMap {
            reader.string($0, for: "'product'")
        }
        let price: Double? = mapping["price"].map { reader.number($0, for: "'price'") } ?? 0
        let properties: [String: PropertyValue]? = mapping["properties"].map { decodeProperties($0) } ?? [:]
        let source: EventSource? = mapping["source"].map { reader.choice($0, for: "'source'") } ?? .sdk
        guard let product, let price, let properties, let source else { return nil }
        return Purchase(product: product, price: price, properties: properties, source: source)
    }

    private mutating func assetDownload(_ node: YAMLNode) -> Stimulus? {
        guard let mapping = reader.mapping(node, for: "'asset_download'") else { return nil }
        reader.checkKeys(mapping, Self.assetDownloadKeys, in: "'asset_download'")
        let message = reader.required("message", of: mapping, in: "'asset_download'", at: node).flatMap {
            messageReference($0, for: "'message'")
        }
        let outcome: DownloadOutcome? = reader.required("outcome", of: mapping, in: "'asset_download'", at: node)
            .flatMap { reader.choice($0, for: "'outcome'") }
        guard let message, let outcome else { return nil }
        return .assetDownloadSettled(message: message, succeeded: outcome == .succeeds)
    }

    private mutating func delegateChoice(_ node: YAMLNode, step: YAMLNode) -> Stimulus? {
        if scope.delegate != .implemented {
            reader.report(
                "'delegate_choice' needs the display delegate; expected 'delegate: implemented' in 'given.config', "
                    + "found delegate \(scope.delegate.rawValue)",
                at: step
            )
        }
        guard let mapping = reader.mapping(node, for: "'delegate_choice'") else { return nil }
        reader.checkKeys(mapping, Self.delegateChoiceKeys, in: "'delegate_choice'")
        let message = reader.required("message", of: mapping, in: "'delegate_choice'", at: node).flatMap {
            messageReference($0, for: "'message'")
        }
        let choiceNode = reader.required("choice", of: mapping, in: "'delegate_choice'", at: node)
        let choice: DisplayChoice? = choiceNode.flatMap { reader.choice($0, for: "'choice'") }
        if choice == .rollback, scope.holdsForBrazeSwift, let choiceNode {
            reader.report(
                "choice 'rollback' exists only in the appboy-legacy SDK, but the case holds for braze-swift; "
                    + "expected 'profiles: [appboy-legacy]'",
                at: choiceNode
            )
        }
        guard let message, let choice else { return nil }
        return .delegateChoiceSet(message: message, choice: choice)
    }

    /// A message id that `given.messages` or an earlier `present_local` defines.
    mutating func messageReference(_ node: YAMLNode, for subject: @autoclosure () -> String) -> MessageID? {
        guard let id = reader.string(node, for: subject()) else { return nil }
        guard scope.defines(message: id) else {
            let known = scope.messageIDs.isEmpty ? "none" : scope.messageIDs.joined(separator: ", ")
            let hint = Suggestion.hint(for: id, among: scope.messageIDs)
            reader.report(
                "unknown message '\(id)' in \(subject()); expected a message of 'given.messages' or an earlier "
                    + "'present_local' (\(known))\(hint)",
                at: node
            )
            return nil
        }
        return id
    }
}

/// The values of `session_start`'s `sync`.
enum SessionSync: String, CaseIterable {
    case complete
    case pending
}

/// The outcomes an `asset_download` step may settle a download with.
enum DownloadOutcome: String, CaseIterable {
    case succeeds
    case fails
}
