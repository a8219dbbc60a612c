import IAMSpec

/// The first check of an expectation that did not hold, with what it expected and what it found.
struct ExpectationFailure: Sendable, Hashable {
    /// `sequence`, `contains`, `absent` or `stack`.
    var check: CaseResult.Kind
    var message: String
    var expected: [String]
    var actual: [String]
    /// The mismatch's shape, without the messages' ids: the same for every run that differs the
    /// same way (``Difference/mismatch``).
    var mismatch: String
}

/// Checks an expectation against a window of observations, as Specs/README.md defines.
enum ExpectationCheck {
    /// Checks `sequence`, `contains` and `absent`, in that order; the stack is checked apart,
    /// after the runner has inspected it.
    static func check(_ expectation: Expectation, window: ArraySlice<Observation>) -> ExpectationFailure? {
        if let sequence = expectation.sequence, let failure = checkSequence(sequence, window: window) {
            return failure
        }
        if let contains = expectation.contains, let failure = checkContains(contains, window: window) {
            return failure
        }
        if let absent = expectation.absent, let failure = checkAbsent(absent, window: window) {
            return failure
        }
        return nil
    }

    /// The window's observations of the compared channels must be exactly the patterns, in order.
    /// The compared channels are delivery, plus each channel a pattern belongs to.
    static func checkSequence(_ patterns: [ObservationPattern], window: ArraySlice<Observation>) -> ExpectationFailure?
    {
        var channels = ObservationChannels.delivery
        // By index: each pattern's channel is read in place, the pattern not copied.
        for index in patterns.indices { channels.insert(patterns[index].channel) }
        if holdsInOrder(patterns, window: window, on: channels) { return nil }
        let compared = window.filter { observation in observation.channel.map(channels.contains) ?? false }
        let channelNames = ObservationChannel.allCases.filter(channels.contains).map(\.rawValue)
        let expected = patterns.map(CaseSyntax.plain.pattern)
        let actual = compared.map(CaseSyntax.plain.observation)
        return ExpectationFailure(
            check: .sequence,
            message: "sequence on \(channelNames.joined(separator: ", ")): expected \(listText(expected)), "
                + "found \(listText(actual))",
            expected: expected,
            actual: actual,
            mismatch: "sequence: " + firstMismatch(patterns, compared)
        )
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

    /// Each pattern must match a distinct observation, in order, with any others between.
    static func checkContains(_ patterns: [ObservationPattern], window: ArraySlice<Observation>) -> ExpectationFailure?
    {
        var remaining = window[...]
        for pattern in patterns {
            guard let index = remaining.firstIndex(where: pattern.matches) else {
                return ExpectationFailure(
                    check: .contains,
                    message: "contains: no observation matching `\(CaseSyntax.plain.pattern(pattern))`"
                        + (remaining.count == window.count ? "" : " after the ones matched before it")
                        + " in \(listText(window.map(CaseSyntax.plain.observation)))",
                    expected: patterns.map(CaseSyntax.plain.pattern),
                    actual: window.map(CaseSyntax.plain.observation),
                    mismatch: "contains: a missing \(pattern.kind.nameText)"
                )
            }
            remaining = remaining[(index + 1)...]
        }
        return nil
    }

    /// No observation may match any of the patterns.
    static func checkAbsent(_ patterns: [ObservationPattern], window: ArraySlice<Observation>) -> ExpectationFailure? {
        for observation in window {
            if let pattern = patterns.first(where: { $0.matches(observation) }) {
                return ExpectationFailure(
                    check: .absent,
                    message:
                        "absent: `\(CaseSyntax.plain.observation(observation))` matches `\(CaseSyntax.plain.pattern(pattern))`",
                    expected: patterns.map { "no \(CaseSyntax.plain.pattern($0))" },
                    actual: window.map(CaseSyntax.plain.observation),
                    mismatch: "absent: an unexpected \(observation.kind.nameText)"
                )
            }
        }
        return nil
    }

    /// The stack the engine reported must be exactly the expected one, top first. Expected and
    /// actual are each one entry, the stack as a case writes it (`stack: [a, b]`, `stack: []`),
    /// so an empty stack never reads as an empty window.
    static func checkStack(expected: [MessageID], actual: [MessageID]) -> ExpectationFailure? {
        guard expected != actual else { return nil }
        return ExpectationFailure(
            check: .stack,
            message: "stack (top first): expected \(listText(expected)), found \(listText(actual))",
            expected: ["stack: \(listText(expected))"],
            actual: ["stack: \(listText(actual))"],
            mismatch: "stack: a different stack"
        )
    }

    /// Where a sequence and the observations first part: `an unexpected displayed` (an
    /// observation past the patterns), `a missing stacked` (a pattern past the observations),
    /// `discarded where displayed was expected`, or `displayed unlike the pattern` (same kind,
    /// another message or detail).
    private static func firstMismatch(_ patterns: [ObservationPattern], _ observations: [Observation]) -> String {
        var index = 0
        while index < patterns.count, index < observations.count, patterns[index].matches(observations[index]) {
            index += 1
        }
        if index == patterns.count, index < observations.count {
            return "an unexpected \(observations[index].kind.nameText)"
        }
        if index == observations.count, index < patterns.count { return "a missing \(patterns[index].kind.nameText)" }
        guard index < patterns.count, index < observations.count else { return "a different sequence" }
        let expected = patterns[index].kind.nameText
        let found = observations[index].kind.nameText
        return found == expected ? "\(found) unlike the pattern" : "\(found) where \(expected) was expected"
    }

    static func listText(_ items: [String]) -> String {
        "[\(items.joined(separator: ", "))]"
    }
}
