import IAMSpec

/// A message on its way to the screen: triggered by an event (with its trigger time), or created
/// and presented by the app itself (local).
struct Presentation: Sendable, Hashable {
    var message: InAppMessage
    /// The message's slot (``MessageSlots``), where the engine holds its state.
    var slot: Int
    /// When its trigger fired; nil for a local message, which has no trigger.
    var triggerTime: VirtualTime?
    /// Whether the app took it off the stack itself (`display_next`) for the display attempt under
    /// way, or the one that waits for its assets; a message put back on the stack forgets it.
    var takenByApp = false
    /// The delivery of the messages it was triggered under (``ReferenceEngine/deliveries``); 0 for
    /// a local message.
    var delivery = 0
    /// Whether a Session Start trigger fired it (``TriggerRules/sessionStartDisplaysOncePerDay``).
    var triggeredBySessionStart = false
    /// Whether a push click fired it (``ScreenRules/pushClickMessagesReplaceVisibleMessage``).
    var triggeredByPushClick = false
    /// When it was put on screen, while it is there; nil before.
    var shownAt: VirtualTime?
    /// Whether its impression waits for its time on screen (``AnalyticsRules/ImpressionMoment/afterTimeOnScreen``)
    /// and has not been logged yet.
    var impressionAwaitsScreenTime = false
    /// Whether its impression was logged before its display, when the app's background put it on
    /// the stack (``AnalyticsRules/impressionWhenStackedInBackground``).
    var impressionLoggedBeforeDisplay = false

    var id: MessageID { message.id }

    /// Whether the app created the message itself: "Braze does not support analytics on in-app
    /// messages created locally" (seed 003); no timeout or interval applies either.
    var isLocal: Bool { triggerTime == nil }
}
