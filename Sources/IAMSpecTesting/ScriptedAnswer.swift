public import IAMSpec

/// What a ``ScriptedEngine`` does with one stimulus.
///
/// An array literal is a list of observations: `return [.displayed("promo", extras: [:])]`.
public enum ScriptedAnswer: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Answer with these observations, in order.
    case observations([Observation])
    /// Never answer: block until the engine is interrupted, then throw ``EngineError``.
    /// For watchdog and interruption tests.
    case hang

    public init(arrayLiteral elements: Observation...) {
        self = .observations(elements)
    }
}
