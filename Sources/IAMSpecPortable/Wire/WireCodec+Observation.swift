import IAMSpec

extension WireCodec {
    /// An observation as `{"kind": NAME, ...}`, named as the case format's pattern.
    package static func write(_ observation: Observation, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.fixedString(observation.kind.name)
        switch observation {
        case .displayed(let message, let extras):
            writer.key("extras")
            writer.map(extras) { writer, value in writer.string(value) }
            writeMessage(message, to: &writer)
        case .stacked(let message, let reason):
            writeMessage(message, to: &writer)
            writer.field("reason", string: reason.rawValue)
        case .discarded(let message, let reason):
            writeMessage(message, to: &writer)
            writer.field("reason", string: reason.rawValue)
        case .rolledBack(let message), .dismissed(let message), .impressionLogged(let message),
            .clickLogged(let message):
            writeMessage(message, to: &writer)
        case .noMatchingTrigger(let event):
            writer.key("event")
            write(event, to: &writer)
        case .stack(let messages):
            writer.key("messages")
            writer.beginArray()
            for message in messages { writer.string(message) }
            writer.endArray()
        }
        writer.endObject()
    }

    /// `"message": ID`.
    private static func writeMessage(_ message: MessageID, to writer: inout JSONLineWriter) {
        writer.field("message", string: message)
    }

    /// The observation kinds, in the order `Specs/PROTOCOL.md` lists them.
    package static let observationKinds = ObservationKind.allCases.map(\.nameText)

    package static func decodeObservation(
        _ value: WireValue,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> Observation {
        let (object, kind) = try value.object(discriminatedBy: "kind")
        if kind.json == "dismissed", version < .v2 {
            throw kind.unknown(among: observationKinds.filter { $0 != "dismissed" })
        }
        guard case .string(let name)? = kind.json, let position = observationKinds.firstIndex(of: name) else {
            throw kind.unknown(among: observationKinds)
        }
        let observationKind = ObservationKind.allCases[position]
        switch observationKind {
        case .displayed:
            try object.allowOnly("kind", "message", "extras")
            return .displayed(
                try object.messageID("message"),
                extras: try object.optionalField("extras")?.stringMap() ?? [:]
            )
        case .stacked:
            try object.allowOnly("kind", "message", "reason")
            return .stacked(try object.messageID("message"), reason: try object.choice("reason", StackReason.self))
        case .discarded:
            try object.allowOnly("kind", "message", "reason")
            return .discarded(try object.messageID("message"), reason: try object.choice("reason", DiscardReason.self))
        case .rolledBack: return try messageAlone(object, Observation.rolledBack)
        case .dismissed: return try messageAlone(object, Observation.dismissed)
        case .noMatchingTrigger:
            try object.allowOnly("kind", "event")
            return .noMatchingTrigger(try decodeTriggerEvent(object.field("event")))
        case .impressionLogged: return try messageAlone(object, Observation.impressionLogged)
        case .clickLogged: return try messageAlone(object, Observation.clickLogged)
        case .stack:
            try object.allowOnly("kind", "messages")
            var messages: [MessageID] = []
            for element in try object.field("messages").array() {
                messages.append(try element.nonEmptyString())
            }
            return .stack(messages)
        }
    }

    /// An observation of a kind that carries its message alone, `{"kind": ..., "message": ID}`,
    /// made by `observation` (the kind's case).
    private static func messageAlone(
        _ object: WireObject,
        _ observation: (MessageID) -> Observation
    ) throws(WireFormatError) -> Observation {
        try object.allowOnly("kind", "message")
        return observation(try object.messageID("message"))
    }

    // MARK: Trigger events

    package static func write(_ event: TriggerEvent, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("kind")
        switch event {
        case .sessionStart:
            writer.fixedString("session_start")
        case .customEvent(let name):
            writer.fixedString("custom_event")
            writer.field("name", string: name)
        case .purchase(let product):
            writer.fixedString("purchase")
            writer.field("product", string: product)
        case .pushClick(let campaign):
            writer.fixedString("push_click")
            writer.key("campaign")
            writer.string(orNull: campaign)
        }
        writer.endObject()
    }

    package static func decodeTriggerEvent(_ value: WireValue) throws(WireFormatError) -> TriggerEvent {
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
