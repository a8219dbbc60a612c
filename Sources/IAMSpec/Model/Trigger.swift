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
