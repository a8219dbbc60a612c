/// A small in-app messaging SDK: it keeps the messages the server sent at the last session start
/// and shows them, one at a time, in answer to triggers.
///
/// - A message shows on a session start or on a custom event, as its triggers say.
/// - Of the messages a trigger finds, the highest priority shows; of equal priorities, the one the
///   server sent later.
/// - After a message shows, no other shows for `minimumInterval` (test sends excepted). The pacing
///   is checked for each message before priority, and a trigger it stops is dropped, not queued.
/// - Each message shows at most once.
///
/// The app passes the time of each call (since it launched), so the SDK reads no clock itself.
/// There is no queue yet: a trigger whose winner cannot show because another message is on screen
/// reports ``Outcome/busy(winner:onScreen:)`` and shows nothing.
public struct ToyMessenger: Sendable {
    /// What a trigger led to.
    public enum Outcome: Sendable, Hashable {
        /// No message was triggered.
        case nothing
        /// This message is now on screen.
        case shown(ToyMessage)
        /// The winner did not show: the message `onScreen` is still there.
        case busy(winner: ToyMessage, onScreen: String)
    }

    /// How long after a message shows no other may show.
    public let minimumInterval: Duration
    /// The messages of the last session start, in the order the server sent them.
    public private(set) var messages: [ToyMessage] = []
    /// The message on screen, if any.
    public private(set) var onScreen: String?
    private var shown: Set<String> = []
    private var lastShownAt: Duration?

    public init(minimumInterval: Duration) {
        self.minimumInterval = minimumInterval
    }

    /// A session starts: the server's messages replace the previous ones, then session-start
    /// triggers fire.
    public mutating func startSession(receiving messages: [ToyMessage], at time: Duration) -> Outcome {
        self.messages = messages
        return fire(.sessionStart, at: time)
    }

    /// The app logs a custom event.
    public mutating func logEvent(named name: String, at time: Duration) -> Outcome {
        fire(.event(name), at: time)
    }

    /// The user closes a message; closing one that is not on screen does nothing.
    public mutating func dismiss(_ id: String) {
        if onScreen == id { onScreen = nil }
    }

    private mutating func fire(_ trigger: ToyMessage.Trigger, at time: Duration) -> Outcome {
        var winner: ToyMessage?
        for message in messages where message.triggers.contains(trigger) && isEligible(message, at: time) {
            // `>=`: a later message wins a tie.
            if message.priority >= winner?.priority ?? -.infinity { winner = message }
        }
        guard let winner else { return .nothing }
        if let onScreen { return .busy(winner: winner, onScreen: onScreen) }
        onScreen = winner.id
        shown.insert(winner.id)
        lastShownAt = time
        return .shown(winner)
    }

    private func isEligible(_ message: ToyMessage, at time: Duration) -> Bool {
        guard !shown.contains(message.id) else { return false }
        guard !message.isTestSend, let lastShownAt else { return true }
        return time - lastShownAt >= minimumInterval
    }
}
