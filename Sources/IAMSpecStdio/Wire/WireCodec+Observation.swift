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
        case .dismissed(let message):
            .object(["kind": "dismissed", "message": .string(message)])
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

    /// The observation kinds, in the order `Specs/PROTOCOL.md` lists them.
    static let observationKinds = [
        "displayed", "stacked", "discarded", "rolled_back", "dismissed", "no_matching_trigger", "impression_logged",
        "click_logged", "stack",
    ]

    static func decodeObservation(
        _ value: WireValue,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> Observation {
        let (object, kind) = try value.object(discriminatedBy: "kind")
        if kind.json == "dismissed", version < .v2 {
            throw kind.unknown(among: observationKinds.filter { $0 != "dismissed" })
        }
        switch kind.json {
        case "displayed"?:
            try object.allowOnly("kind", "message", "extras")
            return .displayed(
                try object.messageID("message"),
                extras: try object.optionalField("extras")?.stringMap() ?? [:]
            )
        case "stacked"?:
            try object.allowOnly("kind", "message", "reason")
            return .stacked(try object.messageID("message"), reason: try object.choice("reason", StackReason.self))
        case "discarded"?:
            try object.allowOnly("kind", "message", "reason")
            return .discarded(try object.messageID("message"), reason: try object.choice("reason", DiscardReason.self))
        case "rolled_back"?:
            try object.allowOnly("kind", "message")
            return .rolledBack(try object.messageID("message"))
        case "dismissed"?:
            try object.allowOnly("kind", "message")
            return .dismissed(try object.messageID("message"))
        case "no_matching_trigger"?:
            try object.allowOnly("kind", "event")
            return .noMatchingTrigger(try decodeTriggerEvent(object.field("event")))
        case "impression_logged"?:
            try object.allowOnly("kind", "message")
            return .impressionLogged(try object.messageID("message"))
        case "click_logged"?:
            try object.allowOnly("kind", "message")
            return .clickLogged(try object.messageID("message"))
        case "stack"?:
            try object.allowOnly("kind", "messages")
            var messages: [MessageID] = []
            for element in try object.field("messages").array() {
                messages.append(try element.nonEmptyString())
            }
            return .stack(messages)
        default:
            throw kind.unknown(among: observationKinds)
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

    static func decodeTriggerEvent(_ value: WireValue) throws(WireFormatError) -> TriggerEvent {
        let (object, kind) = try value.object(discriminatedBy: "kind")
        switch kind.json {
        case "session_start"?:
            try object.allowOnly("kind")
            return .sessionStart
        case "custom_event"?:
            try object.allowOnly("kind", "name")
            return .customEvent(name: try object.string("name"))
        case "purchase"?:
            try object.allowOnly("kind", "product")
            return .purchase(product: try object.string("product"))
        case "push_click"?:
            try object.allowOnly("kind", "campaign")
            return .pushClick(campaign: try object.field("campaign").orNull?.string())
        default:
            throw kind.unknown(among: ["session_start", "custom_event", "purchase", "push_click"])
        }
    }
}
