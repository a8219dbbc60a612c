import IAMSpec

extension WireCodec {
    // MARK: Configuration

    package static func write(_ configuration: EngineConfiguration, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("delegate", string: configuration.delegate.rawValue)
        writer.field("device", string: configuration.device.rawValue)
        writer.field("minimum_trigger_interval_ms", integer: configuration.minimumTriggerInterval.milliseconds)
        writer.field("orientation", string: configuration.orientation.rawValue)
        writer.endObject()
    }

    package static func decodeConfiguration(_ value: WireValue) throws(WireFormatError) -> EngineConfiguration {
        let object = try value.object()
        try object.allowOnly("minimum_trigger_interval_ms", "device", "orientation", "delegate")
        return EngineConfiguration(
            minimumTriggerInterval: try object.milliseconds("minimum_trigger_interval_ms"),
            device: try object.choice("device", DeviceKind.self),
            orientation: try object.choice("orientation", DeviceOrientation.self),
            delegate: try object.choice("delegate", DelegatePresence.self)
        )
    }

    // MARK: Messages

    /// A message as `version` writes it: every key it defines, always (protocol 2's
    /// ``campaignSettingKeys`` among them, in their places in the canonical order).
    package static func write(
        _ message: InAppMessage,
        version: ProtocolVersion = .latest,
        to writer: inout JSONLineWriter
    ) {
        let settings = version.carriesCampaignSettings
        writer.beginObject()
        writer.field("type", string: message.type.rawValue)
        if settings {
            writer.key("control")
            writer.boolean(message.isControl)
        }
        writer.field("delay_ms", integer: message.delay.milliseconds)
        if settings {
            writer.key("end_ms")
            writer.integer(orNull: message.end?.milliseconds)
        }
        writer.key("extras")
        writer.map(message.extras) { writer, value in writer.string(value) }
        writer.field("id", string: message.id)
        writer.key("image")
        writer.string(orNull: message.image?.rawValue)
        if settings {
            writer.key("image_later_deliveries")
            writeOutcomes(message.imageOnLaterDeliveries, to: &writer)
            writer.key("minimum_trigger_interval_ms")
            writer.integer(orNull: message.minimumTriggerInterval?.milliseconds)
        }
        writer.field("orientation", string: message.orientation.rawValue)
        writer.key("priority")
        writeNumber(message.priority, to: &writer)
        writer.key("reeligibility_ms")
        writer.integer(orNull: message.reeligibility?.milliseconds)
        if settings {
            writer.key("start_ms")
            writer.integer(orNull: message.start?.milliseconds)
        }
        writer.key("test_send")
        writer.boolean(message.isTestSend)
        writer.key("timeout_ms")
        writer.integer(orNull: message.timeout?.milliseconds)
        writer.key("triggers")
        writer.beginArray()
        for trigger in message.triggers { write(trigger, to: &writer) }
        writer.endArray()
        writer.key("zip")
        writer.string(orNull: message.zip?.rawValue)
        if settings {
            writer.key("zip_later_deliveries")
            writeOutcomes(message.zipOnLaterDeliveries, to: &writer)
        }
        writer.endObject()
    }

    private static func writeOutcomes(_ outcomes: [AssetOutcome], to writer: inout JSONLineWriter) {
        writer.beginArray()
        for outcome in outcomes { writer.string(outcome.rawValue) }
        writer.endArray()
    }

    /// The keys of a message in protocol 1.
    private static let messageKeys = [
        "id", "type", "priority", "triggers", "orientation", "image", "zip", "extras", "delay_ms", "timeout_ms",
        "reeligibility_ms", "test_send",
    ]

    /// The keys of a message in protocol 2.
    private static let messageKeysSinceV2 = messageKeys + campaignSettingKeys

