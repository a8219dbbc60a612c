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
    /// The behaviours the whole run's experiments ruled out, each with the experiment that did:
    /// every name it refuted, and every rival a name it gave was told apart from.
    let ruledOut: [String: ExplainedBehaviour.Refutation]
    /// The certain names the whole run gave after testing them as predictions, by behaviour: a
    /// run of part of it takes their verdict rather than test them again on the sparser engine
    /// its own few names make, where what it does not name may confound an experiment.
    let borneOut: [String: ExplainedBehaviour]

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
            ruledOut: ruledOut(in: summary),
            borneOut: Dictionary(
                summary.behaviours.filter { !$0.isOpen && $0.predictions != nil }.map { ($0.behaviour, $0) },
                uniquingKeysWith: { first, _ in first }
            )
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

    /// What the whole run's experiments ruled out (``ruledOut``) in `summary`: a name it refuted,
    /// with its refutation; a rival a certain name was told apart from, refuted by that
    /// experiment, on which the engine answered as the name. The reference rules and the names it
    /// gave are never ruled out.
    private static func ruledOut(in summary: RunSummary) -> [String: ExplainedBehaviour.Refutation] {
        let given = Set(summary.behaviours.map(\.behaviour))
        var ruledOut: [String: ExplainedBehaviour.Refutation] = [:]
        for name in summary.refutedNames {
            if let refutation = name.refutation { ruledOut[name.behaviour] = refutation }
        }
        for name in summary.behaviours where !name.isOpen {
            for rival in name.toldApart {
                guard let experiment = rival.experiment, rival.behaviour != ExplainedBehaviour.reference,
                    !given.contains(rival.behaviour), ruledOut[rival.behaviour] == nil
                else { continue }
                let winner = ExplainedBehaviour.Alternative(
                    behaviour: name.behaviour,
                    summary: name.summary,
                    rule: name.rule,
                    experiment: experiment
                )
                ruledOut[rival.behaviour] = ExplainedBehaviour.Refutation(
                    rival: winner,
                    experiment: experiment,
                    rivalAnswer: experiment.engineAnswer
                )
            }
        }
        return ruledOut
    }

    /// The names `given` as the whole run's experiments leave them, and `refuted` with those they
    /// rule out (``ruledOut``): a certain name they ruled out is refuted here too, with their
    /// experiment; a name still open keeps only the hypotheses they left, certain when one is
    /// left. The whole run tested each name beside all the others it gave, as full an engine as
    /// the report knows, where a part's few names make a sparser one that an experiment may find
    /// consistent. A name is the whole run's when it is the same behaviour or behaviours.
    func carryRefutations(
        given: [ExplainedBehaviour],
        refuted: [ExplainedBehaviour]
    ) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
        var kept: [ExplainedBehaviour] = []
        var refutedHere = refuted
        for name in given {
            if !name.isOpen, let refutation = ruledOut[name.behaviour] {
                var carried = name
                carried.refutation = refutation
                refutedHere.append(carried)
            } else {
                kept.append(name.isOpen ? settled(name) : name)
            }
        }
        return (kept, refutedHere)
    }

    /// An open name with the hypotheses the whole run ruled out left out (each among those told
    /// apart, with its experiment): as it is when it rules out none or all.
    private func settled(_ name: ExplainedBehaviour) -> ExplainedBehaviour {
        let hypotheses =
            [ExplainedBehaviour.Alternative(behaviour: name.behaviour, summary: name.summary, rule: name.rule)]
            + name.alternatives
        let left = hypotheses.filter { ruledOut[$0.behaviour] == nil }
        guard !left.isEmpty, left.count < hypotheses.count else { return name }
        var settled = name
        settled.behaviour = left[0].behaviour
        settled.summary = left[0].summary
        settled.rule = left[0].rule
        settled.alternatives = Array(left.dropFirst())
        if settled.alternatives.isEmpty { settled.toTellApart = nil }
        settled.toldApart += hypotheses.filter { ruledOut[$0.behaviour] != nil }.map { hypothesis in
            var told = hypothesis
            told.experiment = ruledOut[hypothesis.behaviour]?.experiment
            return told
        }
        return settled
    }

    private static func listed(_ paths: [String]) -> String {
        paths.isEmpty ? "none" : paths.map { "'\(QuotedText.line($0))'" }.joined(separator: ", ")
    }

    private static func engine(_ command: String?) -> String {
        command.map { "the engine command '\(QuotedText.line($0))'" } ?? "the reference engine"
    }
}
