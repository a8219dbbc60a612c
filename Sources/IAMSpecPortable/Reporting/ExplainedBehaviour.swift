import IAMSpec

/// What the engine under test does differently, named after the behaviours of iamspec's catalogue
/// that reproduce its failing runs, with the proof: replayed on the reference engine with those
/// behaviours together, each of ``runs`` gives exactly the engine's observations, step by step,
/// up to the same failing check, and each of ``passes`` runs the engine passed still passes.
///
/// A name is one behaviour, or two or three that an engine has at once (``behaviour`` joins their
/// ids by `+`, as `mutant:<id>` names them). Where other behaviours fit the runs as well, the name
/// says so: those an experiment ruled out (``toldApart``), and those still open (``alternatives``:
/// the name is then "one of" it and them, none preferred). A failing run is listed under one name
/// at most (``RunSummary/behaviours``); the runs no name reproduces are the summary's
/// ``RunSummary/differences``.
public struct ExplainedBehaviour: Sendable, Hashable {
    /// The behaviour's id in the catalogue (`iamspec mutate --list`), as `mutant:<id>` names it;
    /// the ids of behaviours named together joined by `+`, sorted.
    public var behaviour: String
    /// What an engine with the behaviour does, in one line, as "an engine that ..." goes on:
    /// `lets waiting messages leave first in, first out`; for behaviours together, theirs joined
    /// by `; `.
    public var summary: String
    /// The id of the rule it departs from; for behaviours together, theirs joined by `, `.
    public var rule: String
    /// The runs it replays exactly, sorted by case id, then profile.
    public var runs: [Run]
    /// How many runs the engine passed it was replayed on, passing each: 0 when none could be
    /// weighed (the run was cut short).
    public var passes: Int
    /// How many of the engine's other failing runs it was replayed on, none departing from the
    /// engine's observations before the reference rules' replay does (a run whose engine observed
    /// its first step otherwise than the reference rules weighs nothing): 0 when none could be
    /// weighed, or in streams from before iamspec checked names against failing runs.
    public var failingRuns: Int
    /// Behaviours that replay the same runs and pass the same passes, which nothing run told
    /// apart from this one: the name is one of this and these, sorted by id. Empty when the name
    /// is certain.
    public var alternatives: [Alternative]
    /// Behaviours that replay the same runs and pass the same passes, which an experiment ruled
    /// out: on its scenario the engine answered as this name's replay does, not as theirs.
    public var toldApart: [Alternative]
    /// For a name still open, what would tell its hypotheses apart (a capability the engine does
    /// not declare, whose cases would), when an experiment looked; nil otherwise.
    public var toTellApart: String?
    /// How many predictions of the name the engine bore out, when the name was tested as a
    /// prediction (`iamspec run` tests each certain name on the engine): scenarios on which the
    /// engine as named answers differently from the reference rules or from a rival of the same
    /// rule, run on the engine, which answered as the name predicts (each rival so ruled out is in
    /// ``toldApart`` with its experiment). 0 when none was (none of the scenarios generated within
    /// the engine's capabilities told the name from any of them, or the engine answered as neither
    /// or declined: ``unanswered``, ``declined``); nil when the name was not tested (`iamspec explain`,
    /// `--no-test-names`, `--no-experiments`, a name still open, an interrupted run).
    public var predictions: Int?
    /// The experiments run to test the name (``predictions``) that concluded nothing, in the order
    /// they ran: each with its scenario, the engine's answer, the name's and the rival's
    /// predictions, and why it concluded nothing. Empty when none, or when the name was not tested.
    public var inconclusive: [Inconclusive]
    /// For a name tested with no prediction borne out and no experiment run: the observation
    /// channels (`analytics`, `callbacks`, `dismissals`) on which alone every scenario found
    /// tells it from the reference rules and its rivals, where the engine does what no name
    /// explains (a name replays runs in part there: ``residues``), so that no answer there can
    /// bear it out or refute it; sorted. Empty otherwise.
    public var untestedOn: [String]
    /// The experiment on which the engine did not answer as the name predicts, for a name the
    /// engine refuted (``RunSummary/refutedNames``); nil for a name given.
    public var refutation: Refutation?
    /// The runs of ``runs`` the name replays only in part: it gives exactly the engine's
    /// deliveries, and the engine logs, dismisses or calls back otherwise (a difference of its own
    /// that no name explains), sorted by run. Empty when it replays each exactly.
    public var residues: [Residue]
    /// For a name `iamspec run` gave in place of one its experiment refuted, completed by the one
    /// mechanism that experiment showed: the refuted name's behaviour, whose behaviours this one
    /// holds with that mechanism's. Nil for a name the search found.
    public var completes: String?

