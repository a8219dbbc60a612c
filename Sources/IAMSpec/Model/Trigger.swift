/// What makes a delivered message eligible to display.
public enum Trigger: Sendable, Hashable {
    /// Any purchase logged through the SDK.
    case anyPurchase
    /// A purchase of one product, whose properties pass the filters.
    case specificPurchase(product: String, filters: PropertyFilters)
    /// A session start.
    case sessionStart
    /// A custom event of one name, whose properties pass the filters.
    case customEvent(name: String, filters: PropertyFilters)
    /// The app opened from a push notification; `campaign` nil matches any push.
    case pushClick(campaign: String?)
}

extension Trigger {
    /// Whether the trigger matches the event by kind and name, product or campaign, its filters
    /// aside (a purchase's properties are not in the event).
    package func accepts(_ event: TriggerEvent) -> Bool {
        switch (self, event) {
        case (.sessionStart, .sessionStart), (.anyPurchase, .purchase): true
        case (.specificPurchase(let product, _), .purchase(let purchased)): product == purchased
        case (.customEvent(let name, _), .customEvent(let logged)): name == logged
        case (.pushClick(let wanted), .pushClick(let campaign)): wanted == nil || wanted == campaign
        case (.sessionStart, _), (.anyPurchase, _), (.specificPurchase, _), (.customEvent, _), (.pushClick, _): false
        }
    }
}
