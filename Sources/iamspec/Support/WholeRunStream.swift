import IAMSpec
import IAMSpecRunner

/// The results stream of a whole run, given with `--whole-run` to a run of part of it (a re-run
/// line's run) or to `explain`: the runs it records as passed judge the part's names, as they
/// judged the whole run's, and its experiments' verdicts stand in the part (a name they refuted,
/// or a rival they told a name apart from, is refuted; a name they bore out is not tested again),
/// so that a case run alone is never given a name the whole run refutes.
///
/// It must be a run of the same suite paths and the same engine command (the reference engine
/// for none) as the run it judges, as its header records them: a stream of another suite or
/// engine says nothing of this one.
struct WholeRunStream {
    /// The stream's path, as it was given.
    let path: String
    /// The stream's header.
    let header: RunHeader
    /// The runs the stream lists as anything but passed.
    let notPassed: Set<ExplainedBehaviour.Run>
    /// How many runs the engine passed.
    let passedCount: Int
    /// Whether every run of its selection ran (the run was not cut short), so that the runs it
    /// passed are the others.
    let ranEveryRun: Bool
    /// What the whole run's experiments found: a run of part of it takes their verdicts rather
    /// than run them again on the sparser engine its own few names make, where what it does not
    /// name may confound an experiment.
    let verdicts: RunVerdicts

    /// The stream at `path`, read whole and checked, its runs that did not pass held.
    ///
    /// - Throws: ``CommandFailure`` (exit status 2) when it cannot be read.
    static func read(_ path: String) throws(CommandFailure) -> WholeRunStream {
        var notPassed: Set<ExplainedBehaviour.Run> = []
        let recorded: RecordedRun
        do {
            recorded = try ResultsStream.readTallied(from: path) { result in
                if result.status != .passed { notPassed.insert(ExplainedBehaviour.Run(result)) }
            }
        } catch {
            throw .usage("\(error.description) (given as --whole-run)")
        }
        let summary = recorded.summary
        return WholeRunStream(
            path: path,
            header: summary.header,
            notPassed: notPassed,
            passedCount: summary.passedCount,
            ranEveryRun: summary.notRun == 0 && !summary.interrupted && !summary.stoppedAtFirstFailure,
            verdicts: RunVerdicts(summary)
        )
    }

    /// Refuses a stream of other suite paths or another engine command than `suitePaths` and
    /// `engineCommand` (nil: the reference engine), those of the run it is to judge.
    ///
    /// - Throws: ``CommandFailure`` (exit status 2) naming what differs.
    func requireRun(of suitePaths: [String], engineCommand: String?) throws(CommandFailure) {
        let quoted = "'\(QuotedText.line(path))'"
        if header.suitePaths != suitePaths {
            throw .usage(
                "error: --whole-run \(quoted) is a run of another suite: found the suite paths "
                    + "\(Self.listed(header.suitePaths)), expected \(Self.listed(suitePaths))"
            )
        }
        let recordedCommand = header.invocation?.engineCommand
        if recordedCommand != engineCommand {
            throw .usage(
                "error: --whole-run \(quoted) is a run of another engine: found \(Self.engine(recordedCommand)), "
                    + "expected \(Self.engine(engineCommand))"
            )
        }
    }

    /// The runs the engine passed in the whole run, among `loadedCases` (the runs of its selection
    /// the stream does not list as anything but passed), leaving out `judgedAnew`: the runs the
    /// run it judges made again, whose outcome now is the engine's answer. Nil when that cannot
    /// be told: the whole run was cut short, or the cases no longer give as many passes as it
    /// counted.
    func passes(among loadedCases: [LoadedCase], leavingOut judgedAnew: Set<ExplainedBehaviour.Run>) -> [CaseRun]? {
        guard ranEveryRun else { return nil }
        let passed = header.selection.runs(of: loadedCases).filter {
            !notPassed.contains(ExplainedBehaviour.Run(caseID: loadedCases[$0.caseIndex].id, profile: $0.profile))
        }
        guard passed.count == passedCount else { return nil }
        return passed.filter {
            !judgedAnew.contains(ExplainedBehaviour.Run(caseID: loadedCases[$0.caseIndex].id, profile: $0.profile))
        }
    }

    private static func listed(_ paths: [String]) -> String {
        paths.isEmpty ? "none" : paths.map { "'\(QuotedText.line($0))'" }.joined(separator: ", ")
    }

    private static func engine(_ command: String?) -> String {
        command.map { "the engine command '\(QuotedText.line($0))'" } ?? "the reference engine"
    }
}
