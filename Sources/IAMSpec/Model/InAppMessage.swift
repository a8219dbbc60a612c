/// A message's identifier, unique within a case.
public typealias MessageID = String

/// An in-app message as the server delivers it (or as the app creates it locally).
public struct InAppMessage: Sendable, Hashable {
    /// Every stored setting, in one shared object: a copy of a message (a selection, a
    /// presentation, an array of messages) is one reference, not a retain of each field.
    /// Copied on write when another message shares it, so that shared storage never changes.
    private var storage: Storage

    /// The message's identifier, unique within its case; observations name the message by it.
    public var id: MessageID {
        get { storage.fields.id }
        set { uniqueStorage().fields.id = newValue }
    }

    /// Any one of these makes the message eligible. Empty for a local message.
    public var triggers: [Trigger] {
        get { storage.fields.triggers }
        set { uniqueStorage().fields.triggers = newValue }
    }

    /// Higher wins; among equals, the message later in the delivered list wins.
    public var priority: Double {
        get { storage.fields.priority }
        set { uniqueStorage().fields.priority = newValue }
    }

    /// How long after its trigger the message becomes ready to display (0 to 7200 s).
    public var delay: VirtualTime {
        get { storage.fields.delay }
        set { uniqueStorage().fields.delay = newValue }
    }

    /// The kind of message; a slide-up unless set.
    public var type: MessageType {
        get { storage.fields.type }
        set { uniqueStorage().fields.type = newValue }
    }

    /// The orientation the message is built for; ``OrientationRequirement/any`` unless set.
    public var orientation: OrientationRequirement {
        get { storage.fields.orientation }
        set { uniqueStorage().fields.orientation = newValue }
    }

    /// The outcome of the image download; nil when the message has no image.
    public var image: AssetOutcome? {
        get { storage.fields.image }
        set { uniqueStorage().fields.image = newValue }
    }

    /// The outcome of the zip (HTML bundle) download; nil when the message has none.
    public var zip: AssetOutcome? {
        get { storage.fields.zip }
        set { uniqueStorage().fields.zip = newValue }
    }

    /// A test send, which ignores the minimum trigger interval.
    public var isTestSend: Bool {
        get { storage.fields.isTestSend }
        set { uniqueStorage().fields.isTestSend = newValue }
    }

    /// A control-group message: it counts as displayed and logs its impression, but shows nothing.
    public var isControl: Bool {
        get { storage.fields.isControl }
        set { uniqueStorage().fields.isControl = newValue }
    }

    /// A message with the given settings; each left out has the default a case's message has when
    /// it leaves the key out (`Specs/README.md`, `given.messages`).
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
        let seldomSet = SeldomSetFields(
            extras: extras,
            timeout: timeout,
            reeligibility: reeligibility,
            minimumTriggerInterval: minimumTriggerInterval,
            start: start,
            end: end,
            imageOnLaterDeliveries: imageOnLaterDeliveries,
            zipOnLaterDeliveries: zipOnLaterDeliveries
        )
        storage = Storage(
            Fields(
                id: id,
                triggers: triggers,
                priority: priority,
                delay: delay,
                seldomSet: Self.boxed(seldomSet),
                type: type,
                orientation: orientation,
                image: image,
                zip: zip,
                isTestSend: isTestSend,
                isControl: isControl
            )
        )
    }

    /// Key-value pairs that reach the app unchanged with the message.
    public var extras: [String: String] {
        get { storage.fields.seldomSet?.value.extras ?? [:] }
        set { seldomSetFields.extras = newValue }
    }

    /// The display deadline, from trigger time; nil means `delay` + 30 s.
    public var timeout: VirtualTime? {
        get { storage.fields.seldomSet?.value.timeout }
        set { seldomSetFields.timeout = newValue }
    }

    /// How long after a display the message may be triggered again; nil means never.
    public var reeligibility: VirtualTime? {
        get { storage.fields.seldomSet?.value.reeligibility }
        set { seldomSetFields.reeligibility = newValue }
    }

    /// The message's own minimum trigger interval, which overrides the configuration's when it is
    /// a candidate; nil means the configuration's.
    public var minimumTriggerInterval: VirtualTime? {
        get { storage.fields.seldomSet?.value.minimumTriggerInterval }
        set { seldomSetFields.minimumTriggerInterval = newValue }
    }

    /// The campaign's start: before it, the message is not a candidate; nil means no start.
    public var start: VirtualTime? {
        get { storage.fields.seldomSet?.value.start }
        set { seldomSetFields.start = newValue }
    }

    /// The campaign's end: after it, the message is not a candidate; nil means no end.
    public var end: VirtualTime? {
        get { storage.fields.seldomSet?.value.end }
        set { seldomSetFields.end = newValue }
    }

    /// The image download's outcome at the second delivery, the third, and so on (the last one
    /// repeats); empty means every delivery is as ``image``.
    public var imageOnLaterDeliveries: [AssetOutcome] {
        get { storage.fields.seldomSet?.value.imageOnLaterDeliveries ?? [] }
        set { seldomSetFields.imageOnLaterDeliveries = newValue }
    }

    /// The same as ``imageOnLaterDeliveries``, for the zip download.
    public var zipOnLaterDeliveries: [AssetOutcome] {
        get { storage.fields.seldomSet?.value.zipOnLaterDeliveries ?? [] }
        set { seldomSetFields.zipOnLaterDeliveries = newValue }
    }

    /// The seldom-set settings; setting them all to their defaults frees their storage, so that
    /// two equal messages are stored alike (`Hashable` compares the storage).
    private var seldomSetFields: SeldomSetFields {
        get { storage.fields.seldomSet?.value ?? SeldomSetFields() }
        set { uniqueStorage().fields.seldomSet = Self.boxed(newValue) }
    }

    /// Seldom-set settings on the heap, or nil when all of them are at their defaults.
    private static func boxed(_ seldomSet: SeldomSetFields) -> HeapBox<SeldomSetFields>? {
        seldomSet == SeldomSetFields() ? nil : HeapBox(seldomSet)
    }

    /// The storage, first copied when another message shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.fields)
        }
        return storage
    }

    /// Whether two messages have the same settings; at once when they share their storage.
    public static func == (lhs: InAppMessage, rhs: InAppMessage) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes the message's settings, all that `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// A message's stored settings.
    private struct Fields: Sendable, Hashable {
        var id: MessageID
        var triggers: [Trigger]
        var priority: Double
        var delay: VirtualTime
        /// The settings most messages leave at their defaults, on the heap; nil while all of them
        /// are (a suite holds every case's messages at once: this keeps the storage small).
        var seldomSet: HeapBox<SeldomSetFields>?
        var type: MessageType
        var orientation: OrientationRequirement
        var image: AssetOutcome?
        var zip: AssetOutcome?
        var isTestSend: Bool
        var isControl: Bool
    }

    /// The one object a message and its copies share. Mutable only through `uniqueStorage()`,
    /// that is while one message alone holds it, so it is never changed while another thread can
    /// read it.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
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
    /// A slide-up banner at an edge of the screen (the default).
    case slideup
    /// A modal dialog over the app.
    case modal
    /// An image-only ("graphic") modal.
    case modalImage = "modal_image"
    /// A message that fills the screen.
    case full
    /// A message in HTML, whose files come in a zip bundle (``InAppMessage/zip``).
    case html
}

/// The orientation a message is built for.
public enum OrientationRequirement: String, Sendable, Hashable, CaseIterable {
    /// Fits the device held either way (the default).
    case any
    /// Built for a device held upright.
    case portrait
    /// Built for a device held on its side.
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