    /// A name for these runs, checked against `passes` passes and `failingRuns` other failing runs.
    public init(
        behaviour: String,
        summary: String,
        rule: String,
        runs: [Run],
        passes: Int = 0,
        failingRuns: Int = 0,
        alternatives: [Alternative] = [],
        toldApart: [Alternative] = [],
        toTellApart: String? = nil,
        predictions: Int? = nil,
        inconclusive: [Inconclusive] = [],
        untestedOn: [String] = [],
        refutation: Refutation? = nil,
        residues: [Residue] = [],
        completes: String? = nil
    ) {
        self.completes = completes
        self.inconclusive = inconclusive
        self.untestedOn = untestedOn.sorted()
        self.residues = residues.sorted { $0.run < $1.run }
        self.toTellApart = toTellApart
        self.predictions = predictions
        self.refutation = refutation
        self.behaviour = behaviour
        self.summary = summary
        self.rule = rule
        self.runs = runs.sorted()
        self.passes = passes
        self.failingRuns = failingRuns
        self.alternatives = alternatives.sorted { $0.behaviour < $1.behaviour }
        self.toldApart = toldApart.sorted { $0.behaviour < $1.behaviour }
    }

    /// One run: a case under one profile.
    public struct Run: Sendable, Hashable, Comparable {
        /// The case's id.
        public var caseID: String
        /// The profile it ran under.
        public var profile: Profile

        /// The run of the case under the profile.
        public init(caseID: String, profile: Profile) {
            self.caseID = caseID
            self.profile = profile
        }

        /// The run of a result.
        public init(_ result: CaseResult) {
            self.init(caseID: result.caseID, profile: result.profile)
        }

        /// Runs sort by case id, then profile.
        public static func < (lhs: Run, rhs: Run) -> Bool {
            (lhs.caseID, lhs.profile.rawValue) < (rhs.caseID, rhs.profile.rawValue)
        }

        /// `case-id [profile]`, as reports list runs.
        package var text: String { "\(caseID) [\(profile.rawValue)]" }
    }

    /// A run a name replays in part (Specs/README.md's channels): the name gives exactly the
    /// engine's deliveries, and the engine's observations on `channels` are not the name's.
    public struct Residue: Sendable, Hashable {
        /// The run.
        public var run: Run
        /// The channels on which the engine differs from the name, sorted: `analytics`,
        /// `callbacks`, `dismissals` (never delivery, from which the others follow).
        public var channels: [String]

        /// The residue of `run` on `channels`.
        public init(run: Run, channels: [String]) {
            self.run = run
            self.channels = channels.sorted()
        }
    }

    /// The runs replayed in part, by the channels on which the engine differs from the name: each
    /// set of channels once, in the order of its first run, with its runs in order.
    package var residueGroups: [(channels: [String], runs: [Run])] {
        var groups: [(channels: [String], runs: [Run])] = []
        for residue in residues {
            if let index = groups.firstIndex(where: { $0.channels == residue.channels }) {
                groups[index].runs.append(residue.run)
            } else {
                groups.append((residue.channels, [residue.run]))
            }
        }
        return groups
    }

    /// Another behaviour (or behaviours together) that fits a name's runs as well: its id, its
    /// summary and rule, and the experiment that told it apart, if one did.
    public struct Alternative: Sendable, Hashable {
        /// Its id, as ``ExplainedBehaviour/behaviour`` writes one.
        public var behaviour: String
        /// What an engine with it does.
        public var summary: String
        /// The rule it departs from.
        public var rule: String
        /// The experiment that ruled it out; nil for an alternative still open.
        public var experiment: Experiment?

        /// An alternative, ruled out by `experiment` if given.
        public init(behaviour: String, summary: String, rule: String, experiment: Experiment? = nil) {
            self.behaviour = behaviour
            self.summary = summary
            self.rule = rule
            self.experiment = experiment
        }
    }

