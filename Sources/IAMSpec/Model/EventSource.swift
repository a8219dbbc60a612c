/// Where an event was logged from; only events logged through the SDK can trigger.
public enum EventSource: String, Sendable, Hashable, CaseIterable {
    /// The SDK in the app: the event may trigger messages.
    case sdk
    /// The REST API: the event reaches the user's profile but never triggers a message.
    case api
}
