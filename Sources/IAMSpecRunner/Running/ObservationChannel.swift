import IAMSpec

/// The kinds of observation that a `sequence` expectation compares separately
/// (Specs/README.md, "Observation channels").
package enum ObservationChannel: String, Sendable, Hashable, CaseIterable {
    /// What happened to messages: displayed, stacked, discarded, rolled back.
    case delivery
    /// Impressions and clicks logged.
    case analytics
    /// Delegate callbacks: no matching trigger.
    case callbacks
    /// The visible message leaving the screen: dismissed.
    case dismissals
}

extension Observation {
    /// The channel of this observation; a stack answer belongs to none.
    package var channel: ObservationChannel? {
        switch self {
        case .impressionLogged, .clickLogged: .analytics
        case .noMatchingTrigger: .callbacks
        case .dismissed: .dismissals
        case .displayed, .stacked, .discarded, .rolledBack: .delivery
        case .stack: nil
        }
    }
}

extension ObservationPattern {
    /// The channel of the observations this pattern matches.
    package var channel: ObservationChannel {
        switch self {
        case .impressionLogged, .clickLogged: .analytics
        case .noMatchingTrigger: .callbacks
        case .dismissed: .dismissals
        case .displayed, .stacked, .discarded, .rolledBack: .delivery
        }
    }
}
