import IAMSpec

/// The results stream of a whole run, given with `--whole-run` to a run of part of it (a re-run
/// line's run) or to `explain`: the runs it records as passed judge the part's names, as they
/// judged the whole run's, and its experiments' verdicts stand in the part (a name they refuted,
/// or a rival they told a name apart from, is refuted; a name they bore out is not tested again),
/// so that a case run alone is never given a name the whole run refutes.
///
/// It must be a run of the same suite paths and the same engine command (the reference engine
/// for none) as the run it judges, as its header records them: a stream of another suite or
/// engine says nothing of this one.
///
/// ```swift
/// let whole = try WholeRunStream(readingFrom: "whole-run.jsonl")
/// var part = try ResultsStream.read(from: "part.jsonl")
/// try whole.requireRun(of: part.header.suitePaths, engineCommand: part.header.invocation?.engineCommand)
/// whole.verdicts.carry(into: &part)
/// ```
public struct WholeRunStream: Sendable {
    /// The stream's path, as it was given.
    public let path: String
    /// The stream's header.
    public let header: RunHeader
    /// The runs the stream lists as anything but passed.
    private let notPassed: Set<ExplainedBehaviour.Run>
    /// How many runs the engine passed.
    private let passedCount: Int
    /// Whether every run of its selection ran (the run was not cut short), so that the runs it
    /// passed are the others.
    private let ranEveryRun: Bool
    /// What the whole run's experiments found: a run of part of it takes their verdicts rather
    /// than run them again on the sparser engine its own few names make, where what it does not
    /// name may confound an experiment.
    public let verdicts: RunVerdicts

    /// The stream at `path`, read whole and checked, its runs that did not pass held.
    ///
    /// - Throws: ``ResultsStreamError`` when it cannot be read.
    public init(readingFrom path: String) throws(ResultsStreamError) {
        var notPassed: Set<ExplainedBehaviour.Run> = []
        let recorded = try ResultsStream.readTallied(from: path) { result in
            if result.status != .passed { notPassed.insert(ExplainedBehaviour.Run(result)) }
        }
        let summary = recorded.summary
        self.path = path
        header = summary.header
        self.notPassed = notPassed
        passedCount = summary.passedCount
        ranEveryRun = summary.notRun == 0 && !summary.interrupted && !summary.stoppedAtFirstFailure
        verdicts = RunVerdicts(summary)
    }

    /// Refuses a stream of other suite paths or another engine command than `suitePaths` and
    /// `engineCommand` (nil: the reference engine), those of the run it is to judge.
    ///
    /// - Throws: ``WholeRunMismatch`` naming what differs.
    public func requireRun(of suitePaths: [String], engineCommand: String?) throws(WholeRunMismatch) {
        if header.suitePaths != suitePaths {
            throw WholeRunMismatch(path: path, difference: .suitePaths(found: header.suitePaths, expected: suitePaths))
        }
        let recordedCommand = header.invocation?.engineCommand
        if recordedCommand != engineCommand {
            throw WholeRunMismatch(
                path: path,
                difference: .engineCommand(found: recordedCommand, expected: engineCommand)
            )
        }
    }

    /// The runs the engine passed in the whole run, among `loadedCases` (the runs of its selection
    /// the stream does not list as anything but passed), leaving out `judgedAnew`: the runs the
    /// run it judges made again, whose outcome now is the engine's answer. Nil when that cannot
    /// be told: the whole run was cut short, or the cases no longer give as many passes as it
    /// counted.
    package func passes(
        among loadedCases: [LoadedCase],
        leavingOut judgedAnew: Set<ExplainedBehaviour.Run>
    ) -> [CaseRun]? {
        guard ranEveryRun else { return nil }
        let passed = header.selection.runs(of: loadedCases).filter {
            !notPassed.contains(ExplainedBehaviour.Run(caseID: loadedCases[$0.caseIndex].id, profile: $0.profile))
        }
        guard passed.count == passedCount else { return nil }
        return passed.filter {
            !judgedAnew.contains(ExplainedBehaviour.Run(caseID: loadedCases[$0.caseIndex].id, profile: $0.profile))
        }
    }
}
