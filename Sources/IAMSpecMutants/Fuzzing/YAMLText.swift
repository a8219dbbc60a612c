import IAMSpec
import IAMSpecRunner

/// The case format's YAML spelling of setups, stimuli and observations, in flow style.
enum YAMLText {
    /// A double-quoted YAML string.
    static func quoted(_ text: String) -> String {
        YAMLDoubleQuoted.scalar(text)
    }

    /// A message id as written: plain, unless YAML would read it as something else than a string.
    static func id(_ id: MessageID) -> String {
        let reserved = ["true", "false", "null", "~", "", "*"]
        let looksNumeric = id.first.map { $0.isNumber || $0 == "-" } ?? true
        return reserved.contains(id.lowercased()) || looksNumeric ? quoted(id) : id
    }

    /// A flow mapping of the given keys and already-written values, in order.
    static func mapping(_ entries: [(String, String)]) -> String {
        "{" + entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func value(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .integer(let number): String(number)
        case .real(let number): number.rounded() == number && abs(number) < 1e15 ? "\(Int64(number)).0" : String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .time(let time): "{time: \(time)}"
        }
    }

    static func properties(_ properties: [String: PropertyValue]) -> String {
        mapping(properties.keys.sorted().map { (quoted($0), value(properties[$0]!)) })
    }

    // MARK: Setup

