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
///
/// Given a run's outcomes (``RunOutcomes``, `iamspec coverage --results`), a rule is judged by the
/// runs made that the run judged, and a rule whose runs made were all declined, errors, blocked or
/// missing from the stream is not judged in the run.
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
        /// Runs of the rule's cases were made, and the run judged none of them (``Unjudged``).
        case notJudgedInTheRun(Unjudged)
    }

    /// The runs made of a rule's cases that a run did not judge, by why.
    package struct Unjudged: Sendable, Hashable {
        /// Skipped though made: the engine declined the case or a step.
        package var declined = 0
        /// The first reason the engine gave, in the suite's order.
        package var firstReason: String?
        /// Errors.
        package var errors = 0
        /// Failed at a setup step, blocked for the rule.
        package var blocked = 0
        /// Made, and absent from the results stream (another selection, or another suite).
        package var absent = 0

        /// How many runs.
        package var runs: Int { declined + errors + blocked + absent }
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
    /// Given a run's outcomes: how many of the runs made it judged, and how many runs of its
    /// results stream are no run of the suite; nil otherwise.
    package private(set) var inTheRun: (judged: Int, notInTheSuite: Int)?

    /// The rules every case of which needs more than the rule does, for the engine.
    package var defects: [Row] {
        rows.filter { if case .everyCaseNeedsMore = $0.verdict { true } else { false } }
    }

    /// Works out each rule's verdict for an engine with exactly `capabilities` and `profiles`,
    /// reading the suite's cases a file at a time.
    ///
    /// - Throws: `CaseFileChanged` when a case file changed since the suite was loaded.
    package init(suite: LoadedSuite, capabilities: Set<Capability>, profiles: Set<Profile>) throws(CaseFileChanged) {
        try self.init(suite: suite, capabilities: capabilities, profiles: profiles, outcomes: nil)
    }

    /// Works out each rule's verdict in a run, from its outcomes (the engine's capabilities and
    /// profiles are those the run recorded): a rule is judged by the runs made that the run judged.
    ///
    /// - Throws: `CaseFileChanged` when a case file changed since the suite was loaded.
    package init(suite: LoadedSuite, outcomes: RunOutcomes) throws(CaseFileChanged) {
        try self.init(
            suite: suite,
            capabilities: outcomes.capabilities,
            profiles: outcomes.profiles,
            outcomes: outcomes
        )
    }

    private init(
        suite: LoadedSuite,
        capabilities: Set<Capability>,
        profiles: Set<Profile>,
        outcomes: RunOutcomes?
    ) throws(CaseFileChanged) {
        var judged: [String: (cases: Int, runs: Int)] = [:]
        var unjudged: [String: Unjudged] = [:]
        var runsJudged = 0
        var runsOfTheSuite = 0
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
            let made = missing.isEmpty ? specCase.profiles.filter(profiles.contains).sorted() : []
            let ended = made.map { profile in
                outcomes?.outcomes[RunOutcomes.Run(caseID: specCase.id, profile: profile)]
            }
            if let outcomes {
                runsOfTheSuite += specCase.profiles.count {
                    outcomes.outcomes[RunOutcomes.Run(caseID: specCase.id, profile: $0)] != nil
                }
                runsJudged += ended.count { if case .judged? = $0 { true } else { false } }
            }
            for ruleID in specCase.rules {
                if !made.isEmpty, outcomes == nil {
                    judged[ruleID, default: (0, 0)].cases += 1
                    judged[ruleID, default: (0, 0)].runs += made.count
                    continue
                }
                if !made.isEmpty {
                    let judgedRuns = Self.count(ended, of: ruleID, into: &unjudged[ruleID, default: Unjudged()])
                    if judgedRuns > 0 {
                        judged[ruleID, default: (0, 0)].cases += 1
                        judged[ruleID, default: (0, 0)].runs += judgedRuns
                    }
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
        inTheRun = outcomes.map { (runsJudged, $0.outcomes.count - runsOfTheSuite) }
        rows = suite.rules.rules.map { rule in
            let verdict: Verdict
            if let counts = judged[rule.id] {
                verdict = .judged(cases: counts.cases, runs: counts.runs)
            } else if let none = unjudged[rule.id] {
                verdict = .notJudgedInTheRun(none)
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

    /// How many of a case's runs made, ended as `ended` says, judged the rule `ruleID`; the others
    /// counted into `unjudged`, by why.
    private static func count(_ ended: [RunOutcomes.Outcome?], of ruleID: String, into unjudged: inout Unjudged) -> Int
    {
        var judgedRuns = 0
        for outcome in ended {
            switch outcome {
            case .judged(let blocked)? where blocked.contains(ruleID): unjudged.blocked += 1
            case .judged?: judgedRuns += 1
            case .skipped(let reason)?:
                unjudged.declined += 1
                if unjudged.firstReason == nil { unjudged.firstReason = reason }
            case .error?: unjudged.errors += 1
            case nil: unjudged.absent += 1
            }
        }
        return judgedRuns
    }

    /// One line per rule, then the totals: what `iamspec coverage` prints for an engine.
    package var lines: [String] {
        var lines: [String] = []
        var judgedCount = 0
        var rightlyNot = 0
        var uncovered = 0
        var notInTheRun = 0
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
            case .notJudgedInTheRun(let none):
                notInTheRun += 1
                lines.append(
                    "\(id): not judged in the run: of the \(Self.runs(none.runs)) made of its cases, " + Self.why(none)
                )
            }
        }
        lines.append("")
        if let inTheRun {
            lines.append(
                "\(judgedCount) of \(rows.count) rules judged in the run, by \(inTheRun.judged) of the \(runs.made) runs made "
                    + "of the \(runs.ofProfiles) runs of the engine's profiles"
            )
            lines.append(
                "\(notInTheRun) not judged in the run: every run made of their cases was declined by the engine, an "
                    + "error, blocked or not in the results stream"
            )
        } else {
            lines.append(
                "\(judgedCount) of \(rows.count) rules judged, by \(runs.made) of the \(runs.ofProfiles) runs of the engine's profiles"
            )
        }
        lines.append("\(rightlyNot) not judged: the engine lacks the rule's own capability, needs or profiles")
        if uncovered > 0 {
            lines.append("\(uncovered) not judged: no case checks them")
        }
        lines.append(
            "\(defects.count) not judged though the engine has what the rule needs: every case needs more "
                + "(a defect of the Specs)"
        )
        if let inTheRun, inTheRun.notInTheSuite > 0 {
            lines.append(
                "\(Self.runs(inTheRun.notInTheSuite)) of the results stream \(inTheRun.notInTheSuite == 1 ? "is" : "are") "
                    + "no run of these Specs: not counted"
            )
        }
        return lines
    }

    /// `1 run`, `3 runs`.
    private static func runs(_ count: Int) -> String {
        "\(count) run\(count == 1 ? "" : "s")"
    }

    /// Why none of a rule's runs made was judged: each kind of run, with the engine's first reason
    /// for a decline, quoted as data.
    private static func why(_ none: Unjudged) -> String {
        var parts: [String] = []
        if none.declined > 0 {
            let reason = none.firstReason.map { " (the first: \(QuotedText.line($0)))" } ?? ""
            parts.append("\(none.declined) declined by the engine\(reason)")
        }
        if none.errors > 0 { parts.append("\(none.errors) error\(none.errors == 1 ? "" : "s")") }
        if none.blocked > 0 { parts.append("\(none.blocked) blocked by a failed setup step") }
        if none.absent > 0 { parts.append("\(none.absent) not in the results stream") }
        return parts.joined(separator: "; ")
    }
}
