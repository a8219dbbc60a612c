/// How the app configured the SDK, and the device it runs on, at the start of a case.
public struct EngineConfiguration: Sendable, Hashable {
    /// The minimum trigger interval, whole seconds (`triggerMinimumTimeInterval`,
    /// legacy `ABKMinimumTriggerTimeIntervalKey`); 30 s by default.
    public var minimumTriggerInterval: VirtualTime
    /// The kind of device the app runs on; a phone by default.
    public var device: DeviceKind
    /// The device's orientation when the case begins.
    public var orientation: DeviceOrientation
    /// Whether the app implements a display delegate (legacy: `beforeInAppMessageDisplayed:`).
    public var delegate: DelegatePresence

    /// A configuration; each setting left out has the default a case's `given.config` has when it
    /// leaves the setting out.
    public init(
        minimumTriggerInterval: VirtualTime = .seconds(30),
        device: DeviceKind = .phone,
        orientation: DeviceOrientation = .portrait,
        delegate: DelegatePresence = .absent
    ) {
        self.minimumTriggerInterval = minimumTriggerInterval
        self.device = device
        self.orientation = orientation
        self.delegate = delegate
    }
}

/// The kind of device; orientation is not checked on tablets.
public enum DeviceKind: String, Sendable, Hashable, CaseIterable {
    /// A phone: a message built for one orientation must fit the device's.
    case phone
    /// A tablet: a message's orientation is not checked.
    case tablet
}

/// Which way up the device is held.
public enum DeviceOrientation: String, Sendable, Hashable, CaseIterable {
    /// Upright, taller than wide.
    case portrait
    /// On its side, wider than tall.
    case landscape
}

/// Whether the app implements the display delegate.
public enum DelegatePresence: String, Sendable, Hashable, CaseIterable {
    /// The app has no display delegate: the SDK decides alone (the default).
    case absent
    /// The app implements the display delegate, whose answer for a message a case sets with a
    /// ``Stimulus/delegateChoiceSet(message:choice:)`` step.
    case implemented
}

/// What the app's display delegate answers for a message.
///
/// The names are iamspec's own, because the SDKs' names collide: Swift `.reenqueue` is
/// ``later``, while legacy `ABKReenqueueInAppMessage` is ``rollback``.
public enum DisplayChoice: String, Sendable, Hashable, CaseIterable {
    /// Display now (Swift `.now`, legacy `ABKDisplayInAppMessageNow`).
    case now
    /// Back on top of the stack (Swift `.reenqueue` and its alias `.later`, legacy `ABKDisplayInAppMessageLater`).
    case later
    /// Discard (Swift `.discard`, legacy `ABKDiscardInAppMessage`).
    case discard
    /// Legacy only: undo the trigger as if it never happened; nothing is stacked (legacy `ABKReenqueueInAppMessage`).
    case rollback
}
