/// A value kept on the heap, so that what holds it stays one pointer wide: for the parts of the
/// model that most cases leave at their defaults (a suite holds every case at once).
///
/// A value type: copies share the storage, and setting makes a new box.
indirect enum HeapBox<Value: Sendable & Hashable>: Sendable, Hashable {
    case boxed(Value)

    init(_ value: Value) {
        self = .boxed(value)
    }

    var value: Value {
        switch self {
        case .boxed(let value): value
        }
    }
}
