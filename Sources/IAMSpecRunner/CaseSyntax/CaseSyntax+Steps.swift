import IAMSpec

extension CaseSyntax {
    /// A stimulus as the step that sends it: `custom_event: tap`.
    ///
    /// A stack inspection is no step of its own (a case asks for it with an expectation's
    /// `stack`), and is written `stack inspection`.
    package func step(_ stimulus: Stimulus) -> String {
        switch stimulus {
        case .sessionStarted(let syncPending): syncPending ? "session_start: {sync: pending}" : "session_start"
        case .sessionSyncCompleted: "sync_complete"
        case .sessionEnded: "session_end"
        case .appRelaunched: "relaunch"
        case .customEvent(let event):
            event.properties.isEmpty && event.source == .sdk
                ? "custom_event: \(name(event.name))"
                : "custom_event: " + mapping([("name", name(event.name))] + details(event.properties, event.source))
        case .purchase(let purchase):
            purchase.properties.isEmpty && purchase.source == .sdk && purchase.price == 0
                ? "purchase: \(name(purchase.product))"
                : "purchase: "
                    + mapping(
                        [("product", name(purchase.product))] + price(purchase.price)
                            + details(purchase.properties, purchase.source)
                    )
        case .pushClicked(let campaign):
            campaign.map { "push_click: " + mapping([("campaign", name($0))]) } ?? "push_click"
        case .appOpenedFromPush(let campaign):
            campaign.map { "push_open: " + mapping([("campaign", name($0))]) } ?? "push_open"
        case .timeAdvanced(let span): "advance: \(span)"
        case .appBackgrounded: "background"
        case .appForegrounded: "foreground"
        case .deviceRotated(let orientation): "orientation: \(orientation.rawValue)"
        case .keyboardShown: "keyboard_shown"
        case .keyboardHidden: "keyboard_hidden"
        case .assetDownloadSettled(let message, let succeeded):
            "asset_download: " + mapping([("message", id(message)), ("outcome", succeeded ? "succeeds" : "fails")])
        case .delegateChoiceSet(let message, let choice):
            "delegate_choice: " + mapping([("message", id(message)), ("choice", choice.rawValue)])
        case .messageDismissed(let message): "dismiss: \(id(message))"
        case .messageClicked(let message): "click: \(id(message))"
        case .displayNextRequested: "display_next"
        case .localMessagePresented(let message): "present_local: " + localMessage(message)
        case .userChanged(let user): "change_user: \(name(user))"
        case .stackInspected: "stack inspection"
        }
    }

    /// An `expect` step: its checks in the order `sequence`, `contains`, `absent`, `stack`.
    package func expectation(_ expectation: Expectation) -> String {
        var checks: [(String, String)] = []
        if let sequence = expectation.sequence { checks.append(("sequence", self.sequence(sequence.map(pattern)))) }
        if let contains = expectation.contains { checks.append(("contains", self.sequence(contains.map(pattern)))) }
        if let absent = expectation.absent { checks.append(("absent", self.sequence(absent.map(pattern)))) }
        if let stack = expectation.stack { checks.append(("stack", self.sequence(stack.map(id)))) }
        return "expect: " + mapping(checks)
    }

    /// A purchase's price: always when plain; when exact, only when it is not 0, the default.
    private func price(_ price: Double) -> [(String, String)] {
        spelling == .exact && price == 0 ? [] : [("price", number(price))]
    }

    /// An event's properties (keys sorted) and its source, when not the defaults.
    private func details(_ properties: [String: PropertyValue], _ source: EventSource) -> [(String, String)] {
        (properties.isEmpty ? [] : [("properties", self.properties(properties))])
            + (source == .sdk ? [] : [("source", source.rawValue)])
    }

    /// A local message: when exact, every key it has (see ``message(_:)``); when plain, its id
    /// and type alone.
    private func localMessage(_ message: InAppMessage) -> String {
        switch spelling {
        case .exact:
            mapping(
                [("id", id(message.id))] + (message.type == .slideup ? [] : [("type", message.type.rawValue)])
                    + display(message)
            )
        case .plain:
            mapping([("id", id(message.id)), ("type", message.type.rawValue)])
        }
    }
}
