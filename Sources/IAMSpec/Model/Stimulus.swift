/// Something that happens to the engine: the app, the user, the network or the clock acting.
public enum Stimulus: Sendable, Hashable {
    /// A session starts: the server delivers the case's messages and asset downloads begin.
    /// With `syncPending`, the session-start sync stays in flight until ``sessionSyncCompleted``.
    case sessionStarted(syncPending: Bool)
    /// The session-start sync completes; events held while it was in flight are replayed.
    case sessionSyncCompleted
    case sessionEnded
    /// The app relaunches from suspended mode: the in-memory stack is emptied.
    case appRelaunched
    indirect case customEvent(CustomEvent)
    indirect case purchase(Purchase)
    /// The app is opened from a push notification.
    case pushClicked(campaign: String?)
    /// The app is opened from a push notification while no session is running: a session starts
    /// (its sync completes at once) and the push click arrives with it.
    case appOpenedFromPush(campaign: String?)
    /// Virtual time moves forward; delayed displays that fall due run, in time order.
    case timeAdvanced(by: VirtualTime)
    case appBackgrounded
    case appForegrounded
    case deviceRotated(to: DeviceOrientation)
    case keyboardShown
    case keyboardHidden
    /// A pending asset download of a message settles.
    case assetDownloadSettled(message: MessageID, succeeded: Bool)
    /// From now on the display delegate answers this choice for the message.
    case delegateChoiceSet(message: MessageID, choice: DisplayChoice)
    /// The user dismisses the visible message.
    case messageDismissed(MessageID)
    /// The user clicks the visible message.
    case messageClicked(MessageID)
    /// The app asks for the top of the stack (`presentNext()`, `displayNextInAppMessage`).
    case displayNextRequested
    /// The app presents a message it created itself.
    indirect case localMessagePresented(InAppMessage)
    /// The app changes the current user (or wipes data).
    case userChanged(to: String)
    /// The harness asks for the stack, top first; the engine answers with one ``Observation/stack(_:)``.
    case stackInspected
}

/// Where an event was logged from; only events logged through the SDK can trigger.
public enum EventSource: String, Sendable, Hashable, CaseIterable {
    case sdk
    /// The REST API: the event reaches the user's profile but never triggers a message.
    case api
}

/// A custom event.
public struct CustomEvent: Sendable, Hashable {
    public var name: String
    public var properties: [String: PropertyValue]
    public var source: EventSource

    public init(name: String, properties: [String: PropertyValue] = [:], source: EventSource = .sdk) {
        self.name = name
        self.properties = properties
        self.source = source
    }
}

/// A purchase.
public struct Purchase: Sendable, Hashable {
    public var product: String
    public var price: Double
    public var properties: [String: PropertyValue]
    public var source: EventSource

    public init(
        product: String,
        price: Double = 0,
        properties: [String: PropertyValue] = [:],
        source: EventSource = .sdk
    ) {
        self.product = product
        self.price = price
        self.properties = properties
        self.source = source
    }
}
