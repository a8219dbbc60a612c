import IAMSpec

extension CaseSyntax {
    /// An observation: when exact, the pattern that matches it (`{displayed: promo}`); when
    /// plain, `displayed: promo`. Empty extras are not written.
    package func observation(_ observation: Observation) -> String {
        switch observation {
        case .displayed(let message, let extras):
            form("displayed", id(message), extras.isEmpty ? nil : .extras(extras))
        case .stacked(let message, let reason): form("stacked", id(message), .reason(reason.rawValue))
        case .discarded(let message, let reason): form("discarded", id(message), .reason(reason.rawValue))
        case .rolledBack(let message): form("rolled_back", id(message))
        case .dismissed(let message): form("dismissed", id(message))
        case .noMatchingTrigger(let event): form("no_matching_trigger", self.event(event))
        case .impressionLogged(let message): form("impression_logged", id(message))
        case .clickLogged(let message): form("click_logged", id(message))
        case .stack(let messages): form("stack", sequence(messages.map(id)))
        }
    }

    /// A pattern, as a case writes it in an expectation; `"*"` for any message or event, and
    /// a detail only when the pattern has one (empty extras are not written).
    package func pattern(_ pattern: ObservationPattern) -> String {
        switch pattern {
        case .displayed(let selector, let extras):
            form("displayed", self.selector(selector), extras.flatMap { $0.isEmpty ? nil : .extras($0) })
        case .stacked(let selector, let reason):
            form("stacked", self.selector(selector), reason.map { .reason($0.rawValue) })
        case .discarded(let selector, let reason):
            form("discarded", self.selector(selector), reason.map { .reason($0.rawValue) })
        case .rolledBack(let selector): form("rolled_back", self.selector(selector))
        case .dismissed(let selector): form("dismissed", self.selector(selector))
        case .noMatchingTrigger(let event): form("no_matching_trigger", event.map(self.event) ?? string("*"))
        case .impressionLogged(let selector): form("impression_logged", self.selector(selector))
        case .clickLogged(let selector): form("click_logged", self.selector(selector))
        }
    }

    /// The event a trigger did not match: `session_start`, or a one-key form naming it.
    package func event(_ event: TriggerEvent) -> String {
        switch event {
        case .sessionStart: "session_start"
        case .customEvent(let name): form("custom_event", self.name(name))
        case .purchase(let product): form("purchase", name(product))
        case .pushClick(let campaign): campaign.map { form("push_click", name($0)) } ?? "push_click"
        }
    }

    private func selector(_ selector: MessageSelector) -> String {
        switch selector {
        case .any: string("*")
        case .id(let message): id(message)
        }
    }
}
