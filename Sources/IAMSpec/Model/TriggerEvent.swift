/// An event that may fire triggers, as the engine reports it back (for example to the
/// no-matching-trigger callback).
public enum TriggerEvent: Sendable, Hashable {
    /// A session started.
    case sessionStart
    /// A custom event of this name was logged.
    case customEvent(name: String)
    /// A purchase of this product id was logged.
    case purchase(product: String)
    /// The app was opened from a push of this campaign (nil: a push that names none).
    case pushClick(campaign: String?)
}
