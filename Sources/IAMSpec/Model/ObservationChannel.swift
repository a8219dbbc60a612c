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

/// A set of observation channels, one bit each: what a `sequence` compares.
package struct ObservationChannels: OptionSet, Sendable {
    package let rawValue: UInt8

    package static let delivery = ObservationChannels(.delivery)

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The set of the one channel.
    package init(_ channel: ObservationChannel) {
        switch channel {
        case .delivery: rawValue = 1
        case .analytics: rawValue = 2
        case .callbacks: rawValue = 4
        case .dismissals: rawValue = 8
        }
    }

    package mutating func insert(_ channel: ObservationChannel) {
        formUnion(ObservationChannels(channel))
    }

    package func contains(_ channel: ObservationChannel) -> Bool {
        isSuperset(of: ObservationChannels(channel))
    }
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