    /// The non-default settings, or nil when every setting is the default.
    static func configuration(_ configuration: EngineConfiguration) -> String? {
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

    static func message(_ message: InAppMessage) -> String {
        var entries: [(String, String)] = [("id", id(message.id))]
        if message.type != .slideup { entries.append(("type", message.type.rawValue)) }
        if message.priority != 0 { entries.append(("priority", number(message.priority))) }
        if !message.triggers.isEmpty {
            entries.append(("triggers", "[" + message.triggers.map(trigger).joined(separator: ", ") + "]"))
        }
        entries += display(message)
        if message.delay != .zero { entries.append(("delay", "\(message.delay)")) }
        if let timeout = message.timeout { entries.append(("timeout", "\(timeout)")) }
        if let reeligibility = message.reeligibility { entries.append(("reeligibility", "\(reeligibility)")) }
        if message.isTestSend { entries.append(("test_send", "true")) }
        return mapping(entries)
    }

    /// The keys a local message may also have: orientation, image, zip, extras.
    private static func display(_ message: InAppMessage) -> [(String, String)] {
        var entries: [(String, String)] = []
        if message.orientation != .any { entries.append(("orientation", message.orientation.rawValue)) }
        if let image = message.image { entries.append(("image", image.rawValue)) }
        if let zip = message.zip { entries.append(("zip", zip.rawValue)) }
        if !message.extras.isEmpty { entries.append(("extras", extras(message.extras))) }
        return entries
    }

    static func extras(_ extras: [String: String]) -> String {
        mapping(extras.keys.sorted().map { (quoted($0), quoted(extras[$0]!)) })
    }

    static func trigger(_ trigger: Trigger) -> String {
        switch trigger {
        case .sessionStart: "session_start"
        case .anyPurchase: "any_purchase"
        case .specificPurchase(let product, let filters):
            filters.groups.isEmpty
                ? mapping([("purchase", quoted(product))])
                : mapping([("purchase", mapping([("product", quoted(product)), ("filters", self.filters(filters))]))])
        case .customEvent(let name, let filters):
            filters.groups.isEmpty
                ? mapping([("custom_event", quoted(name))])
                : mapping([("custom_event", mapping([("name", quoted(name)), ("filters", self.filters(filters))]))])
        case .pushClick(let campaign):
            campaign.map { mapping([("push_click", mapping([("campaign", quoted($0))]))]) } ?? "push_click"
        }
    }

    static func filters(_ filters: PropertyFilters) -> String {
        "["
            + filters.groups.map { group in
                group.count == 1 ? condition(group[0]) : "[" + group.map(condition).joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "]"
    }

    static func condition(_ condition: PropertyCondition) -> String {
        let (key, operand): (String, String) =
            switch condition.comparison {
            case .equals(let operand): ("equals", value(operand))
            case .notEquals(let operand): ("not_equals", value(operand))
            case .greaterThan(let operand): ("greater_than", number(operand))
            case .lessThan(let operand): ("less_than", number(operand))
            case .atLeast(let operand): ("at_least", number(operand))
            case .atMost(let operand): ("at_most", number(operand))
            case .matches(let regex): ("matches", quoted(regex))
            case .doesNotMatch(let regex): ("does_not_match", quoted(regex))
            case .exists: ("exists", "true")
            case .doesNotExist: ("does_not_exist", "true")
            case .withinLast(let span): ("within_last", "\(span)")
            case .moreThanAgo(let span): ("more_than_ago", "\(span)")
            case .lessThanInFuture(let span): ("less_than_in_future", "\(span)")
            case .moreThanInFuture(let span): ("more_than_in_future", "\(span)")
            }
        return mapping([("property", quoted(condition.property)), (key, operand)])
    }

    // MARK: Steps

    /// The step of a stimulus; nil for a stack inspection, which a case writes as an expectation.
    static func stimulus(_ stimulus: Stimulus) -> String? {
        switch stimulus {
        case .sessionStarted(let pending): pending ? "session_start: {sync: pending}" : "session_start"
        case .sessionSyncCompleted: "sync_complete"
        case .sessionEnded: "session_end"
        case .appRelaunched: "relaunch"
        case .customEvent(let event):
            event.properties.isEmpty && event.source == .sdk
                ? "custom_event: \(quoted(event.name))"
                : "custom_event: " + mapping([("name", quoted(event.name))] + details(event.properties, event.source))
        case .purchase(let purchase):
            purchase.properties.isEmpty && purchase.source == .sdk && purchase.price == 0
                ? "purchase: \(quoted(purchase.product))"
                : "purchase: "
                    + mapping(
                        [("product", quoted(purchase.product))]
                            + (purchase.price == 0 ? [] : [("price", number(purchase.price))])
                            + details(purchase.properties, purchase.source)
                    )
        case .pushClicked(let campaign):
            campaign.map { "push_click: " + mapping([("campaign", quoted($0))]) } ?? "push_click"
        case .timeAdvanced(let span): "advance: \(span)"
        case .appBackgrounded: "background"
        case .appForegrounded: "foreground"
        case .deviceRotated(let orientation): "orientation: \(orientation.rawValue)"
        case .keyboardShown: "keyboard_shown"
        case .keyboardHidden: "keyboard_hidden"
        case .assetDownloadSettled(let id, let succeeded):
            "asset_download: " + mapping([("message", self.id(id)), ("outcome", succeeded ? "succeeds" : "fails")])
        case .delegateChoiceSet(let id, let choice):
            "delegate_choice: " + mapping([("message", self.id(id)), ("choice", choice.rawValue)])
        case .messageDismissed(let id): "dismiss: \(self.id(id))"
        case .messageClicked(let id): "click: \(self.id(id))"
        case .displayNextRequested: "display_next"
        case .localMessagePresented(let message):
            "present_local: "
                + mapping(
                    [("id", id(message.id))] + (message.type == .slideup ? [] : [("type", message.type.rawValue)])
                        + display(message)
                )
        case .userChanged(let user): "change_user: \(quoted(user))"
        case .stackInspected: nil
        }
    }

    private static func details(_ properties: [String: PropertyValue], _ source: EventSource) -> [(String, String)] {
        (properties.isEmpty ? [] : [("properties", self.properties(properties))])
            + (source == .sdk ? [] : [("source", source.rawValue)])
    }

    // MARK: Observations

    /// The exact pattern of an observation (extras and reasons included).
    static func pattern(_ observation: Observation) -> String {
        switch observation {
        case .displayed(let id, let extras):
            extras.isEmpty
                ? mapping([("displayed", self.id(id))])
                : mapping([("displayed", self.id(id)), ("extras", self.extras(extras))])
        case .stacked(let id, let reason): mapping([("stacked", self.id(id)), ("reason", reason.rawValue)])
        case .discarded(let id, let reason): mapping([("discarded", self.id(id)), ("reason", reason.rawValue)])
        case .rolledBack(let id): mapping([("rolled_back", self.id(id))])
        case .noMatchingTrigger(let event): mapping([("no_matching_trigger", self.event(event))])
        case .impressionLogged(let id): mapping([("impression_logged", self.id(id))])
        case .clickLogged(let id): mapping([("click_logged", self.id(id))])
        case .stack(let ids): mapping([("stack", "[" + ids.map(id).joined(separator: ", ") + "]")])
        }
    }

    static func event(_ event: TriggerEvent) -> String {
        switch event {
        case .sessionStart: "session_start"
        case .customEvent(let name): mapping([("custom_event", quoted(name))])
        case .purchase(let product): mapping([("purchase", quoted(product))])
        case .pushClick(let campaign): campaign.map { mapping([("push_click", quoted($0))]) } ?? "push_click"
        }
    }
}
