import IAMSpec

/// What the engine under test does differently, named after the behaviour of iamspec's catalogue
/// that reproduces its failing runs: replayed on the reference engine with that behaviour, each
/// of those runs gives exactly the engine's observations, step by step, up to the same failing
/// check.
///
/// A failing run is listed under one behaviour at most (``RunSummary/behaviours``); the runs no
/// behaviour reproduces are the summary's ``RunSummary/differences``.
public struct ExplainedBehaviour: Sendable, Hashable {
    /// The behaviour's id in the catalogue (`iamspec mutate --list`), as `mutant:<id>` names it.
    public var behaviour: String
    /// What an engine with the behaviour does, in one line, as "an engine that ..." goes on:
    /// `lets waiting messages leave first in, first out`.
    public var summary: String
    /// The id of the rule it departs from.
    public var rule: String
    /// The runs it explains, sorted by case id, then profile.
    public var runs: [Run]
    /// The other behaviours some of its runs needed with it to be reproduced (each run of
    /// ``runs`` needs this behaviour, alone or with one of these), sorted.
    public var with: [String]

    /// A behaviour that explains these runs.
    public init(behaviour: String, summary: String, rule: String, runs: [Run], with: [String] = []) {
        self.behaviour = behaviour
        self.summary = summary
        self.rule = rule
        self.runs = runs.sorted()
        self.with = with.sorted()
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
    }

    /// The ids of the cases of its runs, sorted, each once.
    public var cases: [String] {
        var seen = Set<String>()
        return runs.map(\.caseID).filter { seen.insert($0).inserted }
    }

    /// One line, as the console, the JUnit properties and the Markdown summary say it:
    /// `stack.lifo: the engine lets waiting messages leave first in, first out (behaviour stack-fifo;
    /// 3 cases, 6 runs)`: the summary says what an engine with the behaviour does.
    package var line: String {
        let counts = "\(cases.count) case\(cases.count == 1 ? "" : "s"), \(runs.count) run\(runs.count == 1 ? "" : "s")"
        let partners = with.isEmpty ? "" : "; some runs with " + with.joined(separator: ", ")
        return "\(rule): the engine \(summary) (behaviour \(behaviour); \(counts)\(partners))"
    }

    /// The result of its first run among `results`, whose re-run line reports show.
    package func example(in results: [CaseResult]) -> CaseResult? {
        guard let first = runs.first else { return nil }
        return results.first { $0.caseID == first.caseID && $0.profile == first.profile }
    }
}
