/// Something that happens to the engine: the app, the user, the network or the clock acting.
public enum Stimulus: Sendable, Hashable {
    /// A session starts: the server delivers the case's messages and asset downloads begin.
    /// With `syncPending`, the session-start sync stays in flight until ``sessionSyncCompleted``.
    case sessionStarted(syncPending: Bool)
    /// The session-start sync completes; events held while it was in flight are replayed.
    case sessionSyncCompleted
    /// The session ends.
    case sessionEnded
    /// The app relaunches from suspended mode: the in-memory stack is emptied.
    case appRelaunched
    /// The app logs a custom event.
    indirect case customEvent(CustomEvent)
    /// The app logs a purchase.
    indirect case purchase(Purchase)
    /// The app is opened from a push notification.
    case pushClicked(campaign: String?)
    /// The app is opened from a push notification while no session is running: a session starts
    /// (its sync completes at once) and the push click arrives with it.
    case appOpenedFromPush(campaign: String?)
    /// Virtual time moves forward; delayed displays that fall due run, in time order.
    case timeAdvanced(by: VirtualTime)
    /// The app goes to the background.
    case appBackgrounded
    /// The app comes back to the foreground.
    case appForegrounded
    /// The device turns to this orientation.
    case deviceRotated(to: DeviceOrientation)
    /// The keyboard comes up.
    case keyboardShown
    /// The keyboard goes away.
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
    /// The SDK in the app: the event may trigger messages.
    case sdk
    /// The REST API: the event reaches the user's profile but never triggers a message.
    case api
}

/// A custom event.
public struct CustomEvent: Sendable, Hashable {
    /// The event's name, which a `custom_event` trigger names.
    public var name: String
    /// The event's properties, which a trigger's filters test.
    public var properties: [String: PropertyValue]
    /// Where the event was logged from.
    public var source: EventSource

    /// An event of this name, with properties and a source (none and the SDK by default).
    public init(name: String, properties: [String: PropertyValue] = [:], source: EventSource = .sdk) {
        self.name = name
        self.properties = properties
        self.source = source
    }
}

/// A purchase.
public struct Purchase: Sendable, Hashable {
    /// The product's id, which a `purchase` trigger names.
    public var product: String
    /// The price paid.
    public var price: Double
    /// The purchase's properties, which a trigger's filters test.
    public var properties: [String: PropertyValue]
    /// Where the purchase was logged from.
    public var source: EventSource

    /// A purchase of this product, with a price, properties and a source (0, none and the SDK by default).
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
