/// An event that may fire triggers, as the engine reports it back (for example to the
/// no-matching-trigger callback).
public enum TriggerEvent: Sendable, Hashable {
    case sessionStart
    case customEvent(name: String)
    case purchase(product: String)
    case pushClick(campaign: String?)
}
