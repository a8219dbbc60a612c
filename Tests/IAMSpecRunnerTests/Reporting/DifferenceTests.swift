import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

/// Failures filed under the rules of the step that failed, and grouped by the behaviour that
/// differs.
@Suite("Differences")
struct DifferenceTests {
    private static let here = SourceLocation(file: "d.yaml", line: 1, column: 1)

    private func failed(_ id: String, _ profile: Profile, _ rules: [String], _ mismatch: String) -> CaseResult {
        CaseResult(
            caseID: id,
            profile: profile,
            title: id,
            status: .failed,
            location: Self.here,
            difference: Difference(rules: rules, mismatch: mismatch)
        )
    }

    /// A first-in-first-out stack, explaining the run of case `a` under braze-swift.
    private static let fifoExplainingA = ExplainedBehaviour(
        behaviour: "stack-fifo",
        summary: "lets waiting messages leave first in, first out",
        rule: "stack.lifo",
        runs: [ExplainedBehaviour.Run(caseID: "a", profile: .brazeSwift)],
        passes: 12
    )

    private func summary(_ results: [CaseResult]) -> RunSummary {
        RunSummary(header: ReportFixtures.header(), results: results)
    }

    @Test func runsThatDifferTheSameWayAreOneGroupWhateverTheirCases() {
        let results = [
            failed("b", .brazeSwift, ["stack.no-auto-drain"], "sequence: an unexpected displayed"),
            failed("a", .brazeSwift, ["stack.no-auto-drain"], "sequence: an unexpected displayed"),
            failed("a", .appboyLegacy, ["stack.no-auto-drain"], "sequence: an unexpected displayed"),
            failed("c", .brazeSwift, ["stack.lifo", "stack.no-auto-drain"], "stack: a different stack"),
        ]
        let groups = summary(results).differences
        // Each run once, under the first rule of its failing check.
        #expect(groups.map(\.rule) == ["stack.no-auto-drain", "stack.lifo"])
        #expect(groups[0].cases == ["a", "b"] && groups[0].runs == 3)
        #expect(groups[0].example.caseID == "b")
        #expect(groups[1].mismatch == "stack: a different stack" && groups[1].runs == 1)
    }

    @Test func runsABehaviourExplainsAreNoDifference() {
        var summary = summary([
            failed("a", .brazeSwift, ["stack.lifo"], "stack: a different stack"),
            failed("b", .brazeSwift, ["stack.lifo"], "stack: a different stack"),
        ])
        summary.behaviours = [Self.fifoExplainingA]
        #expect(summary.differences.map(\.cases) == [["b"]])
    }

