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
