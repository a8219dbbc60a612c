/// Whether a window of observations meets an expectation's checks, as Specs/README.md defines
/// them ("Observations and expectations"), and where it does not: the matching alone, without
/// words. The runner and the portable executor both judge a window here, through
/// `ExpectationCheck` (IAMSpecPortable), which says what differs in a case's own syntax.
package enum WindowMatching {
    /// Where a `sequence` check does not hold: the channels it compares (delivery, and each
    /// channel one of its patterns belongs to) and the window's observations on them, in order.
    package struct SequenceMismatch {
        /// The channels compared.
        package var channels: ObservationChannels
        /// The window's observations on those channels.
        package var compared: [Observation]
    }

    /// Where the patterns of a `sequence` and the observations it compares first part.
    package enum Parting: Equatable {
        /// An observation past the last pattern.
        case unexpected(ObservationKind)
        /// A pattern past the last observation.
        case missing(ObservationKind)
        /// An observation of the pattern's kind, with another message or detail.
        case unlike(ObservationKind)
        /// An observation of another kind than the pattern's.
        case instead(found: ObservationKind, expected: ObservationKind)
    }

    /// `sequence`: the window's observations on the compared channels must be exactly the
    /// patterns, in order; nil when they are.
    package static func sequence(
        _ patterns: [ObservationPattern],
        in window: ArraySlice<Observation>
    ) -> SequenceMismatch? {
        var channels = ObservationChannels.delivery
        // By index: each pattern's channel is read in place, the pattern not copied.
        for index in patterns.indices { channels.insert(patterns[index].channel) }
        if holdsInOrder(patterns, window: window, on: channels) { return nil }
        let compared = window.filter { observation in observation.channel.map(channels.contains) ?? false }
        return SequenceMismatch(channels: channels, compared: compared)
    }

    /// Whether the window's observations on the channels are exactly the patterns, in order.
    private static func holdsInOrder(
        _ patterns: [ObservationPattern],
        window: ArraySlice<Observation>,
        on channels: ObservationChannels
    ) -> Bool {
        var next = patterns.startIndex
        // By index: an observation on a channel not compared is passed over without a copy.
        for index in window.indices {
            guard let channel = window[index].channel, channels.contains(channel) else { continue }
            guard next < patterns.endIndex, patterns[next].matches(window[index]) else { return false }
            next += 1
        }
        return next == patterns.endIndex
    }

    /// `contains`: each pattern must match a distinct observation, in order, with any others
    /// between. The first pattern that matches none after those matched before it, and whether
    /// the patterns before it matched any (so that only part of the window was left to it); nil
    /// when every pattern matches.
    package static func missing(
        _ patterns: [ObservationPattern],
        in window: ArraySlice<Observation>
    ) -> (pattern: Int, afterEarlierMatches: Bool)? {
        var remaining = window[...]
        for index in patterns.indices {
            guard let found = remaining.firstIndex(where: patterns[index].matches) else {
                return (index, remaining.count != window.count)
            }
            remaining = remaining[(found + 1)...]
        }
        return nil
    }

    /// `absent`: no observation may match any of the patterns. The first observation that
    /// matches one, and the first pattern it matches; nil when none does.
    package static func present(
        _ patterns: [ObservationPattern],
        in window: ArraySlice<Observation>
    ) -> (observation: Observation, pattern: Int)? {
        for observation in window {
            if let pattern = patterns.firstIndex(where: { $0.matches(observation) }) {
                return (observation, pattern)
            }
        }
        return nil
    }

    /// Where the patterns and the observations a `sequence` compares first part; nil when they
    /// do not (the observations are exactly the patterns).
    package static func firstParting(_ patterns: [ObservationPattern], _ observations: [Observation]) -> Parting? {
        var index = 0
        while index < patterns.count, index < observations.count, patterns[index].matches(observations[index]) {
            index += 1
        }
        if index == patterns.count {
            return index < observations.count ? .unexpected(observations[index].kind) : nil
        }
        if index == observations.count { return .missing(patterns[index].kind) }
        let expected = patterns[index].kind
        let found = observations[index].kind
        return found == expected ? .unlike(found) : .instead(found: found, expected: expected)
    }
}
