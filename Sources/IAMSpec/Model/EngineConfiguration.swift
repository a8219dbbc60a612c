/// How the app configured the SDK, and the device it runs on, at the start of a case.
public struct EngineConfiguration: Sendable, Hashable {
    /// The minimum trigger interval, whole seconds (`triggerMinimumTimeInterval`,
    /// legacy `ABKMinimumTriggerTimeIntervalKey`); 30 s by default.
    public var minimumTriggerInterval: VirtualTime
    public var device: DeviceKind
    /// The device's orientation when the case begins.
    public var orientation: DeviceOrientation
    /// Whether the app implements a display delegate (legacy: `beforeInAppMessageDisplayed:`).
    public var delegate: DelegatePresence

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
    case phone
    case tablet
}

/// Which way up the device is held.
public enum DeviceOrientation: String, Sendable, Hashable, CaseIterable {
    case portrait
    case landscape
}

/// Whether the app implements the display delegate.
public enum DelegatePresence: String, Sendable, Hashable, CaseIterable {
    case absent
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
