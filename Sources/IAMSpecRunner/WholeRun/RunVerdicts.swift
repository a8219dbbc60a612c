import IAMSpec

/// What a run's experiments found, as its results stream keeps them, for whatever gives names
/// again without running experiments: a run of part of it (`iamspec run --whole-run`, through
/// ``WholeRunStream``), `iamspec explain` of the stream, or a test reading a results stream. The
/// certain names the run tested as predictions keep its verdict, and what it ruled out stays ruled
/// out, so that no name is given that the run's experiments refuted.
///
/// ```swift
/// let whole = try ResultsStream.read(from: "whole-run.jsonl")
/// var part = try ResultsStream.read(from: "part.jsonl")
/// RunVerdicts(whole).carry(into: &part)   // a name the whole run refuted is refuted in the part
/// ```
public struct RunVerdicts: Sendable, Hashable {
    /// The behaviours the run's experiments ruled out, each with the experiment that did: every
    /// name it refuted, and every rival a name it gave was told apart from.
    public let ruledOut: [String: ExplainedBehaviour.Refutation]
    /// The names the run gave after its experiments, by behaviour: each certain one with its
    /// verdict as a prediction (when it was tested), each open one with what would tell its
    /// hypotheses apart (`ExplainedBehaviour.withVerdict(of:)` carries them).
    public let given: [String: ExplainedBehaviour]
    /// The names the run gave in place of names its experiments refuted, each completed by the
    /// mechanism its experiment showed, by the refuted name's behaviour
    /// (`ExplainedBehaviour.completes`).
    public let completions: [String: ExplainedBehaviour]
    /// The runs the run refuted a name for and gave no name: its searches ended with them among
    /// the differences no name explains.
    public let leftUnexplained: Set<ExplainedBehaviour.Run>

    /// The hypotheses the run's last search was made without, so that a search made again of its
    /// failed runs makes the same: none when its experiments refuted no name (it searched once);
    /// else each of every name they refuted (an open one's too) and each rival they told a name
    /// given apart from (``ruledOut``), as the searches made after a refutation leave out.
    public var searchedWithout: Set<String> {
        refutedHypotheses.isEmpty ? [] : refutedHypotheses.union(ruledOut.keys)
    }
    /// Each hypothesis of every name the run refuted.
    private let refutedHypotheses: Set<String>

    /// The verdicts of the run `summary` reports (its `behaviours` and `refutedNames`).
    public init(_ summary: RunSummary) {
        ruledOut = Self.ruledOut(in: summary)
        refutedHypotheses = Set(summary.refutedNames.flatMap(\.hypotheses))
        given = Dictionary(summary.behaviours.map { ($0.behaviour, $0) }, uniquingKeysWith: { first, _ in first })
        completions = Dictionary(
            summary.behaviours.compactMap { name in name.completes.map { ($0, name) } },
            uniquingKeysWith: { first, _ in first }
        )
        leftUnexplained = Set(summary.refutedNames.flatMap(\.runs)).subtracting(summary.behaviours.flatMap(\.runs))
    }

    /// What the run's experiments ruled out (``ruledOut``) in `summary`: a name it refuted, with
    /// its refutation; a rival a certain name was told apart from, refuted by that experiment, on
    /// which the engine answered as the name. The reference rules and the names it gave are never
    /// ruled out.
    private static func ruledOut(in summary: RunSummary) -> [String: ExplainedBehaviour.Refutation] {
        let given = Set(summary.behaviours.map(\.behaviour))
        var ruledOut: [String: ExplainedBehaviour.Refutation] = [:]
        for name in summary.refutedNames {
            // A name still open is refuted when each of its hypotheses is.
            guard let refutation = name.refutation else { continue }
            for hypothesis in name.hypotheses { ruledOut[hypothesis] = refutation }
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

    /// The names `given` as the run's experiments leave them, and `refuted` with those they rule
    /// out (``ruledOut``): a certain name they ruled out is refuted here too, with their
    /// experiment (once: a name `refuted` holds already stays as it is); a name still open keeps
    /// only the hypotheses they left, certain when one is left. The run tested each name
    /// beside all the others it gave, as full an engine as the report knows, where a part's few
    /// names make a sparser one that an experiment may find consistent. A name is the run's when
    /// it is the same behaviour or behaviours.
    public func carryRefutations(
        given: [ExplainedBehaviour],
        refuted: [ExplainedBehaviour]
    ) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
        var kept: [ExplainedBehaviour] = []
        var refutedHere = refuted
        for name in given {
            if !name.isOpen, let refutation = ruledOut[name.behaviour] {
                guard !refutedHere.contains(where: { $0.behaviour == name.behaviour }) else { continue }
                var carried = name
                carried.refutation = refutation
                refutedHere.append(carried)
            } else {
                kept.append(name.isOpen ? settled(name) : name)
            }
        }
        return (kept, refutedHere)
    }

    /// The names of `summary`, a run of part of the run these verdicts are of (or of the same
    /// suite and engine), as its experiments leave them (``carryRefutations(given:refuted:)``):
    /// its `behaviours` and `refutedNames` replaced.
    public func carry(into summary: inout RunSummary) {
        (summary.behaviours, summary.refutedNames) = carryRefutations(
            given: summary.behaviours,
            refuted: summary.refutedNames
        )
    }

    /// Gives `found`, the names of the run these verdicts are of found again with no experiment
    /// (its failed runs explained anew), to `summary`, that run's, as its experiments leave them:
    /// a name they refuted stays refuted, with their experiment; a name still open keeps the
    /// hypotheses they left, and what would tell them apart; a certain name the run tested as a
    /// prediction keeps its verdict (its predictions, the rivals they told apart, the experiments
    /// that concluded nothing), and an untested one the rivals it told apart. A certain name the
    /// run refuted and gave completed in its place
    /// (``completions``) is that completion, with its verdict, for the runs found. A name the run
    /// did not give, found only for runs it left unexplained (``leftUnexplained``), is not given:
    /// the run's searches ended before it, and no experiment tested it. Its `behaviours` and
    /// `refutedNames` are replaced.
    public func give(_ found: [ExplainedBehaviour], to summary: inout RunSummary) {
        let asTheRunLeftThem = found.map(completed).filter { name in
            given[name.behaviour] != nil || !name.runs.allSatisfy(leftUnexplained.contains)
        }
        let carried = carryRefutations(given: asTheRunLeftThem, refuted: summary.refutedNames)
        summary.behaviours = carried.given.map { name in
            var found = name.withVerdict(of: given[name.behaviour])
            // The rivals the run told apart are no hypotheses of the search (``searchedWithout``):
            // the name comes certain, and says what told it apart, as the run's does.
            if let run = given[name.behaviour], !found.isOpen, found.toldApart.isEmpty {
                found.toldApart = run.toldApart
            }
            return found
        }
        summary.refutedNames = carried.refuted
    }

    /// `name` as the run gave it: a certain name the run gave completed in its place is the
    /// completion (its behaviours, words and rule), replaying the runs found.
    private func completed(_ name: ExplainedBehaviour) -> ExplainedBehaviour {
        guard !name.isOpen, given[name.behaviour] == nil, let completion = completions[name.behaviour] else {
            return name
        }
        var completed = name
        completed.behaviour = completion.behaviour
        completed.summary = completion.summary
        completed.rule = completion.rule
        completed.toldApart = []
        completed.completes = name.behaviour
        return completed
    }

    /// An open name with the hypotheses the run ruled out left out (each among those told apart,
    /// with its experiment): as it is when it rules out none or all.
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
}