    /// The console names the behaviours, then, apart and headed so, the failed runs that none of
    /// them reproduces; with no behaviour named, the same runs are headed as plain differences.
    @Test func theConsoleSetsTheRunsNoBehaviourReproducesApart() {
        var summary = summary([
            failed("a", .brazeSwift, ["stack.lifo"], "stack: a different stack"),
            failed("b", .brazeSwift, ["interval.from-last-display"], "sequence: a missing stacked"),
        ])
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false))
        #expect(
            console.differenceLines(for: summary).filter { !$0.hasPrefix("    e.g. re-run: ") } == [
                "differences (2): the failed runs, by the rule and the way they differ",
                "  interval.from-last-display: sequence: a missing stacked (1 case, 1 run)",
                "  stack.lifo: stack: a different stack (1 case, 1 run)",
                "",
            ]
        )
        summary.behaviours = [Self.fifoExplainingA]
        // A run of the whole suite (a part's names say more: PartialRunNamesTests).
        summary.header.selection = RunSelection()
        #expect(
            console.differenceLines(for: summary).filter { !$0.hasPrefix("    e.g. re-run: ") } == [
                "behaviours (1): what the engine does differently, each replayed on the reference engine with the "
                    + "engine's very observations and passing the runs the engine passed",
                "  untested: the name below was not tested as a prediction on the engine (a run with "
                    + "--no-test-names or --no-experiments, iamspec explain, or an interrupted run): each replays its "
                    + "runs and fails no pass, and no experiment asked the engine more",
                "  stack.lifo: the engine lets waiting messages leave first in, first out (behaviour stack-fifo; "
                    + "1 case, 1 run; checked against 12 passes)",
                "    replays: a [braze-swift]",
                "",
                "unexplained differences (1): the failed runs no behaviour reproduces together with the names "
                    + "above, by the rule and the way they differ",
                "  interval.from-last-display: sequence: a missing stacked (1 case, 1 run)",
                "",
            ]
        )
    }

    @Test func errorsAndSkipsAreNoDifference() {
        var error = failed("e", .brazeSwift, ["x.y"], "sequence: an unexpected displayed")
        error.status = .error
        #expect(summary([error]).differences.isEmpty)
    }

    @Test func theMismatchNamesWhereTheSequencePartsWithoutTheIDs() {
        let window: [Observation] = [.displayed("first", extras: [:]), .displayed("waiting", extras: [:])]
        let failure = ExpectationCheck.checkSequence([.displayed(.id("first"), extras: nil)], window: window[...])
        #expect(failure?.mismatch == "sequence: an unexpected displayed")
        let instead = ExpectationCheck.checkSequence(
            [.displayed(.any, extras: nil), .stacked(.any, reason: nil), .stacked(.any, reason: nil)],
            window: window[...]
        )
        #expect(instead?.mismatch == "sequence: displayed where stacked was expected")
        let other = ExpectationCheck.checkSequence(
            [.displayed(.id("first"), extras: nil), .displayed(.id("other"), extras: nil)],
            window: window[...]
        )
        #expect(other?.mismatch == "sequence: displayed unlike the pattern")
        let short = ExpectationCheck.checkSequence(
            [.displayed(.any, extras: nil), .displayed(.any, extras: nil), .stacked(.any, reason: nil)],
            window: window[...]
        )
        #expect(short?.mismatch == "sequence: a missing stacked")
        #expect(ExpectationCheck.checkStack(expected: ["a"], actual: [])?.mismatch == "stack: a different stack")
    }

    @Test func aDiscardThatStartsTheIntervalIsFiledUnderTheIntervalRule() throws {
        // An engine that discards the message whose image failed, as the rule says, but starts the
        // minimum interval with the discard (as the Web SDK and Android do, `interval.from-last-display`'s
        // note): the bundled case's failure is the interval's, not the discard's.
        let engine = ScriptedEngineProvider(profiles: [.brazeSwift]) { stimulus, _ in
            guard case .customEvent(let event) = stimulus, event.name == "browse" else { return [] }
            return [.discarded("banner", reason: .assetFailed)]
        }
        let options = RunOptions(
            selection: RunSelection(filters: [.exactly("discard-asset-failed-not-a-display")], profiles: [.brazeSwift])
        )
        let summary = try ConformanceRun(engine: engine, options: options).run(specs: "Specs")
        #expect(summary.totalsLine == "0 passed, 1 failed, 0 skipped")
        #expect(summary.results.first?.difference?.rules == ["interval.from-last-display"])
        #expect(summary.differences.map(\.rule) == ["interval.from-last-display"])
    }

    @Test func aSessionStartThatOffersNothingBehindAVisibleMessageIsFiledUnderTheEligibilityRule() throws {
        // An engine that stacks a message behind the visible one but offers nothing at a session
        // start while a message is visible: the bundled case about impressions is blocked at its
        // setup, filed under `stack.eligibility-moments`, not failed under the analytics rule.
        let engine = ScriptedEngineProvider(profiles: [.brazeSwift]) { stimulus, _ in
            guard case .customEvent(let event) = stimulus else { return [] }
            switch event.name {
            case "one": return [.displayed("first", extras: [:]), .impressionLogged("first")]
            case "two": return [.stacked("second", reason: .messageVisible)]
            default: return []
            }
        }
        let options = RunOptions(
            selection: RunSelection(
                filters: [.exactly("analytics-one-impression-after-requeue")],
                profiles: [.brazeSwift]
            )
        )
        let summary = try ConformanceRun(engine: engine, options: options).run(specs: "Specs")
        #expect(summary.totalsLine == "0 passed, 1 failed, 0 skipped")
        let difference = try #require(summary.results.first?.difference)
        #expect(difference.rules == ["stack.eligibility-moments"])
        #expect(difference.blocked == ["analytics.once-per-message", "reenqueue.message-visible"])
    }

    @Test func aQueueThatDismissesAsTheRuleSaysIsFiledUnderTheStackOrder() throws {
        // A first-in-first-out queue, answered next first, that leaves a waiting message alone when
        // it is dismissed: the bundled dismissal case differs only in the stack's order.
        let options = RunOptions(
            selection: RunSelection(
                filters: [.exactly("stack-dismissal-of-hidden-message-changes-nothing")],
                profiles: [.brazeSwift]
            )
        )
        let summary = try ConformanceRun(engine: QueueEngineProvider(), options: options).run(specs: "Specs")
        #expect(summary.totalsLine == "0 passed, 1 failed, 0 skipped")
        #expect(summary.results.first?.difference?.rules == ["stack.lifo"])
    }

    @Test func anExpectStepNamesTheRulesItChecks() throws {
        let yaml = """
            id: own-rules
            title: A step with its own rules
            rules: [area.rule]
            given:
              messages: [{id: m, triggers: [{custom_event: e}]}]
            steps:
              - session_start
              - custom_event: e
              - expect: {sequence: [{displayed: m}], rules: [area.rule]}
              - expect: {rules: [area.rule]}
              - expect: {sequence: [], rules: [area.unknown]}
            """
        let problems = try SpecScratch.problems(in: yaml)
        #expect(problems.contains { $0.contains("expected at least one of sequence, contains, absent, stack") })
        #expect(problems.contains { $0.contains("unknown rule 'area.unknown'") })
        #expect(problems.count == 2, "\(problems)")
    }
}

/// An engine for three custom events `one`, `two` and `three`, each showing its message (`first`,
/// `waiting`, `later`) on a free screen and queuing it behind the visible one otherwise: a queue,
/// first in, first out, read back next first; a dismissal of a message not on screen does nothing.
private struct QueueEngineProvider: EngineProvider {
    var description: EngineDescription {
        EngineDescription(
            name: "queue",
            version: "1.0.0",
            profiles: [.brazeSwift],
            capabilities: [.stackInspection]
        )
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine()
    }

    struct Engine: DeliveryEngine {
        var visible: MessageID?
        var queue: [MessageID] = []

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            switch stimulus {
            case .customEvent(let event):
                let names = ["one": "first", "two": "waiting", "three": "later"]
                guard let id = names[event.name] else { return [] }
                guard visible == nil else {
                    queue.append(id)
                    return [.stacked(id, reason: .messageVisible)]
                }
                visible = id
                return [.displayed(id, extras: [:])]
            case .messageDismissed(let id):
                guard visible == id else { return [] }
                visible = nil
                return []
            case .stackInspected:
                return [.stack(queue)]
            default:
                return []
            }
        }
    }
}
