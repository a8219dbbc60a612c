import IAMSpec

/// A run made several times (`iamspec run --repeat N`) whose repeats did not agree: the same
/// case, the same requests, and another outcome or other observations. An engine owes the same
/// answers to the same requests (Specs/PROTOCOL.md, "Determinism"), so such a run is a finding of
/// its own: it fails, with the kind `nondeterministic` (``CaseResult/Kind/nondeterministic``), and
/// its reports show both repeats, each with its timeline.
///
/// A run whose repeats all agree is reported once, as its first repeat: a run that fails the same
/// way every time stays a plain failure.
public struct Nondeterminism: Sendable, Hashable, Codable {
    /// How many times the run was to be made (`--repeat N`).
    public var repeats: Int
    /// The first repeat, and the first repeat that did not agree with it, in that order.
    public var runs: [Repeat]

    /// One repeat of the run, as it went: its outcome and its timeline.
    public struct Repeat: Sendable, Hashable, Codable {
        /// Which repeat it was, from 1.
        public var number: Int
        /// How it ended.
        public var status: CaseStatus
        /// For a failed or errored repeat, the check or the cause.
        public var kind: CaseResult.Kind?
        /// What went wrong, or why it was skipped; empty when it passed.
        public var message: String
        /// The steps it ran, with what the engine observed at each.
        public var timeline: [TimelineEntry]

        /// A repeat as a results stream records it.
        public init(
            number: Int,
            status: CaseStatus,
            kind: CaseResult.Kind? = nil,
            message: String = "",
            timeline: [TimelineEntry] = []
        ) {
            self.number = number
            self.status = status
            self.kind = kind
            self.message = message
            self.timeline = timeline
        }

        /// Repeat `number`, which gave `result`.
        init(_ result: CaseResult, number: Int) {
            self.init(
                number: number,
                status: result.status,
                kind: result.kind,
                message: result.message,
                timeline: result.timeline
            )
        }

        /// `passed`, or `failed: MESSAGE`: how the repeat ended, in words.
        package var outcome: String {
            status.rawValue + (message.isEmpty ? "" : ": \(message)")
        }
    }

    /// The repeats of a run of `repeats`, of which two did not agree.
    public init(repeats: Int, runs: [Repeat]) {
        self.repeats = repeats
        self.runs = runs
    }

    /// Whether two repeats of a run agree: the same outcome (status, kind, message, where) and the
    /// same observations at each step. Durations and what the engine wrote on the side may differ.
    package static func agree(_ one: CaseResult, _ other: CaseResult) -> Bool {
        one.status == other.status && one.kind == other.kind && one.message == other.message
            && one.location == other.location && one.difference == other.difference
            && one.timeline == other.timeline
    }

    /// The result of a run whose repeat `number` (`other`) did not agree with its first
    /// (`first`): failed, of kind `nondeterministic`, with both repeats; its location is the
    /// first failing repeat's step (else the case's), its timeline the first repeat's.
    package static func result(first: CaseResult, other: CaseResult, number: Int, of repeats: Int) -> CaseResult {
        var result = first
        let runs = [Repeat(first, number: 1), Repeat(other, number: number)]
        result.status = .failed
        result.kind = .nondeterministic
        result.message = message(runs, of: repeats)
        result.location = first.status == .passed ? other.location : first.location
        result.difference = nil
        result.diagnostics = first.diagnostics.isEmpty ? other.diagnostics : first.diagnostics
        result.given = first.given.isEmpty ? other.given : first.given
        result.durationMilliseconds = first.durationMilliseconds + other.durationMilliseconds
        result.nondeterminism = Nondeterminism(repeats: repeats, runs: runs)
        return result
    }

    /// `nondeterministic: repeat 1 of 2 passed, repeat 2 failed: ...`, or, when both ended
    /// alike, `nondeterministic: repeats 1 and 2 of 2 both passed, with other observations`.
    private static func message(_ runs: [Repeat], of repeats: Int) -> String {
        let (first, other) = (runs[0], runs[1])
        guard first.outcome != other.outcome else {
            return "nondeterministic: repeats \(first.number) and \(other.number) of \(repeats) both "
                + "\(first.outcome), with other observations"
        }
        return "nondeterministic: repeat \(first.number) of \(repeats) \(first.outcome); "
            + "repeat \(other.number) \(other.outcome)"
    }

    /// The repeats as text, for a failure report: each repeat's outcome, then its timeline
    /// (``TimelineText``), indented by two spaces.
    package var lines: [String] {
        var lines: [String] = []
        for run in runs {
            if !lines.isEmpty { lines.append("") }
            lines.append("repeat \(run.number) of \(repeats): \(QuotedText.line(run.outcome))")
            lines += TimelineText.lines(run.timeline).map { "  \($0)" }
        }
        return lines
    }
}

extension CaseExecutor {
    /// Runs `specCase` under `profile` up to `repeats` times, each on a fresh engine, and compares
    /// each repeat with the first: the first that does not agree (``Nondeterminism/agree(_:_:)``)
    /// makes the result nondeterministic, and the repeats stop there; when all agree, the result
    /// is the first repeat's. `beforeRepeat` is asked before each repeat after the first (a
    /// watchdog restarts its clock there); false stops the repeats. A run skipped before it was
    /// made (a planned skip, a profile or capability the engine lacks) is not repeated.
    package func execute(
        _ specCase: SpecCase,
        profile: Profile,
        repeats: Int,
        plannedSkip: String? = nil,
        keepsTimelineWhenPassed: Bool = true,
        memo: inout Memo,
        beforeRepeat: () -> Bool = { true },
        engineMade: (any DeliveryEngine) -> Void = { _ in }
    ) -> CaseResult {
        var first = execute(
            specCase,
            profile: profile,
            plannedSkip: plannedSkip,
            keepsTimelineWhenPassed: keepsTimelineWhenPassed || repeats > 1,
            memo: &memo,
            engineMade: engineMade
        )
        let isMade = !(first.status == .skipped && first.kind == nil)
        if repeats > 1 && isMade {
            for number in 2...repeats {
                guard beforeRepeat() else { break }
                let other = execute(
                    specCase,
                    profile: profile,
                    plannedSkip: plannedSkip,
                    keepsTimelineWhenPassed: true,
                    memo: &memo,
                    engineMade: engineMade
                )
                if !Nondeterminism.agree(first, other) {
                    return Nondeterminism.result(first: first, other: other, number: number, of: repeats)
                }
            }
        }
        if first.status == .passed && !keepsTimelineWhenPassed {
            first.timeline = []
        }
        return first
    }
}
