import IAMSpec

/// How `iamspec explore` makes the case of a difference it found: the scenario shrunk while the
/// engine differs first in the same way, brought to reach that difference with no known one
/// before it (or said it could not), kept to answers that rest on nothing the engine lacks,
/// filed under the rule the difference is about (``DifferenceSubject``), written and read back.
extension Exploration {
    /// A scenario on which the engine differs from the reference rules (with its known behaviours).
    struct Found {
        /// The scenario, as generated.
        var scenario: Scenario
        /// Its number in the exploration.
        var number: Int
        /// The engine's answers to it.
        var answer: ScenarioTrace
        /// The reference rules' answers, with the known behaviours.
        var predicted: ScenarioTrace
        /// The step at which they first differ.
        var step: Int
    }

    /// How a difference's case is made: shrunk, filed, written and checked.
    struct Cases {
        var exploration: Exploration
        /// The reference rules as the engine has them: without what it lacks.
        var reference: any EngineProvider
        /// The reference rules with the engine's known behaviours.
        var expected: any EngineProvider
        /// The reference rules as a case is judged (every capability), as the engine observes them.
        var judged: any EngineProvider
        /// Who finds the rule a difference is about.
        var subject: DifferenceSubject
        /// Whether the engine has known behaviours (or alternatives).
        var knowing: Bool

        /// Whether the reference rules first differ from the engine on the scenario where, and as,
        /// they do with the known behaviours: its case would fail first at its own difference.
        func reachesItFirst(_ found: Found) -> Bool {
            let kept = FirstDifference(
                at: found.step,
                of: found.scenario,
                expected: found.predicted,
                actual: found.answer
            )
            let clear = ScenarioTrace(running: found.scenario, on: reference)
            return ScenarioShrinker.distance(
                from: kept,
                at: found.step,
                of: found.scenario,
                clear: clear,
                actual: found.answer
            ) == 0
        }