    /// A scenario run on the engine to tell behaviours apart: its steps, what the engine answered,
    /// and what the ruled-out behaviour's replay answered instead.
    public struct Experiment: Sendable, Hashable {
        /// The scenario's steps, one line each, as the case it writes says them.
        public var steps: [String]
        /// What the engine observed, at the step where the replays differ (for a prediction,
        /// each step from there on: `advance: 60 -> {displayed: m2}`, joined by `; `).
        public var engineAnswer: String
        /// What the ruled-out behaviour's replay observed there.
        public var otherAnswer: String
        /// The scenario as a YAML case the team may keep.
        public var yaml: String

        /// An experiment of these steps and answers.
        public init(steps: [String], engineAnswer: String, otherAnswer: String, yaml: String) {
            self.steps = steps
            self.engineAnswer = engineAnswer
            self.otherAnswer = otherAnswer
            self.yaml = yaml
        }
    }

    /// An experiment that refuted a name: designed so that the engine as named answers differently
    /// from a rival (the reference rules, `reference`, or another behaviour of the same rule), run
    /// on the engine, which answered as the name predicts up to the step where the two differ and
    /// otherwise from there: as the rival, or as neither.
    public struct Refutation: Sendable, Hashable {
        /// The rival the scenario was designed against: `reference` for the reference rules (with
        /// the engine's other names), else a behaviour of the same rule.
        public var rival: Alternative
        /// The scenario: its steps, the engine's answer (``Experiment/engineAnswer``), what the
        /// name predicted (``Experiment/otherAnswer``), and the case that keeps it.
        public var experiment: Experiment
        /// What the rival predicted there: the engine's answer.
        public var rivalAnswer: String

        /// The refutation of a name by `experiment`, designed against `rival`.
        public init(rival: Alternative, experiment: Experiment, rivalAnswer: String) {
            self.rival = rival
            self.experiment = experiment
            self.rivalAnswer = rivalAnswer
        }
    }

    /// An experiment designed to test a name that concluded nothing: run on the engine (or offered
    /// to it), whose answer neither bore the name out nor refuted it.
    public struct Inconclusive: Sendable, Hashable {
        /// Why an experiment concluded nothing.
        public enum Reason: String, Sendable, Hashable, CaseIterable, Codable {
            /// The engine answered otherwise than the name predicts without contradicting it: it
            /// departed before the step where the name and the rival differ, or only beside what
            /// the name alone foresees (an impression logged twice): something no name explains
            /// was in the way.
            case neither
            /// The engine first departed from the name's prediction only in silence where the
            /// name observes a message put on the stack: it may hold the message without saying so.
            case silent
            /// Read from streams of iamspec before 0.7.0, which concluded nothing where the engine
            /// answered one seed's scenario as the rival and another's as the name (a refutation
            /// since).
            case contradicted
            /// The engine declined the scenario, or failed it: it answered nothing.
            case declined
        }

        /// The rival the scenario was designed against, as ``Refutation/rival`` is.
        public var rival: Alternative
        /// The scenario: its steps, the engine's answer (for a scenario declined or failed, what
        /// the engine said instead), the name's prediction (``Experiment/otherAnswer``), and the
        /// case that keeps it.
        public var experiment: Experiment
        /// What the rival predicted there.
        public var rivalAnswer: String
        /// Why it concluded nothing.
        public var reason: Reason

        /// The experiment against `rival` that concluded nothing, for `reason`.
        public init(rival: Alternative, experiment: Experiment, rivalAnswer: String, reason: Reason) {
            self.rival = rival
            self.experiment = experiment
            self.rivalAnswer = rivalAnswer
            self.reason = reason
        }
    }

    /// This name with the verdict `tested` gives it, when `tested` is the same name as a run gave
    /// it after its experiments (the run that is explained again, or the whole run a re-run is
    /// part of): for a certain name tested as a prediction, the predictions the engine bore out,
    /// the rivals they told apart and the experiments that concluded nothing; for a name still
    /// open between the same hypotheses, what would tell them apart. Itself otherwise.
    package func withVerdict(of tested: ExplainedBehaviour?) -> ExplainedBehaviour {
        guard let tested, tested.behaviour == behaviour, isOpen == tested.isOpen else { return self }
        var carried = self
        if isOpen {
            guard tested.alternatives.map(\.behaviour) == alternatives.map(\.behaviour) else { return self }
            carried.toTellApart = tested.toTellApart
            return carried
        }
        guard tested.predictions != nil else { return self }
        carried.predictions = tested.predictions
        carried.inconclusive = tested.inconclusive
        carried.untestedOn = tested.untestedOn
        carried.toldApart = tested.toldApart
        return carried
    }

