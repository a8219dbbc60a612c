import IAMSpec

extension WireCodec {
    /// An observation as `{"kind": NAME, ...}`, named as the case format's pattern.
    static func encode(_ observation: Observation) -> JSONValue {
        switch observation {
        case .displayed(let message, let extras):
            .object([
                "kind": "displayed", "message": .string(message), "extras": .object(extras.mapValues { .string($0) }),
            ])
        case .stacked(let message, let reason):
            .object(["kind": "stacked", "message": .string(message), "reason": .string(reason.rawValue)])
        case .discarded(let message, let reason):
            .object(["kind": "discarded", "message": .string(message), "reason": .string(reason.rawValue)])
        case .rolledBack(let message):
            .object(["kind": "rolled_back", "message": .string(message)])
        case .noMatchingTrigger(let event):
            .object(["kind": "no_matching_trigger", "event": encode(event)])
        case .impressionLogged(let message):
            .object(["kind": "impression_logged", "message": .string(message)])
        case .clickLogged(let message):
            .object(["kind": "click_logged", "message": .string(message)])
        case .stack(let messages):
            .object(["kind": "stack", "messages": .array(messages.map { .string($0) })])
        }
    }

    static func decodeObservation(_ object: WireObject) throws(WireFormatError) -> Observation {
        switch try object.string("kind") {
        case "displayed":
            let extras = object.optionalValue("extras") == nil ? [:] : try object.stringMap("extras")
            return .displayed(try object.string("message"), extras: extras)
        case "stacked":
            return .stacked(try object.string("message"), reason: try object.choice("reason", StackReason.self))
        case "discarded":
            return .discarded(try object.string("message"), reason: try object.choice("reason", DiscardReason.self))
        case "rolled_back": return .rolledBack(try object.string("message"))
        case "no_matching_trigger": return .noMatchingTrigger(try decodeTriggerEvent(try object.object("event")))
        case "impression_logged": return .impressionLogged(try object.string("message"))
        case "click_logged": return .clickLogged(try object.string("message"))
        case "stack":
            var messages: [MessageID] = []
            for element in try object.array("messages") {
                messages.append(try WireObject.string(element.value, path: element.path))
            }
            return .stack(messages)
        case let other:
            throw unknownKind(
                other,
                at: object.childPath("kind"),
                known: [
                    "displayed", "stacked", "discarded", "rolled_back", "no_matching_trigger", "impression_logged",
                    "click_logged", "stack",
                ]
            )
        }
    }

    // MARK: Trigger events

    static func encode(_ event: TriggerEvent) -> JSONValue {
        switch event {
        case .sessionStart: .object(["kind": "session_start"])
        case .customEvent(let name): .object(["kind": "custom_event", "name": .string(name)])
        case .purchase(let product): .object(["kind": "purchase", "product": .string(product)])
        case .pushClick(let campaign):
            .object(["kind": "push_click", "campaign": campaign.map { .string($0) } ?? .null])
        }
    }

    static func decodeTriggerEvent(_ object: WireObject) throws(WireFormatError) -> TriggerEvent {
        switch try object.string("kind") {
        case "session_start": .sessionStart
        case "custom_event": .customEvent(name: try object.string("name"))
        case "purchase": .purchase(product: try object.string("product"))
        case "push_click": .pushClick(campaign: try object.optionalString("campaign"))
        case let other:
            throw unknownKind(
                other,
                at: object.childPath("kind"),
                known: ["session_start", "custom_event", "purchase", "push_click"]
            )
        }
    }
}
