import IAMSpec

/// One trigger event the engine evaluates: what happened, and the properties it carried.
///
/// Only events logged through the SDK become a `LoggedEvent`: "Triggered in-app messages only
/// work with custom events logged through the SDK and not through the REST APIs" (seed 003).
struct LoggedEvent: Sendable, Hashable {
    /// The event as the no-matching-trigger callback reports it.
    var event: TriggerEvent
    /// The custom event's or purchase's properties; empty for the other kinds.
    var properties: [String: PropertyValue]

    /// Whether this event makes the user eligible even when it fires no trigger: "Session start
    /// event" and "The app is opened from a push notification" (seed 003).
    var makesUserEligible: Bool {
        switch event {
        case .sessionStart, .pushClick: true
        case .customEvent, .purchase: false
        }
    }
}