    /// Of the experiments run to test the name (``predictions``), how many the engine answered but
    /// as neither the name nor the rival (``inconclusive``, but those declined or failed).
    public var unanswered: Int { inconclusive.count { $0.reason != .declined } }

    /// Of the experiments designed to test the name, how many the engine declined or failed.
    public var declined: Int { inconclusive.count { $0.reason == .declined } }

    /// The id that stands for the reference rules among a name's rivals (``Refutation/rival``,
    /// ``toldApart``): not a behaviour of the catalogue.
    public static let reference = "reference"

    /// The ids of the cases of its runs, sorted, each once.
    public var cases: [String] {
        var seen = Set<String>()
        return runs.map(\.caseID).filter { seen.insert($0).inserted }
    }

    /// Whether other behaviours fit as well and nothing told them apart.
    public var isOpen: Bool { !alternatives.isEmpty }

    /// Its behaviour, then those of its alternatives: each hypothesis the name stands for.
    public var hypotheses: [String] { [behaviour] + alternatives.map(\.behaviour) }

    /// One line, as the console, the JUnit properties and the Markdown summary say it:
    /// `stack.lifo: the engine lets waiting messages leave first in, first out (behaviour stack-fifo;
    /// 3 cases, 6 runs; checked against 120 passes)`; for a name still open, `one of: ...`, each
    /// alternative with its own words.
    package var line: String {
        let checked =
            "checked against \(passes) pass\(passes == 1 ? "" : "es")"
            + (failingRuns == 0 ? "" : " and \(failingRuns) other failing run\(failingRuns == 1 ? "" : "s")")
        guard isOpen else {
            let apart =
                toldApart.isEmpty
                ? ""
                : "; told apart from "
                    + toldApart.map { Self.called($0.behaviour) }
                    .joined(separator: ", ")
            let completing = completes.map { ", completing the refuted name \($0)" } ?? ""
            return
                "\(rule): the engine \(summary) (behaviour \(behaviour)\(completing); \(countsText); \(checked)\(apart)"
                + "\(predictionClause))"
        }
        let each = ([Alternative(behaviour: behaviour, summary: summary, rule: rule)] + alternatives)
            .sorted { $0.behaviour < $1.behaviour }
            .map { "\($0.rule): the engine \($0.summary) (behaviour \($0.behaviour))" }
        return "one of: " + each.joined(separator: ", or ")
            + " (\(countsText); each \(checked); nothing run tells them apart)"
    }

    /// `3 cases, 6 runs`, as ``line`` and ``refutedLine`` count the runs.
    private var countsText: String {
        "\(cases.count) case\(cases.count == 1 ? "" : "s"), \(runs.count) run\(runs.count == 1 ? "" : "s")"
    }

    /// What testing the name as a prediction found, as ``line`` ends: nothing when untested.
    private var predictionClause: String {
        guard let predictions, refutation == nil else { return "" }
        let declinedText = declined == 0 ? "" : "declined or failed \(experiments(declined))"
        if predictions == 0, unanswered > 0 {
            return "; no prediction borne out: the engine answered \(experiments(unanswered)) otherwise than the "
                + "name predicts without contradicting it (something no name explains was in the way)"
                + (declinedText.isEmpty ? "" : ", and \(declinedText)")
        }
        if predictions == 0, !declinedText.isEmpty {
            return "; untested: the engine \(declinedText) designed to test it"
        }
        if predictions == 0, !untestedOn.isEmpty {
            return "; untested: it differs from the reference rules and its rivals only in the engine's "
                + untestedOn.joined(separator: " and ")
                + ", where the engine does what no name explains (a name replays runs in part there)"
        }
        if predictions == 0 {
            return "; untested: none of the scenarios generated within the engine's capabilities tells it from the "
                + "reference rules or its rivals"
        }
        // The experiments that concluded nothing are counted beside those that bore the name out.
        var clause = "; \(predictions) prediction\(predictions == 1 ? "" : "s") borne out by the engine"
        if unanswered > 0 {
            clause += ", \(experiments(unanswered)) answered otherwise without contradicting it"
        }
        if !declinedText.isEmpty { clause += ", \(declinedText)" }
        return clause
    }