        /// The difference `found` shows, with its case: shrunk while the engine differs first in
        /// the same way, brought to reach it with no known difference before it, and read back
        /// (`check`).
        func difference(
            _ found: Found,
            signature: String,
            check: (_ yaml: String, _ caseID: String) -> CaseCheck
        ) -> Difference {
            let scenario = found.scenario
            let seed = exploration.seed
            let caseID = scenario.caseID
            let stopped = exploration.stopReason
            // Answers that rest on what a lacked capability stands for: a case of them would fail
            // on the reference engine, which has it.
            let answers = { (provider: any EngineProvider) in
                ScenarioTrace(running: scenario, on: provider).windows.prefix(found.step + 1)
            }
            let restsOnALack = answers(reference) != answers(judged)
            // Shrunk as long as it differs first in the same way: one case for one difference.
            // Apart from the reference rules too, whose answers the case expects, and first at
            // that difference where the scenario can be made to. Not once the exploration must
            // stop: the scenario as found is the case then.
            let shrunk =
                stopped() != nil || restsOnALack
                ? scenario
                : ScenarioShrinker(
                    engine: expected,
                    against: exploration.engine,
                    keepingTheDifference: true,
                    alsoApartFrom: knowing ? reference : nil,
                    clearOf: knowing ? reference : nil,
                    agreeing: (reference, judged)
                )
                .shrink(scenario)
            let expectedAnswers = ScenarioTrace(running: shrunk, on: reference)
            // The engine's answers to the scenario as found need no second run.
            let actualAnswers =
                shrunk == scenario ? found.answer : ScenarioTrace(running: shrunk, on: exploration.engine)
            let predicted = shrunk == scenario ? found.predicted : ScenarioTrace(running: shrunk, on: expected)
            let step = predicted.firstDivergence(from: actualAnswers) ?? found.step
            let kept = FirstDifference(at: step, of: shrunk, expected: predicted, actual: actualAnswers)
            let distance =
                knowing
                ? ScenarioShrinker.distance(
                    from: kept,
                    at: step,
                    of: shrunk,
                    clear: expectedAnswers,
                    actual: actualAnswers
                )
                : 0
            // What the case shows at its last step: the reference rules' answers against the engine's.
            let shown = FirstDifference(at: step, of: shrunk, expected: expectedAnswers, actual: actualAnswers)
            let citable = exploration.rules.map {
                CitableRules(catalogue: $0, scenario: shrunk, expected: expectedAnswers)
            }
            let allows = { (id: String) in citable?.allows(id) ?? true }
            // Filed under the rule the difference is about, else the first proposed it may cite.
            let subjectRule = subject.rule(
                at: step,
                of: shrunk,
                reference: expectedAnswers,
                actual: actualAnswers,
                found: (scenario, found.answer, found.step),
                allows: allows,
                preferring: shown.candidates
            )
            let rule = subjectRule ?? shown.candidates.first(where: allows) ?? shown.rule
            var writer = CaseWriter(
                id: caseID,
                // What the reference rules observe there; as found when they answer as the engine.
                title: expectedAnswers.windows.indices.contains(step) && actualAnswers.windows.indices.contains(step)
                    && expectedAnswers.windows[step] == actualAnswers.windows[step] ? signature : shown.signature,
                rules: [rule],
                comments: [
                    "Found by: iamspec explore, seed \(seed), scenario \(found.number), shrunk from "
                        + "\(scenario.stimuli.count) to \(shrunk.stimuli.count) step\(shrunk.stimuli.count == 1 ? "" : "s")"
                ] + (subjectRule == nil ? [Difference.proposed(rule)] : []),
                schemaPath: "schema.json"
            )
            if let citable { writer.citable = citable.allows }
            // Answers that come at other steps than the rules' (a known difference of timing) are
            // checked together, in one `expect` after both engines' agree again.
            if knowing, distance == 0 {
                writer.expectationsAfter = MergedWindows(expectedAnswers, actualAnswers, before: step).expectations
            }
            var yaml = writer.yaml(for: shrunk, expected: expectedAnswers, actual: actualAnswers)
            var verdict: CaseCheck
            if restsOnALack {
                verdict = .withheld(
                    "the reference rules answer it otherwise with the capabilities the engine lacks than without "
                        + "them: a case of it would rest on what one stands for, and fail on the reference engine"
                )
            } else if distance != 0 {
                verdict = .withheld(knownFirst(shrunk, at: step, expected: expectedAnswers, actual: actualAnswers))
            } else if let reason = stopped() {
                verdict = .withheld(Exploration.unchecked(because: reason))
            } else {
                verdict = check(yaml, caseID)
            }
            if case .needs(let capabilities) = verdict {
                writer.requires = capabilities
                yaml = writer.yaml(for: shrunk, expected: expectedAnswers, actual: actualAnswers)
                verdict = check(yaml, caseID)
                if case .needs(let more) = verdict {
                    verdict = .withheld("read back with `requires`, it still needs \(more.map(\.rawValue).sorted())")
                }
            }
            // A check the stop cut short says nothing of the case (a case kept failed on the
            // engine as the case expects every time, which no stop makes it do): nor do repeats
            // that disagree then, the last one cut short.
            switch verdict {
            case .withheld, .nondeterministic:
                if distance == 0, !restsOnALack, let reason = stopped() {
                    verdict = .withheld(Exploration.unchecked(because: reason))
                }
            case .kept, .needs: break
            }
            let withheld: String? =
                switch verdict {
                case .withheld(let reason), .nondeterministic(let reason): reason
                case .kept, .needs: nil
                }
            let isNondeterministic = if case .nondeterministic = verdict { true } else { false }
            return Difference(
                signature: distance == 0 ? shown.signature : signature,
                rule: rule,
                ruleIsProposed: subjectRule == nil,
                scenarios: 1,
                caseID: caseID,
                yaml: yaml,
                withheld: withheld,
                nondeterministic: isNondeterministic,
                knownFirst: distance != 0
            )
        }

        /// Why a case that reaches a known difference first is no case: where, and which known
        /// behaviours answer there as the engine does.
        private func knownFirst(
            _ scenario: Scenario,
            at difference: Int,
            expected: ScenarioTrace,
            actual: ScenarioTrace
        ) -> String {
            let step = MergedWindows(expected, actual, before: difference).firstUnmatched ?? difference
            let first =
                step < expected.windows.count
                ? FirstDifference(at: step, of: scenario, expected: expected, actual: actual).signature
                : "at its end, the engine failed"
            // The known behaviours that differ from the reference rules there as the engine does.
            let alike = exploration.known.filter { behaviour in
                let replay = ScenarioTrace(running: scenario, on: subject.replaying([behaviour]))
                return step < expected.windows.count && step < replay.windows.count
                    && replay.windows[step] != expected.windows[step]
                    && FirstDifference(at: step, of: scenario, expected: expected, actual: replay).signature
                        == FirstDifference(at: step, of: scenario, expected: expected, actual: actual).signature
            }
            return "it could not be made to reach its difference with no known difference before it or at its step: "
                + "it would fail first at step \(step + 1), \(first)"
                + (alike.isEmpty
                    ? " (as the engine's known behaviours do)"
                    : " (known: \(alike.map(\.id).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ")))")
        }
    }
}
