/// Delivery at session start, and the events that arrive during its sync.
///
/// "All in-app messages that a user is eligible for are delivered to the user's device on
/// session start" (seed 003).
package struct SessionStartRules: Sendable {
    /// What happens to a trigger event logged while the session-start sync is in flight.
    package enum EventsDuringSync: Sendable, Hashable {
        /// Held, unevaluated, and replayed in order when the sync completes.
        case heldAndReplayed
        /// Evaluated at once, against the messages delivered so far.
        case evaluatedAtOnce
        /// Dropped.
        case dropped
    }

    /// Where the held events are replayed, relative to the Session Start trigger.
    package enum Replay: Sendable, Hashable {
        case afterSessionStart
        case beforeSessionStart
    }

    /// Which trigger event of an app opened from a push is judged first.
    package enum PushOpenOrder: Sendable, Hashable {
        case sessionStartFirst
        case pushClickFirst
    }

    /// The app opened from a push with no session running: the session opens first, then the push
    /// click fires (Braze Web SDK `openSession`: the push click trigger fires once the session is
    /// open, after an explicit trigger refresh).
    package var pushOpenJudged = PushOpenOrder.sessionStartFirst

    /// "Exception: events that arrive while the session-start sync is still in flight are held
    /// and replayed once it completes" (semantics notes, point 4).
    package var eventsDuringSync = EventsDuringSync.heldAndReplayed

    /// At completion, Session Start is evaluated first, then the held events in the order they
    /// arrived (semantics notes, point 4).
    package var heldEventsReplayed = Replay.afterSessionStart

    /// "Upon delivery, the SDK will pre-fetch assets" (seed 003): each delivery starts the
    /// downloads afresh.
    package var deliveryRestartsAssetDownloads = true
}