    /// `1 experiment`, `3 experiments`.
    private func experiments(_ count: Int) -> String {
        "\(count) experiment\(count == 1 ? "" : "s")"
    }

    /// A refuted name, one line, as the console and the Markdown summary say it:
    /// `interval.configurable: the engine ... (behaviour interval-exclusive; 9 cases, 9 runs): refuted`.
    package var refutedLine: String {
        "\(rule): the engine \(summary) (behaviour \(behaviour); replays \(countsText)): refuted by an experiment"
    }

    /// The evidence of a refuted name, one line each after ``refutedLine``: the experiment (its
    /// steps, the engine's answer, the name's prediction, the rival's), the experiments that
    /// concluded nothing, and the runs it replayed: those among the unexplained differences, and
    /// those of `namedOtherwise`, which a name given replays.
    package func refutationLines(namedOtherwise: Set<Run>) -> [String] {
        guard let refutation else { return [] }
        let experiment = refutation.experiment
        let rival = Self.called(refutation.rival.behaviour)
        let answered =
            experiment.engineAnswer == refutation.rivalAnswer
            ? "the engine, as \(rival) predicts: \(experiment.engineAnswer); \(behaviour) predicted: "
                + experiment.otherAnswer
            : "the engine: \(experiment.engineAnswer); \(behaviour) predicted: \(experiment.otherAnswer); "
                + "\(rival) predicted: \(refutation.rivalAnswer)"
        func listed(_ runs: [Run]) -> String {
            runs.prefix(Self.runsShownInProof).map(\.text).joined(separator: ", ")
                + (runs.count > Self.runsShownInProof ? ", … and \(runs.count - Self.runsShownInProof) more" : "")
        }
        let unexplained = runs.filter { !namedOtherwise.contains($0) }
        let renamed = runs.filter(namedOtherwise.contains)
        return ["experiment: " + experiment.steps.joined(separator: "; ") + " -> " + answered] + inconclusiveLines
            + (unexplained.isEmpty ? [] : ["its runs stay among the unexplained differences: " + listed(unexplained)])
            + (renamed.isEmpty ? [] : ["its runs given another name above: " + listed(renamed)])
    }

    /// The experiments that concluded nothing (``inconclusive``), one line each, as
    /// ``proofLines`` and ``refutationLines`` give them: `inconclusive against the reference rules
    /// (answered as neither): profile braze-swift; trigger: open -> the engine: ...; <name>
    /// predicted: ...; the reference rules predicted: ...`.
    private var inconclusiveLines: [String] {
        inconclusive.map { trial in
            let rival = Self.called(trial.rival.behaviour)
            let why =
                switch trial.reason {
                case .neither: "answered otherwise without contradicting the name"
                case .silent: "answered in silence where the name puts a message on the stack"
                case .contradicted: "answered as the rival here and as the name on another scenario"
                case .declined: "declined or failed"
                }
            return "inconclusive against \(rival) (\(why)): " + trial.experiment.steps.joined(separator: "; ")
                + " -> the engine: \(trial.experiment.engineAnswer); \(behaviour) predicted: "
                + "\(trial.experiment.otherAnswer); \(rival) predicted: \(trial.rivalAnswer)"
        }
    }

    /// A rival as reports call it: `the reference rules`, or its behaviour's id.
    private static func called(_ behaviour: String) -> String {
        behaviour == reference ? "the reference rules" : behaviour
    }

    /// The most runs the `replays:` line of `proofLines` names; the others are counted in it,
    /// so that a behaviour replaying a hundred thousand runs makes a line a reader can scroll. The
    /// results stream (`--json`) lists every one.
    package static let runsShownInProof = 50

