import IAMSpec

extension WireCodec {
    /// A stimulus as `{"kind": STEP, ...}`, named as the case format's step.
    static func encode(_ stimulus: Stimulus) -> JSONValue {
        switch stimulus {
        case .sessionStarted(let syncPending):
            .object(["kind": "session_start", "sync": syncPending ? "pending" : "complete"])
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
                "outcome": succeeded ? "succeeds" : "fails",
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
            .object(["kind": "present_local", "message": encode(message)])
        case .userChanged(let user):
            .object(["kind": "change_user", "user": .string(user)])
        case .stackInspected:
            .object(["kind": "inspect_stack"])
        }
    }

    /// The stimulus kinds, in the order `Specs/PROTOCOL.md` lists them.
    static let stimulusKinds = [
        "session_start", "sync_complete", "session_end", "relaunch", "custom_event", "purchase", "push_click",
        "advance", "background", "foreground", "orientation", "keyboard_shown", "keyboard_hidden", "asset_download",
        "delegate_choice", "dismiss", "click", "display_next", "present_local", "change_user", "inspect_stack",
    ]

    static func decodeStimulus(_ object: WireObject) throws(WireFormatError) -> Stimulus {
        switch try object.string("kind") {
        case "session_start":
            let sync = try object.string("sync")
            guard sync == "complete" || sync == "pending" else {
                throw WireFormatError(
                    path: object.childPath("sync"),
                    problem: "expected \"complete\" or \"pending\", found \"\(sync)\""
                )
            }
            return .sessionStarted(syncPending: sync == "pending")
        case "sync_complete": return .sessionSyncCompleted
        case "session_end": return .sessionEnded
        case "relaunch": return .appRelaunched
        case "custom_event":
            return .customEvent(
                CustomEvent(
                    name: try object.string("name"),
                    properties: try decodeProperties(object, key: "properties"),
                    source: try object.choice("source", EventSource.self)
                )
            )
        case "purchase":
            return .purchase(
                Purchase(
                    product: try object.string("product"),
                    price: try object.number("price"),
                    properties: try decodeProperties(object, key: "properties"),
                    source: try object.choice("source", EventSource.self)
                )
            )
        case "push_click": return .pushClicked(campaign: try object.optionalString("campaign"))
        case "advance": return .timeAdvanced(by: try object.milliseconds("by_ms"))
        case "background": return .appBackgrounded
        case "foreground": return .appForegrounded
        case "orientation": return .deviceRotated(to: try object.choice("orientation", DeviceOrientation.self))
        case "keyboard_shown": return .keyboardShown
        case "keyboard_hidden": return .keyboardHidden
        case "asset_download":
            let outcome = try object.string("outcome")
            guard outcome == "succeeds" || outcome == "fails" else {
                throw WireFormatError(
                    path: object.childPath("outcome"),
                    problem: "expected \"succeeds\" or \"fails\", found \"\(outcome)\""
                )
            }
            return .assetDownloadSettled(message: try object.string("message"), succeeded: outcome == "succeeds")
        case "delegate_choice":
            return .delegateChoiceSet(
                message: try object.string("message"),
                choice: try object.choice("choice", DisplayChoice.self)
            )
        case "dismiss": return .messageDismissed(try object.string("message"))
        case "click": return .messageClicked(try object.string("message"))
        case "display_next": return .displayNextRequested
        case "present_local": return .localMessagePresented(try decodeMessage(try object.object("message")))
        case "change_user": return .userChanged(to: try object.string("user"))
        case "inspect_stack": return .stackInspected
        case let other: throw unknownKind(other, at: object.childPath("kind"), known: stimulusKinds)
        }
    }
}
