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
