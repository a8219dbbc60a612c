import IAMSpec

/// The first check of an expectation that did not hold, with what it expected and what it found.
package struct ExpectationFailure: Sendable, Hashable {
    /// `sequence`, `contains`, `absent` or `stack`.
    package var check: CaseResult.Kind
    package var message: String
    package var expected: [String]
    package var actual: [String]
    /// The mismatch's shape, without the messages' ids: the same for every run that differs the
    /// same way (``Difference/mismatch``).
    package var mismatch: String
}

/// Checks an expectation against a window of observations, as Specs/README.md defines.
package enum ExpectationCheck {
    /// Checks `sequence`, `contains` and `absent`, in that order; the stack is checked apart,
    /// after the runner has inspected it.
    package static func check(_ expectation: Expectation, window: ArraySlice<Observation>) -> ExpectationFailure? {
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
    package static func checkSequence(
        _ patterns: [ObservationPattern],
        window: ArraySlice<Observation>
    ) -> ExpectationFailure? {
        guard let mismatch = WindowMatching.sequence(patterns, in: window) else { return nil }
        let channelNames = ObservationChannel.allCases.filter(mismatch.channels.contains).map(\.rawValue)
        let expected = patterns.map(CaseSyntax.plain.pattern)
        let actual = mismatch.compared.map(CaseSyntax.plain.observation)
        return ExpectationFailure(
            check: .sequence,
            message: "sequence on \(channelNames.joined(separator: ", ")): expected \(listText(expected)), "
                + "found \(listText(actual))",
            expected: expected,
            actual: actual,
            mismatch: "sequence: " + partingText(WindowMatching.firstParting(patterns, mismatch.compared))
        )
    }

    /// Each pattern must match a distinct observation, in order, with any others between.
    package static func checkContains(
        _ patterns: [ObservationPattern],
        window: ArraySlice<Observation>
    ) -> ExpectationFailure? {
        guard let (index, afterEarlierMatches) = WindowMatching.missing(patterns, in: window) else { return nil }
        let pattern = patterns[index]
        return ExpectationFailure(
            check: .contains,
            message: "contains: no observation matching `\(CaseSyntax.plain.pattern(pattern))`"
                + (afterEarlierMatches ? " after the ones matched before it" : "")
                + " in \(listText(window.map(CaseSyntax.plain.observation)))",
            expected: patterns.map(CaseSyntax.plain.pattern),
            actual: window.map(CaseSyntax.plain.observation),
            mismatch: "contains: a missing \(pattern.kind.nameText)"
        )
    }

    /// No observation may match any of the patterns.
    package static func checkAbsent(
        _ patterns: [ObservationPattern],
        window: ArraySlice<Observation>
    ) -> ExpectationFailure? {
        guard let (observation, index) = WindowMatching.present(patterns, in: window) else { return nil }
        return ExpectationFailure(
            check: .absent,
            message:
                "absent: `\(CaseSyntax.plain.observation(observation))` matches `\(CaseSyntax.plain.pattern(patterns[index]))`",
            expected: patterns.map { "no \(CaseSyntax.plain.pattern($0))" },
            actual: window.map(CaseSyntax.plain.observation),
            mismatch: "absent: an unexpected \(observation.kind.nameText)"
        )
    }

    /// The stack the engine reported must be exactly the expected one, top first. Expected and
    /// actual are each one entry, the stack as a case writes it (`stack: [a, b]`, `stack: []`),
    /// so an empty stack never reads as an empty window.
    package static func checkStack(expected: [MessageID], actual: [MessageID]) -> ExpectationFailure? {
        guard expected != actual else { return nil }
        let expected = listText(expected.map(CaseSyntax.plain.id))
        let actual = listText(actual.map(CaseSyntax.plain.id))
        return ExpectationFailure(
            check: .stack,
            message: "stack (top first): expected \(expected), found \(actual)",
            expected: ["stack: \(expected)"],
            actual: ["stack: \(actual)"],
            mismatch: "stack: a different stack"
        )
    }

    /// Where a sequence and the observations first part: `an unexpected displayed` (an
    /// observation past the patterns), `a missing stacked` (a pattern past the observations),
    /// `discarded where displayed was expected`, or `displayed unlike the pattern` (same kind,
    /// another message or detail).
    private static func partingText(_ parting: WindowMatching.Parting?) -> String {
        switch parting {
        case .unexpected(let kind): "an unexpected \(kind.nameText)"
        case .missing(let kind): "a missing \(kind.nameText)"
        case .unlike(let kind): "\(kind.nameText) unlike the pattern"
        case .instead(let found, let expected): "\(found.nameText) where \(expected.nameText) was expected"
        case nil: "a different sequence"
        }
    }

    /// `[a, b]`: items as a case writes a list.
    package static func listText(_ items: [String]) -> String {
        "[\(items.joined(separator: ", "))]"
    }
}
