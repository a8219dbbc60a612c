/// A message's identifier, unique within a case.
public typealias MessageID = String

/// An in-app message as the server delivers it (or as the app creates it locally).
public struct InAppMessage: Sendable, Hashable {
    public var id: MessageID
    /// Any one of these makes the message eligible. Empty for a local message.
    public var triggers: [Trigger]
    /// Higher wins; among equals, the message later in the delivered list wins.
    public var priority: Double
    /// How long after its trigger the message becomes ready to display (0 to 7200 s).
    public var delay: VirtualTime
    /// The settings most messages leave at their defaults, on the heap; nil while all of them are
    /// (a suite holds every case's messages at once: this keeps a message at 56 bytes, not 160).
    private var seldomSet: HeapBox<SeldomSetFields>?
    public var type: MessageType
    public var orientation: OrientationRequirement
    /// The outcome of the image download; nil when the message has no image.
    public var image: AssetOutcome?
    /// The outcome of the zip (HTML bundle) download; nil when the message has none.
    public var zip: AssetOutcome?
    /// A test send, which ignores the minimum trigger interval.
    public var isTestSend: Bool
    /// A control-group message: it counts as displayed and logs its impression, but shows nothing.
    public var isControl: Bool

    public init(
        id: MessageID,
        type: MessageType = .slideup,
        priority: Double = 0,
        triggers: [Trigger] = [],
        orientation: OrientationRequirement = .any,
        image: AssetOutcome? = nil,
        zip: AssetOutcome? = nil,
        extras: [String: String] = [:],
        delay: VirtualTime = .zero,
        timeout: VirtualTime? = nil,
        reeligibility: VirtualTime? = nil,
        isTestSend: Bool = false,
        minimumTriggerInterval: VirtualTime? = nil,
        start: VirtualTime? = nil,
        end: VirtualTime? = nil,
        isControl: Bool = false,
        imageOnLaterDeliveries: [AssetOutcome] = [],
        zipOnLaterDeliveries: [AssetOutcome] = []
    ) {
        self.id = id
        self.triggers = triggers
        self.priority = priority
        self.delay = delay
        self.type = type
        self.orientation = orientation
        self.image = image
        self.zip = zip
        self.isTestSend = isTestSend
        self.isControl = isControl
        self.seldomSetFields = SeldomSetFields(
            extras: extras,
            timeout: timeout,
            reeligibility: reeligibility,
            minimumTriggerInterval: minimumTriggerInterval,
            start: start,
            end: end,
            imageOnLaterDeliveries: imageOnLaterDeliveries,
            zipOnLaterDeliveries: zipOnLaterDeliveries
        )
    }

    /// Key-value pairs that reach the app unchanged with the message.
    public var extras: [String: String] {
        get { seldomSet?.value.extras ?? [:] }
        set { seldomSetFields.extras = newValue }
    }

    /// The display deadline, from trigger time; nil means `delay` + 30 s.
    public var timeout: VirtualTime? {
        get { seldomSet?.value.timeout }
        set { seldomSetFields.timeout = newValue }
    }

    /// How long after a display the message may be triggered again; nil means never.
    public var reeligibility: VirtualTime? {
        get { seldomSet?.value.reeligibility }
        set { seldomSetFields.reeligibility = newValue }
    }

    /// The message's own minimum trigger interval, which overrides the configuration's when it is
    /// a candidate; nil means the configuration's.
    public var minimumTriggerInterval: VirtualTime? {
        get { seldomSet?.value.minimumTriggerInterval }
        set { seldomSetFields.minimumTriggerInterval = newValue }
    }

    /// The campaign's start: before it, the message is not a candidate; nil means no start.
    public var start: VirtualTime? {
        get { seldomSet?.value.start }
        set { seldomSetFields.start = newValue }
    }

    /// The campaign's end: after it, the message is not a candidate; nil means no end.
    public var end: VirtualTime? {
        get { seldomSet?.value.end }
        set { seldomSetFields.end = newValue }
    }

    /// The image download's outcome at the second delivery, the third, and so on (the last one
    /// repeats); empty means every delivery is as ``image``.
    public var imageOnLaterDeliveries: [AssetOutcome] {
        get { seldomSet?.value.imageOnLaterDeliveries ?? [] }
        set { seldomSetFields.imageOnLaterDeliveries = newValue }
    }

    /// The same as ``imageOnLaterDeliveries``, for the zip download.
    public var zipOnLaterDeliveries: [AssetOutcome] {
        get { seldomSet?.value.zipOnLaterDeliveries ?? [] }
        set { seldomSetFields.zipOnLaterDeliveries = newValue }
    }

    /// The seldom-set settings; setting them all to their defaults frees their storage, so that
    /// two equal messages are stored alike (`Hashable` compares the storage).
    private var seldomSetFields: SeldomSetFields {
        get { seldomSet?.value ?? SeldomSetFields() }
        set { seldomSet = newValue == SeldomSetFields() ? nil : HeapBox(newValue) }
    }

    /// The settings of `seldomSet`, each at its default until a case sets it.
    private struct SeldomSetFields: Sendable, Hashable {
        var extras: [String: String] = [:]
        var timeout: VirtualTime?
        var reeligibility: VirtualTime?
        var minimumTriggerInterval: VirtualTime?
        var start: VirtualTime?
        var end: VirtualTime?
        var imageOnLaterDeliveries: [AssetOutcome] = []
        var zipOnLaterDeliveries: [AssetOutcome] = []
    }

    /// The image download's outcome at the given delivery (1 for the first); nil: no image.
    public func imageOutcome(atDelivery delivery: Int) -> AssetOutcome? {
        Self.outcome(image, later: imageOnLaterDeliveries, atDelivery: delivery)
    }

    /// The zip download's outcome at the given delivery (1 for the first); nil: no zip.
    public func zipOutcome(atDelivery delivery: Int) -> AssetOutcome? {
        Self.outcome(zip, later: zipOnLaterDeliveries, atDelivery: delivery)
    }

    private static func outcome(
        _ first: AssetOutcome?,
        later: [AssetOutcome],
        atDelivery delivery: Int
    ) -> AssetOutcome? {
        guard delivery > 1, let last = later.last else { return first }
        return delivery - 2 < later.count ? later[delivery - 2] : last
    }

    /// The timeout in force: the given one, or `delay` + 30 s.
    public var effectiveTimeout: VirtualTime {
        timeout ?? delay + .seconds(30)
    }
}

/// The kinds of in-app message.
public enum MessageType: String, Sendable, Hashable, CaseIterable {
    case slideup
    case modal
    /// An image-only ("graphic") modal.
    case modalImage = "modal_image"
    case full
    case html
}

/// The orientation a message is built for.
public enum OrientationRequirement: String, Sendable, Hashable, CaseIterable {
    case any
    case portrait
    case landscape
}

/// How an asset download ends.
public enum AssetOutcome: String, Sendable, Hashable, CaseIterable {
    /// Downloaded when the message is delivered.
    case succeeds
    /// Fails when the message is delivered.
    case fails
    /// Still downloading until an `asset_download` step settles it.
    case pending
}
