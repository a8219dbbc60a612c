import IAMSpec

/// The case-file spelling of stimuli, expectations, patterns and observations, used in timelines
/// and failure messages so that what a report shows can be pasted back into a case.
extension Stimulus {
    var specText: String {
        switch self {
        case .sessionStarted(let syncPending): syncPending ? "session_start: {sync: pending}" : "session_start"
        case .sessionSyncCompleted: "sync_complete"
        case .sessionEnded: "session_end"
        case .appRelaunched: "relaunch"
        case .customEvent(let event):
            event.properties.isEmpty && event.source == .sdk
                ? "custom_event: \(event.name)"
                : "custom_event: {name: \(event.name)\(Self.detailText(event.properties, event.source))}"
        case .purchase(let purchase):
            purchase.properties.isEmpty && purchase.source == .sdk && purchase.price == 0
                ? "purchase: \(purchase.product)"
                : "purchase: {product: \(purchase.product), price: \(purchase.price)"
                    + "\(Self.detailText(purchase.properties, purchase.source))}"
        case .pushClicked(let campaign): campaign.map { "push_click: {campaign: \($0)}" } ?? "push_click"
        case .timeAdvanced(let span): "advance: \(span)"
        case .appBackgrounded: "background"
        case .appForegrounded: "foreground"
        case .deviceRotated(let orientation): "orientation: \(orientation.rawValue)"
        case .keyboardShown: "keyboard_shown"
        case .keyboardHidden: "keyboard_hidden"
        case .assetDownloadSettled(let message, let succeeded):
            "asset_download: {message: \(message), outcome: \(succeeded ? "succeeds" : "fails")}"
        case .delegateChoiceSet(let message, let choice):
            "delegate_choice: {message: \(message), choice: \(choice.rawValue)}"
        case .messageDismissed(let id): "dismiss: \(id)"
        case .messageClicked(let id): "click: \(id)"
        case .displayNextRequested: "display_next"
        case .localMessagePresented(let message): "present_local: {id: \(message.id), type: \(message.type.rawValue)}"
        case .userChanged(let user): "change_user: \(user)"
        case .stackInspected: "stack inspection"
        }
    }

    private static func detailText(_ properties: [String: PropertyValue], _ source: EventSource) -> String {
        var text = ""
        if !properties.isEmpty {
            let pairs = properties.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.specText)" }
            text += ", properties: {\(pairs.joined(separator: ", "))}"
        }
        if source != .sdk {
            text += ", source: \(source.rawValue)"
        }
        return text
    }
}

extension PropertyValue {
    var specText: String {
        switch self {
        case .string(let value): "\"\(value)\""
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .boolean(let value): "\(value)"
        case .time(let time): "{time: \(time)}"
        }
    }
}

extension TriggerEvent {
    var specText: String {
        switch self {
        case .sessionStart: "session_start"
        case .customEvent(let name): "custom_event: \(name)"
        case .purchase(let product): "purchase: \(product)"
        case .pushClick(let campaign): campaign.map { "push_click: \($0)" } ?? "push_click"
        }
    }
}

extension MessageSelector {
    var specText: String {
        switch self {
        case .any: "\"*\""
        case .id(let id): id
        }
    }
}

extension Observation {
    var specText: String {
        switch self {
        case .displayed(let id, let extras): "displayed: \(id)" + Self.extrasText(extras)
        case .stacked(let id, let reason): "stacked: \(id) (\(reason.rawValue))"
        case .discarded(let id, let reason): "discarded: \(id) (\(reason.rawValue))"
        case .rolledBack(let id): "rolled_back: \(id)"
        case .noMatchingTrigger(let event): "no_matching_trigger: \(event.specText)"
        case .impressionLogged(let id): "impression_logged: \(id)"
        case .clickLogged(let id): "click_logged: \(id)"
        case .stack(let ids): "stack: [\(ids.joined(separator: ", "))]"
        }
    }

    static func extrasText(_ extras: [String: String]) -> String {
        guard !extras.isEmpty else { return "" }
        let pairs = extras.sorted { $0.key < $1.key }.map { "\($0.key): \"\($0.value)\"" }
        return " extras: {\(pairs.joined(separator: ", "))}"
    }
}

extension ObservationPattern {
    var specText: String {
        switch self {
        case .displayed(let selector, let extras):
            "displayed: \(selector.specText)" + Observation.extrasText(extras ?? [:])
        case .stacked(let selector, let reason):
            "stacked: \(selector.specText)" + (reason.map { " (\($0.rawValue))" } ?? "")
        case .discarded(let selector, let reason):
            "discarded: \(selector.specText)" + (reason.map { " (\($0.rawValue))" } ?? "")
        case .rolledBack(let selector): "rolled_back: \(selector.specText)"
        case .noMatchingTrigger(let event): "no_matching_trigger: \(event?.specText ?? "\"*\"")"
        case .impressionLogged(let selector): "impression_logged: \(selector.specText)"
        case .clickLogged(let selector): "click_logged: \(selector.specText)"
        }
    }
}

extension Expectation {
    var specText: String {
        var parts: [String] = []
        if let sequence { parts.append("sequence: [\(sequence.map(\.specText).joined(separator: ", "))]") }
        if let contains { parts.append("contains: [\(contains.map(\.specText).joined(separator: ", "))]") }
        if let absent { parts.append("absent: [\(absent.map(\.specText).joined(separator: ", "))]") }
        if let stack { parts.append("stack: [\(stack.joined(separator: ", "))]") }
        return "expect: {\(parts.joined(separator: ", "))}"
    }
}
