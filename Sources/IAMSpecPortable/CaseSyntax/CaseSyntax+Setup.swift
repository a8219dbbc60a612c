import IAMSpec

extension CaseSyntax {
    /// The settings that differ from the defaults, as `given.config`; nil when none does.
    package func configuration(_ configuration: EngineConfiguration) -> String? {
        let defaults = EngineConfiguration()
        var entries: [(String, String)] = []
        if configuration.minimumTriggerInterval != defaults.minimumTriggerInterval {
            entries.append(("minimum_trigger_interval", "\(configuration.minimumTriggerInterval)"))
        }
        if configuration.device != defaults.device { entries.append(("device", configuration.device.rawValue)) }
        if configuration.orientation != defaults.orientation {
            entries.append(("orientation", configuration.orientation.rawValue))
        }
        if configuration.delegate != defaults.delegate { entries.append(("delegate", configuration.delegate.rawValue)) }
        return entries.isEmpty ? nil : mapping(entries)
    }

    /// A case's `given`, compactly, for a failure report: `config` with the minimum trigger
    /// interval always (its default is easy to forget) and the other settings that differ from
    /// theirs, then each message, one a line.
    package func given(configuration: EngineConfiguration, messages: [InAppMessage]) -> [String] {
        var settings = configuration
        settings.minimumTriggerInterval = EngineConfiguration().minimumTriggerInterval
        let others = self.configuration(settings).map { ", " + $0.dropFirst().dropLast() } ?? ""
        var lines = ["config: {minimum_trigger_interval: \(configuration.minimumTriggerInterval)\(others)}"]
        lines.append(messages.isEmpty ? "messages: []" : "messages:")
        lines += messages.map { "  - \(message($0))" }
        return lines
    }

    /// A message of `given.messages`, with the keys that differ from their defaults.
    package func message(_ message: InAppMessage) -> String {
        var entries: [(String, String)] = [("id", id(message.id))]
        if message.type != .slideup { entries.append(("type", message.type.rawValue)) }
        if message.priority != 0 { entries.append(("priority", number(message.priority))) }
        if !message.triggers.isEmpty { entries.append(("triggers", sequence(message.triggers.map(trigger)))) }
        entries += display(message)
        if message.delay != .zero { entries.append(("delay", "\(message.delay)")) }
        if let timeout = message.timeout { entries.append(("timeout", "\(timeout)")) }
        if let reeligibility = message.reeligibility { entries.append(("reeligibility", "\(reeligibility)")) }
        if message.isTestSend { entries.append(("test_send", "true")) }
        if let interval = message.minimumTriggerInterval {
            entries.append(("minimum_trigger_interval", "\(interval)"))
        }
        if let start = message.start { entries.append(("start", "\(start)")) }
        if let end = message.end { entries.append(("end", "\(end)")) }
        if message.isControl { entries.append(("control", "true")) }
        return mapping(entries)
    }

    /// The keys a local message may also have: orientation, image, zip, extras.
    package func display(_ message: InAppMessage) -> [(String, String)] {
        var entries: [(String, String)] = []
        if message.orientation != .any { entries.append(("orientation", message.orientation.rawValue)) }
        if let image = message.image { entries.append(("image", outcomes(image, message.imageOnLaterDeliveries))) }
        if let zip = message.zip { entries.append(("zip", outcomes(zip, message.zipOnLaterDeliveries))) }
        if !message.extras.isEmpty { entries.append(("extras", extras(message.extras))) }
        return entries
    }

    /// An asset's outcome: one, or a list, one per delivery, when later deliveries differ.
    private func outcomes(_ first: AssetOutcome, _ later: [AssetOutcome]) -> String {
        later.isEmpty ? first.rawValue : sequence(([first] + later).map(\.rawValue))
    }

    /// Event properties, keys sorted: `{plan: "gold", count: 5}`.
    package func properties(_ properties: [String: PropertyValue]) -> String {
        mapping(properties.sorted { $0.key < $1.key }.map { (name($0.key), value($0.value)) })
    }

    /// A property value: a string, a number, a boolean, or `{time: ...}`.
    package func value(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): string(text)
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .boolean(let flag): "\(flag)"
        case .time(let time): "{time: \(time)}"
        }
    }

    private func trigger(_ trigger: Trigger) -> String {
        switch trigger {
        case .sessionStart: "session_start"
        case .anyPurchase: "any_purchase"
        case .specificPurchase(let product, let filters):
            filters.groups.isEmpty
                ? mapping([("purchase", name(product))])
                : mapping([("purchase", mapping([("product", name(product)), ("filters", self.filters(filters))]))])
        case .customEvent(let event, let filters):
            filters.groups.isEmpty
                ? mapping([("custom_event", name(event))])
                : mapping([("custom_event", mapping([("name", name(event)), ("filters", self.filters(filters))]))])
        case .pushClick(let campaign):
            campaign.map { mapping([("push_click", mapping([("campaign", name($0))]))]) } ?? "push_click"
        }
    }

    /// Property filters: an AND group of one condition is written as the condition alone.
    private func filters(_ filters: PropertyFilters) -> String {
        sequence(
            filters.groups.map { group in group.count == 1 ? condition(group[0]) : sequence(group.map(condition)) }
        )
    }

    private func condition(_ condition: PropertyCondition) -> String {
        let (key, operand): (String, String) =
            switch condition.comparison {
            case .equals(let operand): ("equals", value(operand))
            case .notEquals(let operand): ("not_equals", value(operand))
            case .greaterThan(let operand): ("greater_than", number(operand))
            case .lessThan(let operand): ("less_than", number(operand))
            case .atLeast(let operand): ("at_least", number(operand))
            case .atMost(let operand): ("at_most", number(operand))
            case .matches(let regex): ("matches", string(regex))
            case .doesNotMatch(let regex): ("does_not_match", string(regex))
            case .exists: ("exists", "true")
            case .doesNotExist: ("does_not_exist", "true")
            case .withinLast(let span): ("within_last", "\(span)")
            case .moreThanAgo(let span): ("more_than_ago", "\(span)")
            case .lessThanInFuture(let span): ("less_than_in_future", "\(span)")
            case .moreThanInFuture(let span): ("more_than_in_future", "\(span)")
            }
        return mapping([("property", name(condition.property)), (key, operand)])
    }
}
