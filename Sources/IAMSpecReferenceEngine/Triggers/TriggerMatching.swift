import IAMSpec

/// Decides whether a message's trigger fires for a logged event.
///
/// "Any Purchase, Specific Purchase, Session Start, Custom Event, Push Click. Furthermore,
/// Specific Purchase and Custom Event triggers can contain robust property filters" (seed 003).
struct TriggerMatching {
    let rules: TriggerRules
    let filters: PropertyFilterEvaluation

    /// Whether any one of the message's triggers matches the event at time `now`. Throws where a
    /// number condition cannot read its value, under rules where that drops the event.
    func matches(_ message: InAppMessage, _ event: LoggedEvent, at now: VirtualTime) throws(UnreadableNumber) -> Bool {
        for trigger in message.triggers where try matches(trigger, event, at: now) { return true }
        return false
    }

    /// Whether the trigger matches the event: same kind, same name or product or campaign, and
    /// the property filters pass.
    func matches(_ trigger: Trigger, _ event: LoggedEvent, at now: VirtualTime) throws(UnreadableNumber) -> Bool {
        switch (trigger, event.event) {
        case (.sessionStart, .sessionStart):
            return true
        case (.anyPurchase, .purchase):
            return true
        case (.specificPurchase(let product, let conditions), .purchase(let purchased)):
            guard product == purchased || !rules.specificPurchaseMatchesOwnProductOnly else { return false }
            return try passes(conditions, event, at: now)
        case (.customEvent(let name, let conditions), .customEvent(let logged)):
            guard name == logged else { return false }
            return try passes(conditions, event, at: now)
        case (.pushClick(let wanted), .pushClick(let clicked)):
            return wanted == nil || wanted == clicked || !rules.pushClickMatchesOwnCampaignOnly
        case (.sessionStart, _), (.anyPurchase, _), (.specificPurchase, _), (.customEvent, _), (.pushClick, _):
            return false
        }
    }

    /// Whether the event's properties pass the trigger's filters, or the rules check none.
    private func passes(
        _ conditions: PropertyFilters,
        _ event: LoggedEvent,
        at now: VirtualTime
    ) throws(UnreadableNumber) -> Bool {
        guard rules.propertyFiltersChecked else { return true }
        return try filters.passes(conditions, properties: event.properties, at: now)
    }
}