    /// Its proof, one line each after ``line``: the runs it replays exactly and those it replays
    /// in part (the first `runsShownInProof` of each, the others counted), the experiments that
    /// told alternatives apart (their steps and the engine's answer) and those that concluded
    /// nothing, or what would tell the open ones apart.
    package var proofLines: [String] {
        let inPart = Set(residues.map(\.run))
        var lines: [String] = []
        func listed(_ texts: [String], _ count: Int) -> String {
            let more = count - texts.count
            return texts.joined(separator: ", ")
                + (more > 0
                    ? ", … and \(more) more run\(more == 1 ? "" : "s") (the results stream, --json, lists every one)"
                    : "")
        }
        let exactly = inPart.isEmpty ? runs : runs.filter { !inPart.contains($0) }
        if !exactly.isEmpty {
            lines.append("replays: " + listed(exactly.prefix(Self.runsShownInProof).map(\.text), exactly.count))
        }
        for (channels, runs) in residueGroups {
            lines.append(
                "replays in part, the engine's \(channels.joined(separator: " and ")) otherwise: "
                    + listed(runs.prefix(Self.runsShownInProof).map(\.text), runs.count)
                    + " (the names give the engine's deliveries at every step; what the engine does otherwise on its "
                    + "\(channels.joined(separator: " and ")) is a difference no name explains)"
            )
        }
        for other in toldApart {
            guard let experiment = other.experiment else { continue }
            let other = Self.called(other.behaviour)
            lines.append(
                "told apart from \(other) by an experiment: " + experiment.steps.joined(separator: "; ")
                    + " -> the engine: \(experiment.engineAnswer); \(other) would: \(experiment.otherAnswer)"
            )
        }
        lines += inconclusiveLines
        if isOpen {
            lines.append(
                "to tell them apart: "
                    + (toTellApart ?? "a case on which their replays differ, run on the engine (iamspec run does)")
            )
        }
        return lines
    }
}

extension RunSummary {
    /// The first run of `explained`, whose re-run line reports show, when it is one of the
    /// summary's runs: in its results, failed among those its `failureFold` folded, or an
    /// expected failure it keeps no result of; nil otherwise.
    package func example(of explained: ExplainedBehaviour) -> ExplainedBehaviour.Run? {
        guard let first = explained.runs.first else { return nil }
        let isHeld =
            results.contains { $0.caseID == first.caseID && $0.profile == first.profile }
            || failureFold?.holds(first) == true || expectedFailuresNotKept.holds(first)
        return isHeld ? first : nil
    }

    /// What the names of a run that selected part of the suite (`--filter`, `--tag`, `--tags`,
    /// `--profile`, `--shard`: a re-run line's run) rest on, as every report that gives names says
    /// it: checked against the passes of the selection only, the suite's other passes may refute
    /// them; checked against more passes than the selection made, they were judged, with
    /// `--whole-run`, against the passes of the whole run it was given, as the whole run judged
    /// its own. Nil for a run of the whole suite, or one that gives no name.
    package var namesProofBeyondSelection: String? {
        guard !behaviours.isEmpty, !header.selection.selectsEveryRun else { return nil }
        let checked = behaviours.map(\.passes).min() ?? 0
        guard checked > passedCount else {
            return "unproven beyond this selection: the run made part of the suite's runs, so each name was checked "
                + "only against the passes among them; a run of the whole suite checks it against every pass, "
                + "and may refute it"
        }
        return "checked against the whole run's passes (\(checked) pass\(checked == 1 ? "" : "es")): the run made "
            + "part of the suite's runs, and each name was checked against the passes of the whole run it was "
            + "given (--whole-run) as well, as the whole run checked its own"
    }

    /// What every report that gives names says of certain names not tested as predictions on the
    /// engine (a run with `--no-test-names` or `--no-experiments`, `iamspec explain`, a run
    /// interrupted before the test): how many, and what they rest on. Nil when every certain name
    /// was tested, or none is given.
    package var namesUntested: String? {
        let certain = behaviours.filter { !$0.isOpen }
        let untested = certain.filter { $0.predictions == nil }.count
        guard untested > 0 else { return nil }
        let counted =
            untested == certain.count
            ? (untested == 1 ? "the name" : "the \(untested) names") : "\(untested) of the \(certain.count) names"
        let tested = untested == 1 ? "was not tested as a prediction" : "were not tested as predictions"
        return "untested: \(counted) below \(tested) on the engine (a run "
            + "with --no-test-names or --no-experiments, iamspec explain, or an interrupted run): each replays its runs "
            + "and fails no pass, and no experiment asked the engine more"
    }

    /// The failed runs whose repeats disagreed (`--repeat`), sorted: every report names each of
    /// them in its head, never cut by a length limit.
    package var nondeterministicRuns: [ExplainedBehaviour.Run] {
        results.filter { $0.status == .failed && $0.kind == .nondeterministic }.map(ExplainedBehaviour.Run.init)
            .sorted()
    }
}
