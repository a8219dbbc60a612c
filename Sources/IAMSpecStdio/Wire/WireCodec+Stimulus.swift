import IAMSpec

extension WireCodec {
    /// A stimulus as `{"kind": STEP, ...}`, named as the case format's step.
    static func encode(_ stimulus: Stimulus, version: ProtocolVersion = .latest) -> JSONValue {
        switch stimulus {
        case .sessionStarted(let syncPending):
            .object(["kind": "session_start", "sync": .string((syncPending ? SyncState.pending : .complete).rawValue)])
        case .sessionSyncCompleted:
            .object(["kind": "sync_complete"])
        case .sessionEnded:
            .object(["kind": "session_end"])
        case .appRelaunched:
            .object(["kind": "relaunch"])
        case .customEvent(let event):
            .object([
                "kind": "custom_event",
                "name": .string(event.name),
                "properties": encode(properties: event.properties),
                "source": .string(event.source.rawValue),
            ])
        case .purchase(let purchase):
            .object([
                "kind": "purchase",
                "product": .string(purchase.product),
                "price": encodeNumber(purchase.price),
                "properties": encode(properties: purchase.properties),
                "source": .string(purchase.source.rawValue),
            ])
        case .pushClicked(let campaign):
            .object(["kind": "push_click", "campaign": campaign.map { .string($0) } ?? .null])
        case .appOpenedFromPush(let campaign):
            .object(["kind": "push_open", "campaign": campaign.map { .string($0) } ?? .null])
        case .timeAdvanced(let span):
            .object(["kind": "advance", "by_ms": .integer(span.milliseconds)])
        case .appBackgrounded:
            .object(["kind": "background"])
        case .appForegrounded:
            .object(["kind": "foreground"])
        case .deviceRotated(let orientation):
            .object(["kind": "orientation", "orientation": .string(orientation.rawValue)])
        case .keyboardShown:
            .object(["kind": "keyboard_shown"])
        case .keyboardHidden:
            .object(["kind": "keyboard_hidden"])
        case .assetDownloadSettled(let message, let succeeded):
            .object([
                "kind": "asset_download", "message": .string(message),
                "outcome": .string((succeeded ? DownloadOutcome.succeeds : .fails).rawValue),
            ])
        case .delegateChoiceSet(let message, let choice):
            .object(["kind": "delegate_choice", "message": .string(message), "choice": .string(choice.rawValue)])
        case .messageDismissed(let message):
            .object(["kind": "dismiss", "message": .string(message)])
        case .messageClicked(let message):
            .object(["kind": "click", "message": .string(message)])
        case .displayNextRequested:
            .object(["kind": "display_next"])
        case .localMessagePresented(let message):
            .object(["kind": "present_local", "message": encode(message, version: version)])
        case .userChanged(let user):
            .object(["kind": "change_user", "user": .string(user)])
        case .stackInspected:
            .object(["kind": "inspect_stack"])
        }
    }

    /// The stimulus kinds, in the order `Specs/PROTOCOL.md` lists them.
    static let stimulusKinds = [
        "session_start", "sync_complete", "session_end", "relaunch", "custom_event", "purchase", "push_click",
        "push_open", "advance", "background", "foreground", "orientation", "keyboard_shown", "keyboard_hidden",
        "asset_download",
        "delegate_choice", "dismiss", "click", "display_next", "present_local", "change_user", "inspect_stack",
    ]

    static func decodeStimulus(
        _ value: WireValue,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> Stimulus {
        let (object, kind) = try value.object(discriminatedBy: "kind")
        if kind.json == "push_open", version < .v2 {
            throw kind.unknown(among: stimulusKinds.filter { $0 != "push_open" })
        }
        switch kind.json {
        case "session_start"?:
            try object.allowOnly("kind", "sync")
            return .sessionStarted(syncPending: try object.choice("sync", SyncState.self) == .pending)
        case "sync_complete"?:
            try object.allowOnly("kind")
            return .sessionSyncCompleted
        case "session_end"?:
            try object.allowOnly("kind")
            return .sessionEnded
        case "relaunch"?:
            try object.allowOnly("kind")
            return .appRelaunched
        case "custom_event"?:
            try object.allowOnly("kind", "name", "properties", "source")
            return .customEvent(
                CustomEvent(
                    name: try object.string("name"),
                    properties: try decodeProperties(object.field("properties")),
                    source: try object.choice("source", EventSource.self)
                )
            )
        case "purchase"?:
            try object.allowOnly("kind", "product", "price", "properties", "source")
            return .purchase(
                Purchase(
                    product: try object.string("product"),
                    price: try object.field("price").number(),
                    properties: try decodeProperties(object.field("properties")),
                    source: try object.choice("source", EventSource.self)
                )
            )
        case "push_click"?:
            try object.allowOnly("kind", "campaign")
            return .pushClicked(campaign: try object.field("campaign").orNull?.string())
        case "push_open"?:
            try object.allowOnly("kind", "campaign")
            return .appOpenedFromPush(campaign: try object.field("campaign").orNull?.string())
        case "advance"?:
            try object.allowOnly("kind", "by_ms")
            return .timeAdvanced(by: VirtualTime(milliseconds: try object.field("by_ms").integer(atLeast: 1)))
        case "background"?:
            try object.allowOnly("kind")
            return .appBackgrounded
        case "foreground"?:
            try object.allowOnly("kind")
            return .appForegrounded
        case "orientation"?:
            try object.allowOnly("kind", "orientation")
            return .deviceRotated(to: try object.choice("orientation", DeviceOrientation.self))
        case "keyboard_shown"?:
            try object.allowOnly("kind")
            return .keyboardShown
        case "keyboard_hidden"?:
            try object.allowOnly("kind")
            return .keyboardHidden
        case "asset_download"?:
            try object.allowOnly("kind", "message", "outcome")
            return .assetDownloadSettled(
                message: try object.messageID("message"),
                succeeded: try object.choice("outcome", DownloadOutcome.self) == .succeeds
            )
        case "delegate_choice"?:
            try object.allowOnly("kind", "message", "choice")
            return .delegateChoiceSet(
                message: try object.messageID("message"),
                choice: try object.choice("choice", DisplayChoice.self)
            )
        case "dismiss"?:
            try object.allowOnly("kind", "message")
            return .messageDismissed(try object.messageID("message"))
        case "click"?:
            try object.allowOnly("kind", "message")
            return .messageClicked(try object.messageID("message"))
        case "display_next"?:
            try object.allowOnly("kind")
            return .displayNextRequested
        case "present_local"?:
            try object.allowOnly("kind", "message")
            return .localMessagePresented(try decodeMessage(object.field("message"), version: version))
        case "change_user"?:
            try object.allowOnly("kind", "user")
            return .userChanged(to: try object.string("user"))
        case "inspect_stack"?:
            try object.allowOnly("kind")
            return .stackInspected
        default:
            throw kind.unknown(among: stimulusKinds)
        }
    }

    /// `session_start`'s `sync`.
    private enum SyncState: String, CaseIterable {
        case complete, pending
    }

    /// `asset_download`'s `outcome`.
    private enum DownloadOutcome: String, CaseIterable {
        case succeeds, fails
    }
}
