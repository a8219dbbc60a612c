/// An in-app message as the server sends it to the toy SDK.
public struct ToyMessage: Sendable, Hashable {
    /// What makes a message show.
    public enum Trigger: Sendable, Hashable {
        /// A session starts.
        case sessionStart
        /// The app logs a custom event of this name.
        case event(String)
    }

    public var id: String
    /// Higher shows first; of equal priorities, the message the server sent later.
    public var priority: Double
    /// Any one of them makes the message show.
    public var triggers: [Trigger]
    /// Key-value pairs handed to the app with the message.
    public var payload: [String: String]
    /// A test send shows whatever the pacing.
    public var isTestSend: Bool

    public init(
        id: String,
        priority: Double = 0,
        triggers: [Trigger],
        payload: [String: String] = [:],
        isTestSend: Bool = false
    ) {
        self.id = id
        self.priority = priority
        self.triggers = triggers
        self.payload = payload
        self.isTestSend = isTestSend
    }
}
