import IAMSpec

/// Which rules of a suite an engine with given capabilities and profiles is judged on (`iamspec
/// coverage --capabilities`, `--engine-command`): per rule, the cases it would run, or why none.
///
/// A run of a case is made when the engine has the case's profile and every capability the case
/// needs, as the runner decides (a case whose `stack` parts are all an engine without
/// `stack-inspection` misses still runs). A rule's **own** needs are its `capability` in the
/// catalogue, if it names one, one capability of each entry of its `needs`, and one of its profiles: an engine that lacks them is rightly not
/// judged on it. An engine that has them but runs no case of the rule is a defect of the Specs:
/// every case asks more than the rule does (docs/ENGINES.md, "Which rules an engine is judged on").
package struct RuleReach: Sendable {
    /// Why a rule is judged, or not, on the engine.
    package enum Verdict: Sendable, Hashable {
        /// Cases of the rule run on the engine: this many cases, this many runs.
        case judged(cases: Int, runs: Int)
        /// The engine lacks the rule's own capability: no case of the rule may run on it.
        case lacksCapability(Capability)
        /// The engine lacks every capability of an entry of the rule's `needs` (the choices given).
        case lacksNeed([Capability])
        /// The engine has none of the profiles the rule holds for.
        case lacksProfile([Profile])
        /// No case checks the rule at all.
        case noCase
        /// The engine has what the rule needs, but every case of the rule needs more: the case
        /// that needs the least more, and what it needs more (capabilities, and profiles it
        /// would need when the engine has none of the case's).
        case everyCaseNeedsMore(cheapestCase: String, capabilities: [Capability], profiles: [Profile])
    }

    /// One rule and its verdict.
    package struct Row: Sendable, Hashable {
        package var rule: Rule
        package var verdict: Verdict
    }

    /// Every rule of the catalogue, in catalogue order.
    package private(set) var rows: [Row]
    /// The runs of the suite's cases under the engine's profiles, and how many of them are made.
    package private(set) var runs: (made: Int, ofProfiles: Int)

    /// The rules every case of which needs more than the rule does, for the engine.
    package var defects: [Row] {
        rows.filter { if case .everyCaseNeedsMore = $0.verdict { true } else { false } }
    }

    /// Works out each rule's verdict for an engine with exactly `capabilities` and `profiles`,
    /// reading the suite's cases a file at a time.
    ///
    /// - Throws: `CaseFileChanged` when a case file changed since the suite was loaded.
    package init(suite: LoadedSuite, capabilities: Set<Capability>, profiles: Set<Profile>) throws(CaseFileChanged) {
        var judged: [String: (cases: Int, runs: Int)] = [:]
        var runsMade = 0
        var runsOfProfiles = 0
        var cheapest: [String: (caseID: String, capabilities: [Capability], profiles: [Profile])] = [:]
        try suite.forEachCase { specCase in
            var needs = specCase.requires
            if !capabilities.contains(.stackInspection), CaseExecutor.checksBesideTheStack(specCase) {
                needs.remove(.stackInspection)
            }
            let missing = needs.subtracting(capabilities).sorted()
            let runs = specCase.profiles.filter(profiles.contains).count
            let missingProfiles = runs == 0 ? specCase.profiles.sorted() : []
            runsOfProfiles += runs
            if missing.isEmpty { runsMade += runs }
            for ruleID in specCase.rules {
                if missing.isEmpty, runs > 0 {
                    judged[ruleID, default: (0, 0)].cases += 1
                    judged[ruleID, default: (0, 0)].runs += runs
                    continue
                }
                let cost = missing.count + missingProfiles.count
                if let known = cheapest[ruleID],
                    known.capabilities.count + known.profiles.count < cost
                        || (known.capabilities.count + known.profiles.count == cost && known.caseID <= specCase.id)
                {
                    continue
                }
                cheapest[ruleID] = (specCase.id, missing, missingProfiles)
            }
        }
        runs = (runsMade, runsOfProfiles)
        rows = suite.rules.rules.map { rule in
            let verdict: Verdict
            if let counts = judged[rule.id] {
                verdict = .judged(cases: counts.cases, runs: counts.runs)
            } else if let own = rule.capability, !capabilities.contains(own) {
                verdict = .lacksCapability(own)
            } else if let need = rule.needs.first(where: { !$0.contains(where: capabilities.contains) }) {
                verdict = .lacksNeed(need)
            } else if !rule.profiles.contains(where: profiles.contains) {
                verdict = .lacksProfile(rule.profiles.sorted())
            } else if let more = cheapest[rule.id] {
                verdict = .everyCaseNeedsMore(
                    cheapestCase: more.caseID,
                    capabilities: more.capabilities,
                    profiles: more.profiles
                )
            } else {
                verdict = .noCase
            }
            return Row(rule: rule, verdict: verdict)
        }
    }

    /// One line per rule, then the totals: what `iamspec coverage` prints for an engine.
    package var lines: [String] {
        var lines: [String] = []
        var judgedCount = 0
        var rightlyNot = 0
        var uncovered = 0
        for row in rows {
            let id = row.rule.id
            switch row.verdict {
            case .judged(let cases, let runs):
                judgedCount += 1
                lines.append(
                    "\(id): judged by \(cases) case\(cases == 1 ? "" : "s") (\(runs) run\(runs == 1 ? "" : "s"))"
                )
            case .lacksCapability(let capability):
                rightlyNot += 1
                lines.append("\(id): not judged: the engine lacks the rule's own capability \(capability.rawValue)")
            case .lacksNeed(let choices):
                rightlyNot += 1
                let names = choices.map(\.rawValue).joined(separator: ", ")
                lines.append(
                    "\(id): not judged: the engine lacks what the rule needs (its `needs`: one of \(names))"
                )
            case .lacksProfile(let profiles):
                rightlyNot += 1
                let names = profiles.map(\.rawValue).joined(separator: ", ")
                lines.append("\(id): not judged: the engine has none of the rule's profiles (\(names))")
            case .noCase:
                uncovered += 1
                lines.append("\(id): not judged: no case checks it")
            case .everyCaseNeedsMore(let caseID, let capabilities, let profiles):
                let needs = capabilities.map(\.rawValue) + profiles.map { "profile \($0.rawValue)" }
                lines.append(
                    "\(id): not judged: every case needs more than the rule; the cheapest, \(caseID), "
                        + "also needs \(needs.joined(separator: ", "))"
                )
            }
        }
        lines.append("")
        lines.append(
            "\(judgedCount) of \(rows.count) rules judged, by \(runs.made) of the \(runs.ofProfiles) runs of the engine's profiles"
        )
        lines.append("\(rightlyNot) not judged: the engine lacks the rule's own capability, needs or profiles")
        if uncovered > 0 {
            lines.append("\(uncovered) not judged: no case checks them")
        }
        lines.append(
            "\(defects.count) not judged though the engine has what the rule needs: every case needs more "
                + "(a defect of the Specs)"
        )
        return lines
    }
}
