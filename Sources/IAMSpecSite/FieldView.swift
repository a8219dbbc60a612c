import IAMSpec
import IAMSpecRunner

/// The field as the site shows it, arranged once for both renderers: each public engine's verdict
/// on each rule (it follows it, differs, or is not bound by it) and the names the report gave for
/// how it differs, each with the code of that engine's vendor the catalogue cites; an engine whose
/// results ran other Specs than the site's is marked stale.
struct FieldView: Sendable {
    /// An engine's verdict on a rule, from the outcome of the cases that check it; in the order
    /// a rule's "In the field" lists them.
    enum Verdict: String, Sendable, CaseIterable {
        /// Every case of the rule it ran passed.
        case follows
        /// A run failed under the rule.
        case differs
        /// A run failed under other rules only, so not every check of this one was made.
        case blocked
        /// The engine could not finish a run (crash, hang, broken protocol).
        case error
        /// Every run was skipped: the engine lacks what the rule's cases need, or their profiles.
        case notBound = "not bound"
        /// No case of the rule ran.
        case notRun = "not run"

        /// The class the site's stylesheet colours the verdict by (the conformance matrix's).
        var styleClass: String {
            switch self {
            case .follows: "pass"
            case .differs: "fail"
            case .blocked: "blocked"
            case .error: "error"
            case .notBound: "skip"
            case .notRun: "not-run"
            }
        }
    }

    /// A name the report gave for how an engine differs from a rule: the behaviour, or the ones
    /// nothing run told apart, with the code of the engine's vendor the catalogue cites for each
    /// part.
    struct Name: Sendable {
        /// The behaviour's id, then its rivals' ("one of") when open.
        var behaviours: [String]
        /// What the engine does, in the catalogue's words.
        var summary: String
        /// How many of the engine's failed runs it names.
        var runs: Int
        /// The vendor code the catalogue cites, per behaviour of the name (a `+` name's parts
        /// each) that cites any: `(id, citation)`, the citation only that of the engine's own
        /// vendor's repository, nil when the behaviour cites only other vendors' code; a behaviour
        /// citing none is absent.
        var citations: [(behaviour: String, citation: String?)]

        /// What a rule's "In the field" says after the name's summary, from `; `: the code of the
        /// engine's vendor its behaviours cite (each part's after its id, set by `code`, when it
        /// has several), or that they cite none of that vendor's, or none at all; each citation
        /// as `quoted` shows text.
        func citationsClause(quoted: (String) -> String, code: (String) -> String) -> String {
            if citations.isEmpty { return "; " + FieldView.noCodeText }
            if citations.allSatisfy({ $0.citation == nil }) { return "; " + FieldView.noOwnCodeText }
            return "; vendor code: "
                + citations.map {
                    (citations.count > 1 ? code($0.behaviour) + ": " : "")
                        + ($0.citation.map(quoted) ?? FieldView.noOwnCodeOfPartText)
                }.joined(separator: "; ")
        }
    }

    /// One public engine.
    struct Engine: Sendable {
        var provenance: FieldResults.Provenance
        var summary: RunSummary
        /// Its results ran other Specs than the site's (another suite digest).
        var isStale: Bool
    }

    var engines: [Engine]
    /// The site's Specs' digest.
    var specsDigest: String
    private var matrix: ConformanceMatrix
    /// The vendor code each behaviour cites, cut by repository.
    private var citations: [String: [VendorCitation]]
    /// Per engine, its failed runs no name explains, grouped as the report groups them, by rule.
    private var unexplained: [[String: [DifferenceGroup]]]

    init(_ field: FieldResults, caseIDs: [String]) throws(SiteError) {
        engines = field.engines.map {
            Engine(
                provenance: $0.provenance,
                summary: $0.summary,
                isStale: $0.provenance.specsDigest != field.specsDigest
            )
        }
        specsDigest = field.specsDigest
        matrix = try ConformanceMatrix(results: field.engines.map(\.summary), caseIDs: caseIDs)
        citations = field.citations.mapValues { VendorCitation.citations(in: $0) }.filter { !$0.value.isEmpty }
        unexplained = field.engines.map { Dictionary(grouping: $0.summary.differences, by: \.rule) }
    }

    /// The engine's failed runs under the rule that no name explains, grouped by the mismatch's
    /// shape as the report groups them.
    func unexplained(_ rule: String, engine: Int) -> [DifferenceGroup] {
        unexplained[engine][rule] ?? []
    }

    /// The most cases a difference no name explains lists on a rule's "In the field".
    static let casesShown = 3

    /// The engine's verdict on the rule, given the cases that check it.
    func verdict(_ rule: String, caseIDs: [String], engine: Int) -> Verdict {
        switch matrix.ruleOutcome(rule, caseIDs: caseIDs, column: engine).outcome {
        case .pass: .follows
        case .fail: .differs
        case .blocked: .blocked
        case .error: .error
        case .skip: .notBound
        case .notRun: .notRun
        }
    }

    /// The names the engine's report gave of behaviours departing from the rule, in the report's order.
    func names(_ rule: String, engine: Int) -> [Name] {
        engines[engine].summary.behaviours.compactMap { explained in
            let rules = ([explained.rule] + explained.alternatives.map(\.rule)).flatMap {
                $0.components(separatedBy: ", ")
            }
            guard rules.contains(rule) else { return nil }
            let behaviours = [explained.behaviour] + explained.alternatives.map(\.behaviour)
            let repository = engines[engine].provenance.repository
            var cited: [(behaviour: String, citation: String?)] = []
            for part in behaviours.flatMap({ $0.split(separator: "+").map(String.init) })
            where !cited.contains(where: { $0.behaviour == part }) {
                guard let citations = citations[part] else { continue }
                let own = citations.filter { $0.isCode(of: repository) }.map(\.text)
                cited.append((part, own.isEmpty ? nil : own.joined(separator: "; ")))
            }
            return Name(
                behaviours: behaviours,
                summary: explained.summary,
                runs: explained.runs.count,
                citations: cited
            )
        }
    }

    /// The engine's results in figures: `61 passed, 30 failed, 687 skipped of 778 runs`.
    func figures(engine: Int) -> String {
        let results = engines[engine].summary.results
        let passed = results.count { $0.status == .passed }
        let failed = results.count { $0.status == .failed }
        let errors = results.count { $0.status == .error }
        let skipped = results.count { $0.status == .skipped }
        return "\(passed) passed, \(failed) failed, " + (errors > 0 ? "\(errors) errors, " : "")
            + "\(skipped) skipped of \(results.count) runs"
    }

    /// A commit as a reader is shown it: its first 12 hexadecimal digits (and what follows them,
    /// as `+changes`).
    static func shortCommit(_ commit: String) -> String {
        let digits = commit.prefix { $0.isHexDigit }
        return digits.count > 12 ? String(digits.prefix(12)) + commit.dropFirst(digits.count) : commit
    }

    /// What a rule's "In the field" says of a name whose behaviours cite no vendor code.
    static let noCodeText = "the catalogue cites no vendor code for it"

    /// What it says of a name whose behaviours cite code, but none of the engine's vendor.
    static let noOwnCodeText = "no code of this vendor cited for this name"

    /// What it says, beside a part of a name, of a behaviour that cites code, but none of the
    /// engine's vendor.
    static let noOwnCodeOfPartText = "no code of this vendor cited"

    /// What the page says of an engine whose results ran other Specs.
    static let staleText = "older than these Specs"
}
