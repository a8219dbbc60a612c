/// Everything a run produced: what was run, each result, and whether it was cut short.
///
/// This is what the results stream (`--json`) holds, and what every report is made from.
/// `iamspec run` itself keeps only the results that did not pass (its reports get every result
/// while the run goes on); `ConformanceRun.run(cases:rules:paths:)` keeps them all.
public struct RunSummary: Sendable, Hashable {
    /// What was run: the engine, the suite, the selection and when.
    public var header: RunHeader
    /// Sorted by case id, then profile.
    public var results: [CaseResult]
    /// The run was stopped (SIGINT, SIGTERM, `RunControl.interrupt()`) before every run was made.
    public var interrupted: Bool
    /// The run stopped starting runs after its first failure or error (`RunOptions.failFast`).
    public var stoppedAtFirstFailure: Bool
    /// Selected runs never started, because the run was interrupted or stopped at its first
    /// failure: they are not in ``results`` and count as neither passed, failed nor skipped.
    public var notRun: Int
    /// What the engine wrote after a case had ended, each line quoted with the case it followed
    /// (`after case "b" (braze-swift) had ended, the engine wrote ...`): a protocol fault of that
    /// case's engine, found only when the engine's process was given its next case, after that
    /// case's result was out; the next case ran on a fresh process. It fails the run. The stdio
    /// provider gathers them (`StdioEngineProvider.lateLines`); a run in code sets them here.
    public var lateLines: [String] = []
    /// What the engine does differently, each behaviour with the failing runs it explains (each
    /// run under one behaviour at most), most runs first: found by replaying the failing runs on
    /// the reference engine's behaviours (`iamspec run` does unless `--no-explain`); empty when
    /// none was looked for or none reproduces a run.
    public var behaviours: [ExplainedBehaviour] = []
    /// Names the search found that an experiment on the engine refuted (each with its
    /// ``ExplainedBehaviour/refutation``): tested as predictions, they are not given, and their
    /// runs are among the ``differences`` no name explains, the refuting experiment their
    /// evidence. Empty when no name was tested or none was refuted.
    public var refutedNames: [ExplainedBehaviour] = []
    /// The refuted names a report shows (``refutedNames``): each refuting experiment's first name
    /// only. A later name the same experiment refuted predicted there what that one did (the same
    /// behaviour beside another that changes nothing there): it tells the team nothing more.
    public var refutedNamesShown: [ExplainedBehaviour] {
        var shown: [ExplainedBehaviour] = []
        for name in refutedNames where !shown.contains(where: { $0.refutation == name.refutation }) {
            shown.append(name)
        }
        return shown
    }
    /// The smallest case that shows each difference group no name explains, by the group's example
    /// run (``DifferenceGroup/example``): a YAML case the reference engine passes and the engine
    /// fails, its failing run shrunk on the engine (`iamspec run` finds them unless
    /// `--no-experiments`). Empty when none was looked for.
    public var smallestCases: [ExplainedBehaviour.Run: String] = [:]
    /// What the engine declares and cannot have meant, found by running it (a capability it
    /// declared but declined on every run that needed it; a protocol-2 list naming none of the
    /// capabilities added since): warnings at the end of every report, which fail the run under
    /// `iamspec run --strict-capabilities` (``RunInvocation/strictCapabilities``).
    package var capabilityWarnings: [String] = []
    /// The shards of its selection the run lacks (`iamspec merge` of some of the shards, or
    /// `iamspec report` of one shard's stream): their runs were not made here, which fails it
    /// unless partial results are wanted (`iamspec report --partial`).
    package var missingShards: [Shard] = []
    /// Passed runs counted but not in ``results``: a streamed run hands each result to its
    /// reports as it finishes and keeps only those it needs afterwards.
    package var passedNotKept: Int
    /// The baseline that judged ``results`` (`iamspec run --baseline`), with its stale entries;
    /// nil for a run as the engine did it.
    package var baseline: AppliedBaseline?
    /// The failures folded as they came (``FailureFold``), those not kept in ``results`` counted
    /// there; nil when every failure is kept.
    package var failureFold: FailureFold?
    /// The expected failures of a run a baseline judged that it keeps no result of (its fold's,
    /// ``FailureFold/expectedFailures``, once judged in place: `BaselineJudgement`), each with its
    /// judged message; counted as skipped runs.
    package var expectedFailuresNotKept = ExpectedFailures()

    /// A summary made in code, or read back from a results stream.
    public init(
        header: RunHeader,
        results: [CaseResult],
        interrupted: Bool = false,
        stoppedAtFirstFailure: Bool = false,
        notRun: Int = 0
    ) {
        self.header = header
        self.results = results
        self.interrupted = interrupted
        self.stoppedAtFirstFailure = stoppedAtFirstFailure
        self.notRun = notRun
        self.passedNotKept = 0
        self.baseline = nil
        self.failureFold = nil
    }

    /// Adds a result as a run delivers it: kept in ``results`` unless it passed with no check
    /// skipped (which every report lists) and `keepingPassed` turns it down, then counted in
    /// ``passedNotKept``.
    package mutating func keep(_ result: CaseResult, unlessTurnedDown keepingPassed: (CaseResult) -> Bool) {
        if result.status == .passed && result.skippedChecks.isEmpty && !keepingPassed(result) {
            passedNotKept += 1
        } else {
            results.append(result)
        }
    }

    /// Every run made, kept in ``results`` or not.
    package var runCount: Int {
        results.count + passedNotKept + (failureFold.map { $0.droppedFailures + $0.droppedErrors } ?? 0)
            + expectedFailuresNotKept.count
    }

    /// Passed runs, those not kept in ``results`` included.
    public var passedCount: Int { count(of: [.passed]) + passedNotKept }
    /// Failed runs, errors included.
    public var failedCount: Int { count(of: [.failed, .error]) }
    /// Skipped runs: declined by the engine, the provider, `RunOptions.plannedSkip` or a baseline.
    public var skippedCount: Int { count(of: [.skipped]) }
    /// Errored runs (also counted in ``failedCount``).
    package var errorCount: Int { count(of: [.error]) }

    /// Whether the run succeeded, and the counts every report shows (`RunVerdict`, package).
    package var verdict: RunVerdict { RunVerdict(self) }

    /// Every selected run passed or was skipped, the run was not interrupted, and the engine
    /// wrote nothing after a case had ended (``lateLines``) (nor, for a run a baseline judged, is
    /// any of its entries stale).
    public var succeeded: Bool { verdict.succeeded }

    /// The process exit code: 0 when ``succeeded``, otherwise 1.
    public var exitCode: Int32 { verdict.exitCode }

    /// How many results have one of these statuses; reads each status in place, without copying
    /// the results (a suite of 10,000 cases has about 20,000).
    private func count(of statuses: Set<CaseStatus>) -> Int {
        var count = failureFold?.dropped(of: statuses) ?? 0
        if statuses.contains(.skipped) {
            count += expectedFailuresNotKept.count
        }
        for index in results.indices where statuses.contains(results[index].status) {
            count += 1
        }
        return count
    }

    /// `N passed, N failed, N skipped`, with `N errors` before `skipped` when runs errored (for a
    /// run a baseline judged, each stale entry counts as failed).
    public var totalsLine: String { verdict.totalsLine }
}