    package static func decodeMessage(
        _ value: WireValue,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> InAppMessage {
        let object = try value.object()
        try object.allowOnly(version.carriesCampaignSettings ? messageKeysSinceV2 : messageKeys)
        var triggers: [Trigger] = []
        for element in try object.field("triggers").array() {
            triggers.append(try decodeTrigger(element))
        }
        // Read in the order their errors are reported; the campaign settings last.
        let id = try object.messageID("id")
        let type = try object.choice("type", MessageType.self)
        let priority = try object.field("priority").number()
        let orientation = try object.choice("orientation", OrientationRequirement.self)
        let image = try object.field("image").orNull?.choice(AssetOutcome.self)
        let zip = try object.field("zip").orNull?.choice(AssetOutcome.self)
        let extras = try object.field("extras").stringMap()
        let delay = try object.milliseconds("delay_ms")
        let timeout = try object.field("timeout_ms").orNull?.milliseconds()
        let reeligibility = try object.field("reeligibility_ms").orNull?.milliseconds()
        let isTestSend = try object.field("test_send").boolean()
        let settings = version.carriesCampaignSettings ? try decodeCampaignSettings(object) : CampaignSettings()
        return InAppMessage(
            id: id,
            type: type,
            priority: priority,
            triggers: triggers,
            orientation: orientation,
            image: image,
            zip: zip,
            extras: extras,
            delay: delay,
            timeout: timeout,
            reeligibility: reeligibility,
            isTestSend: isTestSend,
            minimumTriggerInterval: settings.minimumTriggerInterval,
            start: settings.start,
            end: settings.end,
            isControl: settings.isControl,
            imageOnLaterDeliveries: settings.imageOnLaterDeliveries,
            zipOnLaterDeliveries: settings.zipOnLaterDeliveries
        )
    }

    // MARK: Triggers

    package static func write(_ trigger: Trigger, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("kind")
        switch trigger {
        case .sessionStart:
            writer.fixedString("session_start")
        case .anyPurchase:
            writer.fixedString("any_purchase")
        case .specificPurchase(let product, let filters):
            writer.fixedString("purchase")
            writeFiltered(filters, then: "product", product, to: &writer)
        case .customEvent(let name, let filters):
            writer.fixedString("custom_event")
            writeFiltered(filters, then: "name", name, to: &writer)
        case .pushClick(let campaign):
            writer.fixedString("push_click")
            writer.key("campaign")
            writer.string(orNull: campaign)
        }
        writer.endObject()
    }

    /// A trigger's `"filters"` and the key that names what it matches (`"name"`, `"product"`),
    /// in that order: the keys' byte order.
    private static func writeFiltered(
        _ filters: PropertyFilters,
        then key: StaticString,
        _ name: String,
        to writer: inout JSONLineWriter
    ) {
        writer.key("filters")
        write(filters, to: &writer)
        writer.key(key)
        writer.string(name)
    }

    package static func decodeTrigger(_ value: WireValue) throws(WireFormatError) -> Trigger {
        let (object, kind) = try value.object(discriminatedBy: "kind")
        switch kind.json {
        case "session_start"?:
            try object.allowOnly("kind")
            return .sessionStart
        case "any_purchase"?:
            try object.allowOnly("kind")
            return .anyPurchase
        case "purchase"?:
            try object.allowOnly("kind", "product", "filters")
            return .specificPurchase(
                product: try object.string("product"),
                filters: try decodeFilters(object.field("filters"))
            )
        case "custom_event"?:
            try object.allowOnly("kind", "name", "filters")
            return .customEvent(name: try object.string("name"), filters: try decodeFilters(object.field("filters")))
        case "push_click"?:
            try object.allowOnly("kind", "campaign")
            return .pushClick(campaign: try object.field("campaign").orNull?.string())
        default:
            throw kind.unknown(among: ["session_start", "any_purchase", "purchase", "custom_event", "push_click"])
        }
    }

    // MARK: Property filters

    /// Filters as a list of OR-groups, each a list of conditions: `[[c1, c2], [c3]]` is
    /// `(c1 or c2) and c3`.
    package static func write(_ filters: PropertyFilters, to writer: inout JSONLineWriter) {
        writer.beginArray()
        for group in filters.groups {
            writer.beginArray()
            for condition in group { write(condition, to: &writer) }
            writer.endArray()
        }
        writer.endArray()
    }

    package static func decodeFilters(_ value: WireValue) throws(WireFormatError) -> PropertyFilters {
        var groups: [[PropertyCondition]] = []
        for group in try value.array() {
            var conditions: [PropertyCondition] = []
            for condition in try group.array() {
                conditions.append(try decodeCondition(condition))
            }
            groups.append(conditions)
        }
        return PropertyFilters(groups: groups)
    }

    /// `{"operator": NAME, "property": NAME}` and the operand its operator needs (`span_ms` or `value`).
    package static func write(_ condition: PropertyCondition, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("operator")
        writer.fixedString(operatorName(condition.comparison))
        writer.field("property", string: condition.property)
        switch condition.comparison {
        case .equals(let value), .notEquals(let value):
            writer.key("value")
            write(value, to: &writer)
        case .greaterThan(let number), .lessThan(let number), .atLeast(let number), .atMost(let number):
            writer.key("value")
            writeNumber(number, to: &writer)
        case .matches(let regex), .doesNotMatch(let regex):
            writer.field("value", string: regex)
        case .exists, .doesNotExist:
            break
        case .withinLast(let span), .moreThanAgo(let span), .lessThanInFuture(let span), .moreThanInFuture(let span):
            writer.field("span_ms", integer: span.milliseconds)
        }
        writer.endObject()
    }

    private static func operatorName(_ comparison: PropertyComparison) -> StaticString {
        switch comparison {
        case .equals: "equals"
        case .notEquals: "not_equals"
        case .greaterThan: "greater_than"
        case .lessThan: "less_than"
        case .atLeast: "at_least"
        case .atMost: "at_most"
        case .matches: "matches"
        case .doesNotMatch: "does_not_match"
        case .exists: "exists"
        case .doesNotExist: "does_not_exist"
        case .withinLast: "within_last"
        case .moreThanAgo: "more_than_ago"
        case .lessThanInFuture: "less_than_in_future"
        case .moreThanInFuture: "more_than_in_future"
        }
    }

    /// The operators, in the order `Specs/PROTOCOL.md` lists them.
    package static let operators = [
        "equals", "not_equals", "greater_than", "less_than", "at_least", "at_most", "matches", "does_not_match",
        "exists", "does_not_exist", "within_last", "more_than_ago", "less_than_in_future", "more_than_in_future",
    ]

    package static func decodeCondition(_ value: WireValue) throws(WireFormatError) -> PropertyCondition {
        let (object, name) = try value.object(discriminatedBy: "operator")
        /// The operand `key`, the one key a condition has besides `property` and `operator`.
        func operand(_ key: String) throws(WireFormatError) -> WireValue {
            try object.allowOnly("property", "operator", key)
            return object.field(key)
        }
        let comparison: PropertyComparison
        switch name.json {
        case "equals"?: comparison = .equals(try decodePropertyValue(try operand("value")))
        case "not_equals"?: comparison = .notEquals(try decodePropertyValue(try operand("value")))
        case "greater_than"?: comparison = .greaterThan(try operand("value").number())
        case "less_than"?: comparison = .lessThan(try operand("value").number())
        case "at_least"?: comparison = .atLeast(try operand("value").number())
        case "at_most"?: comparison = .atMost(try operand("value").number())
        case "matches"?: comparison = .matches(regex: try operand("value").string())
        case "does_not_match"?: comparison = .doesNotMatch(regex: try operand("value").string())
        case "exists"?, "does_not_exist"?:
            try object.allowOnly("property", "operator")
            comparison = name.json == "exists" ? .exists : .doesNotExist
        case "within_last"?: comparison = .withinLast(try operand("span_ms").milliseconds())
        case "more_than_ago"?: comparison = .moreThanAgo(try operand("span_ms").milliseconds())
        case "less_than_in_future"?: comparison = .lessThanInFuture(try operand("span_ms").milliseconds())
        case "more_than_in_future"?: comparison = .moreThanInFuture(try operand("span_ms").milliseconds())
        default: throw name.unknown(among: operators)
        }
        return PropertyCondition(property: try object.string("property"), comparison: comparison)
    }

    // MARK: Property values

    /// A string, integer, real or boolean as the JSON scalar (a real always with a fraction or
    /// exponent), and a time as `{"time_ms": N}`.
    package static func write(_ value: PropertyValue, to writer: inout JSONLineWriter) {
        switch value {
        case .string(let text): writer.string(text)
        case .integer(let integer): writer.integer(integer)
        case .real(let real): writer.real(real)
        case .boolean(let flag): writer.boolean(flag)
        case .time(let time):
            writer.beginObject()
            writer.field("time_ms", integer: time.milliseconds)
            writer.endObject()
        }
    }

    package static func decodePropertyValue(_ value: WireValue) throws(WireFormatError) -> PropertyValue {
        switch value.json {
        case .string(let text)?: return .string(text)
        case .integer(let integer)?: return .integer(integer)
        case .number(let number)?: return .real(number)
        case .boolean(let flag)?: return .boolean(flag)
        case .object?:
            let object = try value.object()
            try object.allowOnly("time_ms")
            return .time(try object.milliseconds("time_ms"))
        case .null?, .array?, nil:
            throw value.mismatch(expected: #"a string, a number, true or false, or {"time_ms": N}"#)
        }
    }

    package static func write(properties: [String: PropertyValue], to writer: inout JSONLineWriter) {
        writer.map(properties) { writer, value in write(value, to: &writer) }
    }

    /// Event properties: an object of property values by name.
    package static func decodeProperties(_ value: WireValue) throws(WireFormatError) -> [String: PropertyValue] {
        var properties: [String: PropertyValue] = [:]
        for (name, property) in try value.mapEntries(expected: "an object of property values") {
            properties[name] = try decodePropertyValue(property)
        }
        return properties
    }

    // MARK: Shared

    /// A number that is not necessarily whole: an integral value goes as an integer, since JSON
    /// readers in most languages do not keep `2.0` apart from `2`.
    package static func writeNumber(_ number: Double, to writer: inout JSONLineWriter) {
        if number.rounded() == number, abs(number) < 9.0e15 {
            writer.integer(Int64(number))
        } else {
            writer.real(number)
        }
    }
}
