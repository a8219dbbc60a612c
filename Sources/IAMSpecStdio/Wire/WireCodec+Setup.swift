import IAMSpec

extension WireCodec {
    // MARK: Configuration

    static func encode(_ configuration: EngineConfiguration) -> JSONValue {
        .object([
            "minimum_trigger_interval_ms": .integer(configuration.minimumTriggerInterval.milliseconds),
            "device": .string(configuration.device.rawValue),
            "orientation": .string(configuration.orientation.rawValue),
            "delegate": .string(configuration.delegate.rawValue),
        ])
    }

    static func decodeConfiguration(_ value: WireValue) throws(WireFormatError) -> EngineConfiguration {
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

    /// A message as `version` writes it: every key it defines, always.
    static func encode(_ message: InAppMessage, version: ProtocolVersion = .latest) -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(message.id),
            "type": .string(message.type.rawValue),
            "priority": encodeNumber(message.priority),
            "triggers": .array(message.triggers.map(encode)),
            "orientation": .string(message.orientation.rawValue),
            "image": message.image.map { .string($0.rawValue) } ?? .null,
            "zip": message.zip.map { .string($0.rawValue) } ?? .null,
            "extras": .object(message.extras.mapValues { .string($0) }),
            "delay_ms": .integer(message.delay.milliseconds),
            "timeout_ms": message.timeout.map { .integer($0.milliseconds) } ?? .null,
            "reeligibility_ms": message.reeligibility.map { .integer($0.milliseconds) } ?? .null,
            "test_send": .boolean(message.isTestSend),
        ]
        if version.carriesCampaignSettings { fields.merge(encodeCampaignSettings(message)) { $1 } }
        return .object(fields)
    }

    static func decodeMessage(
        _ value: WireValue,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> InAppMessage {
        let object = try value.object()
        let keys = [
            "id", "type", "priority", "triggers", "orientation", "image", "zip", "extras", "delay_ms", "timeout_ms",
            "reeligibility_ms", "test_send",
        ]
        try object.allowOnly(keys + (version.carriesCampaignSettings ? campaignSettingKeys : []))
        var triggers: [Trigger] = []
        for element in try object.field("triggers").array() {
            triggers.append(try decodeTrigger(element))
        }
        var message = InAppMessage(
            id: try object.messageID("id"),
            type: try object.choice("type", MessageType.self),
            priority: try object.field("priority").number(),
            triggers: triggers,
            orientation: try object.choice("orientation", OrientationRequirement.self),
            image: try object.field("image").orNull?.choice(AssetOutcome.self),
            zip: try object.field("zip").orNull?.choice(AssetOutcome.self),
            extras: try object.field("extras").stringMap(),
            delay: try object.milliseconds("delay_ms"),
            timeout: try object.field("timeout_ms").orNull?.milliseconds(),
            reeligibility: try object.field("reeligibility_ms").orNull?.milliseconds(),
            isTestSend: try object.field("test_send").boolean()
        )
        if version.carriesCampaignSettings { try decodeCampaignSettings(object, into: &message) }
        return message
    }

    // MARK: Triggers

    static func encode(_ trigger: Trigger) -> JSONValue {
        switch trigger {
        case .sessionStart:
            .object(["kind": "session_start"])
        case .anyPurchase:
            .object(["kind": "any_purchase"])
        case .specificPurchase(let product, let filters):
            .object(["kind": "purchase", "product": .string(product), "filters": encode(filters)])
        case .customEvent(let name, let filters):
            .object(["kind": "custom_event", "name": .string(name), "filters": encode(filters)])
        case .pushClick(let campaign):
            .object(["kind": "push_click", "campaign": campaign.map { .string($0) } ?? .null])
        }
    }

    static func decodeTrigger(_ value: WireValue) throws(WireFormatError) -> Trigger {
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
    static func encode(_ filters: PropertyFilters) -> JSONValue {
        .array(filters.groups.map { .array($0.map(encode)) })
    }

    static func decodeFilters(_ value: WireValue) throws(WireFormatError) -> PropertyFilters {
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

    static func encode(_ condition: PropertyCondition) -> JSONValue {
        var fields: [String: JSONValue] = ["property": .string(condition.property)]
        let (name, operand) = operatorAndOperand(condition.comparison)
        fields["operator"] = .string(name)
        if let operand { fields[operand.key] = operand.value }
        return .object(fields)
    }

    private static func operatorAndOperand(
        _ comparison: PropertyComparison
    ) -> (String, (key: String, value: JSONValue)?) {
        switch comparison {
        case .equals(let value): ("equals", ("value", encode(value)))
        case .notEquals(let value): ("not_equals", ("value", encode(value)))
        case .greaterThan(let number): ("greater_than", ("value", encodeNumber(number)))
        case .lessThan(let number): ("less_than", ("value", encodeNumber(number)))
        case .atLeast(let number): ("at_least", ("value", encodeNumber(number)))
        case .atMost(let number): ("at_most", ("value", encodeNumber(number)))
        case .matches(let regex): ("matches", ("value", .string(regex)))
        case .doesNotMatch(let regex): ("does_not_match", ("value", .string(regex)))
        case .exists: ("exists", nil)
        case .doesNotExist: ("does_not_exist", nil)
        case .withinLast(let span): ("within_last", ("span_ms", .integer(span.milliseconds)))
        case .moreThanAgo(let span): ("more_than_ago", ("span_ms", .integer(span.milliseconds)))
        case .lessThanInFuture(let span): ("less_than_in_future", ("span_ms", .integer(span.milliseconds)))
        case .moreThanInFuture(let span): ("more_than_in_future", ("span_ms", .integer(span.milliseconds)))
        }
    }

    /// The operators, in the order `Specs/PROTOCOL.md` lists them.
    static let operators = [
        "equals", "not_equals", "greater_than", "less_than", "at_least", "at_most", "matches", "does_not_match",
        "exists", "does_not_exist", "within_last", "more_than_ago", "less_than_in_future", "more_than_in_future",
    ]

    static func decodeCondition(_ value: WireValue) throws(WireFormatError) -> PropertyCondition {
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
    static func encode(_ value: PropertyValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .integer(let integer): .integer(integer)
        case .real(let real): .number(real)
        case .boolean(let flag): .boolean(flag)
        case .time(let time): .object(["time_ms": .integer(time.milliseconds)])
        }
    }

    static func decodePropertyValue(_ value: WireValue) throws(WireFormatError) -> PropertyValue {
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

    static func encode(properties: [String: PropertyValue]) -> JSONValue {
        .object(properties.mapValues(encode))
    }

    /// Event properties: an object of property values by name.
    static func decodeProperties(_ value: WireValue) throws(WireFormatError) -> [String: PropertyValue] {
        var properties: [String: PropertyValue] = [:]
        for (name, property) in try value.mapEntries(expected: "an object of property values") {
            properties[name] = try decodePropertyValue(property)
        }
        return properties
    }

    // MARK: Shared

    /// A number that is not necessarily whole: an integral value goes as an integer, since JSON
    /// readers in most languages do not keep `2.0` apart from `2`.
    static func encodeNumber(_ number: Double) -> JSONValue {
        if number.rounded() == number, abs(number) < 9.0e15 {
            return .integer(Int64(number))
        }
        return .number(number)
    }
}
