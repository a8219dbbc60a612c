/// Messages waiting out their delay: "A trigger may delay its display by up to 7200 s"
/// (semantics notes, point 7).
package struct DelayRules: Sendable {
    /// The order of messages that become ready at the same time.
    package enum EqualReadyTimes: Sendable, Hashable {
        case inTriggerOrder
        case inReverseTriggerOrder
    }

    /// Messages due at the same time become ready in the order they were triggered.
    package var equalReadyTimes = EqualReadyTimes.inTriggerOrder
}
