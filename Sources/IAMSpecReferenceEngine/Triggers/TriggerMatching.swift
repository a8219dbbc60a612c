import IAMSpec

/// Decides whether a message's trigger fires for a logged event.
///
/// "Any Purchase, Specific Purchase, Session Start, Custom Event, Push Click. Furthermore,
/// Specific Purchase and Custom Event triggers can contain robust property filters" (seed 003).
struct TriggerMatching {
    let rules: TriggerRules
    let filters: PropertyFilterEvaluation

    /// Whether any one of the message's triggers matches the event at time `now`.
    func matches(_ message: InAppMessage, _ event: LoggedEvent, at now: VirtualTime) -> Bool {
        message.triggers.contains { matches($0, event, at: now) }
    }

    /// Whether the trigger matches the event: same kind, same name or product or campaign, and
    /// the property filters pass.
    func matches(_ trigger: Trigger, _ event: LoggedEvent, at now: VirtualTime) -> Bool {
        switch (trigger, event.event) {
        case (.sessionStart, .sessionStart):
            return true
        case (.anyPurchase, .purchase):
            return true
        case (.specificPurchase(let product, let conditions), .purchase(let purchased)):
            return (product == purchased || !rules.specificPurchaseMatchesOwnProductOnly)
                && passes(conditions, event, at: now)
        case (.customEvent(let name, let conditions), .customEvent(let logged)):
            return name == logged && passes(conditions, event, at: now)
        case (.pushClick(let wanted), .pushClick(let clicked)):
            return wanted == nil || wanted == clicked || !rules.pushClickMatchesOwnCampaignOnly
        case (.sessionStart, _), (.anyPurchase, _), (.specificPurchase, _), (.customEvent, _), (.pushClick, _):
            return false
        }
    }

    /// Whether the event's properties pass the trigger's filters, or the rules check none.
    private func passes(_ conditions: PropertyFilters, _ event: LoggedEvent, at now: VirtualTime) -> Bool {
        !rules.propertyFiltersChecked || filters.passes(conditions, properties: event.properties, at: now)
    }
}
