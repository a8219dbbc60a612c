import IAMSpec

/// The outcome of one case run, everything a report shows about it.
///
/// Results are the single source of every report: the console summary, the results stream
/// (`--json`) and JUnit are all made from them.
public struct CaseResult: Sendable, Hashable {
    /// The id of the case that was run.
    public var caseID: String
    /// The SDK generation the case was run under.
    public var profile: Profile
    /// The case's title.
    public var title: String
    /// Whether the run passed, failed, errored or was skipped.
    public var status: CaseStatus
    /// What went wrong (failed, error) or why the run was skipped; empty when passed.
    public var message: String
    /// For failed: the check that did not hold. For error: what stopped the run. Nil otherwise
    /// (and for a failed or errored result read from elsewhere that names none).
    public var kind: Kind?
    /// Where the failing step is written; the case's own location for other outcomes.
    public var location: SourceLocation
    /// Wall-clock time of the run, for reports only; never decides an outcome.
    public var durationMilliseconds: Int64
    /// The rules the case checks, with where each comes from.
    public var rules: [RuleReference]
    /// The case's tags.
    public var tags: [String]
    /// The steps run, in order, up to the one that failed or errored.
    public var timeline: [TimelineEntry]
    /// What the engine wrote on the side (an `EngineError`'s diagnostics), if anything.
    public var diagnostics: String
    /// The case's `given`, compactly, one line each (`config: {...}`, `messages:`, `  - {...}`),
    /// for the report of a failed or errored run (the console's, JUnit's; the results stream
    /// records it as `given`); empty for other runs.
    public var given: [String]

    /// For a failed run whose `expect` step did not hold: the rules it checks and the shape of
    /// the mismatch; nil otherwise.
    public var difference: Difference?

    /// Whether the run failed at a step that only sets the case up, before the case's own rules
    /// were checked: it is *blocked* for those rules (``Difference/blocked``), reported as such.
    public var isBlocked: Bool {
        status == .failed && !(difference?.blocked.isEmpty ?? true)
    }

    /// The checks of the run that were not made, for want of a capability the engine lacks, while
    /// the rest of the run was judged (``SkippedCheck``); empty for most runs.
    public var skippedChecks: [SkippedCheck]

    /// For a run made several times whose repeats did not agree (`iamspec run --repeat N`): its
    /// first repeat and the first that differed, each with its timeline; nil otherwise.
    public var nondeterminism: Nondeterminism?

    /// A result made in code; reports are made the same way from it as from a run's.
    public init(
        caseID: String,
        profile: Profile,
        title: String,
        status: CaseStatus,
        message: String = "",
        kind: Kind? = nil,
        location: SourceLocation,
        durationMilliseconds: Int64 = 0,
        rules: [RuleReference] = [],
        tags: [String] = [],
        timeline: [TimelineEntry] = [],
        diagnostics: String = "",
        given: [String] = [],
        difference: Difference? = nil,
        skippedChecks: [SkippedCheck] = [],
        nondeterminism: Nondeterminism? = nil
    ) {
        self.caseID = caseID
        self.profile = profile
        self.title = title
        self.status = status
        self.message = message
        self.kind = kind
        self.location = location
        self.durationMilliseconds = durationMilliseconds
        self.rules = rules
        self.tags = tags
        self.timeline = timeline
        self.diagnostics = diagnostics
        self.given = given
        self.difference = difference
        self.skippedChecks = skippedChecks
        self.nondeterminism = nondeterminism
    }

    /// Why the run was skipped, or nil when it was not.
    public var skipReason: String? { status == .skipped ? message : nil }
}
