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

    static func decodeConfiguration(_ object: WireObject) throws(WireFormatError) -> EngineConfiguration {
        EngineConfiguration(
            minimumTriggerInterval: try object.milliseconds("minimum_trigger_interval_ms"),
            device: try object.choice("device", DeviceKind.self),
            orientation: try object.choice("orientation", DeviceOrientation.self),
            delegate: try object.choice("delegate", DelegatePresence.self)
        )
    }

    // MARK: Messages

    static func encode(_ message: InAppMessage) -> JSONValue {
        .object([
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
        ])
    }

    static func decodeMessage(_ object: WireObject) throws(WireFormatError) -> InAppMessage {
        var triggers: [Trigger] = []
        for element in try object.array("triggers") {
            triggers.append(try decodeTrigger(try WireObject(element.value, path: element.path)))
        }
        return InAppMessage(
            id: try object.string("id"),
            type: try object.choice("type", MessageType.self),
            priority: try object.number("priority"),
            triggers: triggers,
            orientation: try object.choice("orientation", OrientationRequirement.self),
            image: try object.optionalChoice("image", AssetOutcome.self),
            zip: try object.optionalChoice("zip", AssetOutcome.self),
            extras: try object.stringMap("extras"),
            delay: try object.milliseconds("delay_ms"),
            timeout: try object.optionalMilliseconds("timeout_ms"),
            reeligibility: try object.optionalMilliseconds("reeligibility_ms"),
            isTestSend: try object.boolean("test_send")
        )
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

    static func decodeTrigger(_ object: WireObject) throws(WireFormatError) -> Trigger {
        switch try object.string("kind") {
        case "session_start": .sessionStart
        case "any_purchase": .anyPurchase
        case "purchase":
            .specificPurchase(product: try object.string("product"), filters: try decodeFilters(object, key: "filters"))
        case "custom_event":
            .customEvent(name: try object.string("name"), filters: try decodeFilters(object, key: "filters"))
        case "push_click": .pushClick(campaign: try object.optionalString("campaign"))
        case let other:
            throw unknownKind(
                other,
                at: object.childPath("kind"),
                known: ["session_start", "any_purchase", "purchase", "custom_event", "push_click"]
            )
        }
    }

    // MARK: Property filters

    /// Filters as a list of OR-groups, each a list of conditions: `[[c1, c2], [c3]]` is
    /// `(c1 or c2) and c3`.
    static func encode(_ filters: PropertyFilters) -> JSONValue {
        .array(filters.groups.map { .array($0.map(encode)) })
    }

    static func decodeFilters(_ object: WireObject, key: String) throws(WireFormatError) -> PropertyFilters {
        var groups: [[PropertyCondition]] = []
        for group in try object.array(key) {
            guard case .array(let conditions) = group.value else {
                throw WireFormatError(
                    path: group.path,
                    problem: "expected an array of conditions (an OR-group), found \(group.value.typeName)"
                )
            }
            var decoded: [PropertyCondition] = []
            for (index, condition) in conditions.enumerated() {
                decoded.append(try decodeCondition(try WireObject(condition, path: "\(group.path)[\(index)]")))
            }
            groups.append(decoded)
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

    static func decodeCondition(_ object: WireObject) throws(WireFormatError) -> PropertyCondition {
        let comparison: PropertyComparison
        switch try object.string("operator") {
        case "equals":
            comparison = .equals(try decodePropertyValue(try object.value("value"), path: object.childPath("value")))
        case "not_equals":
            comparison = .notEquals(try decodePropertyValue(try object.value("value"), path: object.childPath("value")))
        case "greater_than": comparison = .greaterThan(try object.number("value"))
        case "less_than": comparison = .lessThan(try object.number("value"))
        case "at_least": comparison = .atLeast(try object.number("value"))
        case "at_most": comparison = .atMost(try object.number("value"))
        case "matches": comparison = .matches(regex: try object.string("value"))
        case "does_not_match": comparison = .doesNotMatch(regex: try object.string("value"))
        case "exists": comparison = .exists
        case "does_not_exist": comparison = .doesNotExist
        case "within_last": comparison = .withinLast(try object.milliseconds("span_ms"))
        case "more_than_ago": comparison = .moreThanAgo(try object.milliseconds("span_ms"))
        case "less_than_in_future": comparison = .lessThanInFuture(try object.milliseconds("span_ms"))
        case "more_than_in_future": comparison = .moreThanInFuture(try object.milliseconds("span_ms"))
        case let other:
            throw unknownKind(
                other,
                at: object.childPath("operator"),
                known: [
                    "equals", "not_equals", "greater_than", "less_than", "at_least", "at_most", "matches",
                    "does_not_match", "exists", "does_not_exist", "within_last", "more_than_ago",
                    "less_than_in_future", "more_than_in_future",
                ]
            )
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

    static func decodePropertyValue(_ value: JSONValue, path: String) throws(WireFormatError) -> PropertyValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let integer): return .integer(integer)
        case .number(let number): return .real(number)
        case .boolean(let flag): return .boolean(flag)
        case .object:
            let object = try WireObject(value, path: path)
            return .time(try object.milliseconds("time_ms"))
        case .null, .array:
            throw WireFormatError(
                path: path,
                problem: "expected a string, number, boolean or {\"time_ms\": N}, found \(value.typeName)"
            )
        }
    }

    static func encode(properties: [String: PropertyValue]) -> JSONValue {
        .object(properties.mapValues(encode))
    }

    static func decodeProperties(_ object: WireObject, key: String) throws(WireFormatError) -> [String: PropertyValue] {
        let map = try object.object(key)
        var properties: [String: PropertyValue] = [:]
        for (name, value) in map.fields {
            properties[name] = try decodePropertyValue(value, path: map.childPath(name))
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

    static func unknownKind(_ found: String, at path: String, known: [String]) -> WireFormatError {
        let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
        return WireFormatError(path: path, problem: "expected one of \(list), found \"\(found)\"")
    }
}
