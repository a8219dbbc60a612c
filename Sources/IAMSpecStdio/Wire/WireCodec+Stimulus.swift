import IAMSpec

extension WireCodec {
    /// A stimulus as `{"kind": STEP, ...}`, named as the case format's step.
    static func write(_ stimulus: Stimulus, version: ProtocolVersion = .latest, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.fixedString(kind(of: stimulus))
        switch stimulus {
        case .sessionStarted(let syncPending):
            writer.key("sync")
            writer.string((syncPending ? SyncState.pending : .complete).rawValue)
        case .customEvent(let event):
            writer.key("name")
            writer.string(event.name)
            writer.key("properties")
            write(properties: event.properties, to: &writer)
            writer.key("source")
            writer.string(event.source.rawValue)
        case .purchase(let purchase):
            writer.key("price")
            writeNumber(purchase.price, to: &writer)
            writer.key("product")
            writer.string(purchase.product)
            writer.key("properties")
            write(properties: purchase.properties, to: &writer)
            writer.key("source")
            writer.string(purchase.source.rawValue)
        case .pushClicked(let campaign), .appOpenedFromPush(let campaign):
            writer.key("campaign")
            writer.string(orNull: campaign)
        case .timeAdvanced(let span):
            writer.key("by_ms")
            writer.integer(span.milliseconds)
        case .deviceRotated(let orientation):
            writer.key("orientation")
            writer.string(orientation.rawValue)
        case .assetDownloadSettled(let message, let succeeded):
            writer.key("message")
            writer.string(message)
            writer.key("outcome")
            writer.string((succeeded ? DownloadOutcome.succeeds : .fails).rawValue)
        case .delegateChoiceSet(let message, let choice):
            writer.key("choice")
            writer.string(choice.rawValue)
            writer.key("message")
            writer.string(message)
        case .messageDismissed(let message), .messageClicked(let message):
            writer.key("message")
            writer.string(message)
        case .localMessagePresented(let message):
            writer.key("message")
            write(message, version: version, to: &writer)
        case .userChanged(let user):
            writer.key("user")
            writer.string(user)
        case .sessionSyncCompleted, .sessionEnded, .appRelaunched, .appBackgrounded, .appForegrounded,
            .keyboardShown, .keyboardHidden, .displayNextRequested, .stackInspected:
            break
        }
        writer.endObject()
    }

    /// The stimulus's `kind`, named as the case format's step.
    static func kind(of stimulus: Stimulus) -> StaticString {
        switch stimulus {
        case .sessionStarted: "session_start"
        case .sessionSyncCompleted: "sync_complete"
        case .sessionEnded: "session_end"
        case .appRelaunched: "relaunch"
        case .customEvent: "custom_event"
        case .purchase: "purchase"
        case .pushClicked: "push_click"
        case .appOpenedFromPush: "push_open"
        case .timeAdvanced: "advance"
        case .appBackgrounded: "background"
        case .appForegrounded: "foreground"
        case .deviceRotated: "orientation"
        case .keyboardShown: "keyboard_shown"
        case .keyboardHidden: "keyboard_hidden"
        case .assetDownloadSettled: "asset_download"
        case .delegateChoiceSet: "delegate_choice"
        case .messageDismissed: "dismiss"
        case .messageClicked: "click"
        case .displayNextRequested: "display_next"
        case .localMessagePresented: "present_local"
        case .userChanged: "change_user"
        case .stackInspected: "inspect_stack"
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
