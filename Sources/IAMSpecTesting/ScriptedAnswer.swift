public import IAMSpec

/// What a ``ScriptedEngine`` does with one stimulus.
///
/// An array literal is a list of observations: `return [.displayed("promo", extras: [:])]`.
public enum ScriptedAnswer: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Answer with these observations, in order.
    case observations([Observation])
    /// Decline the stimulus: throw `CaseSkipped` with the reason, as an engine that does not
    /// support it (over stdio, the protocol's `unsupported` answer). The run is skipped.
    case unsupported(reason: String)
    /// Never answer: block until the engine is interrupted, then throw `EngineError`.
    /// For watchdog and interruption tests.
    case hang

    /// Answers with the observations of the literal, in order.
    public init(arrayLiteral elements: Observation...) {
        self = .observations(elements)
    }
}
