import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

@Suite("Running one case")
struct CaseExecutorTests {
    private func run(
        _ specCase: SpecCase,
        on provider: ScriptedEngineProvider,
        profile: Profile = .brazeSwift
    ) -> CaseResult {
        CaseExecutor(provider: provider, rules: []).execute(specCase, profile: profile)
    }

    @Test func aCaseWhoseExpectationsHoldPasses() {
        let result = run(CaseFixtures.displaysPromo("a"), on: CaseFixtures.promoEngine())
        #expect(result.status == .passed)
        #expect(result.message.isEmpty)
        #expect(result.timeline.map(\.step) == ["session_start", "expect: {sequence: [displayed: promo]}"])
        #expect(result.timeline[0].observations == ["displayed: promo", "impression_logged: promo"])
    }

    @Test func aFailureNamesTheFirstFailingExpectationAndItsStep() {
        let specCase = CaseFixtures.specCase(
            "a",
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
                .stimulus(.timeAdvanced(by: .seconds(30))),
                .stimulus(.customEvent(CustomEvent(name: "buy"))),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
                .expectation(Expectation(sequence: [.stacked(.any, reason: nil)])),
            ]
        )
        let result = run(specCase, on: CaseFixtures.promoEngine())
        #expect(result.status == .failed)
        #expect(result.kind == .sequence)
        #expect(result.location == SourceLocation(file: CaseFixtures.file, line: 14, column: 5))
        #expect(result.message == "sequence on delivery: expected [displayed: promo], found []")
        let failing = result.timeline.last
        #expect(failing?.time == "30")
        #expect(failing?.expected == ["displayed: promo"])
        #expect(failing?.actual == [])
        #expect(result.timeline.count == 5, "the steps after the failing one do not run")
        #expect(result.timeline.map(\.time) == ["0", "0", "0", "30", "30"])
    }

    @Test func eachExpectationSeesOnlyTheObservationsSinceThePreviousOne() {
        let specCase = CaseFixtures.specCase(
            "a",
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(contains: [.displayed(.any, extras: nil)])),
                .stimulus(.sessionEnded),
                .expectation(Expectation(sequence: [])),
            ]
        )
        #expect(run(specCase, on: CaseFixtures.promoEngine()).status == .passed)
    }

    @Test func theStackIsInspectedAfterTheWindowIsChecked() {
        let provider = ScriptedEngineProvider { stimulus, _ in
            switch stimulus {
            case .sessionStarted: [.stacked("promo", reason: .background)]
            case .stackInspected: [.stack(["promo"])]
            default: []
            }
        }
        let specCase = CaseFixtures.specCase(
            "a",
            requires: [.stackInspection],
            steps: [
                .stimulus(.appBackgrounded),
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.stacked(.id("promo"), reason: .background)], stack: ["promo"])),
            ]
        )
        let result = run(specCase, on: provider)
        #expect(result.status == .passed)
        #expect(result.timeline.last?.observations == ["stack: [promo]"])
        #expect(
            provider.recorder.runs.first?.stimuli == [
                .appBackgrounded, .sessionStarted(syncPending: false), .stackInspected,
            ]
        )
    }

    @Test func aWrongStackFailsTheCase() {
        let provider = ScriptedEngineProvider.answering([.stackInspected: [.stack(["other"])]])
        let specCase = CaseFixtures.specCase("a", steps: [.expectation(Expectation(stack: []))])
        let result = run(specCase, on: provider)
        #expect(result.status == .failed)
        #expect(result.kind == .stack)
        #expect(result.timeline.last?.expected == ["stack: []"])
        #expect(result.timeline.last?.actual == ["stack: [other]"])
    }

    @Test func anythingButOneStackAnswerIsAnError() {
        let answers: [[Observation]] = [[], [.stack([]), .stack([])], [.displayed("promo", extras: [:])]]
        for answer in answers {
            let provider = ScriptedEngineProvider.answering([.stackInspected: answer])
            let result = run(CaseFixtures.specCase("a", steps: [.expectation(Expectation(stack: []))]), on: provider)
            #expect(result.status == .error)
            #expect(result.kind == .stackAnswer)
        }
    }

    @Test func aStackInAnswerToAStimulusIsAnError() {
        let provider = ScriptedEngineProvider.answering([.sessionStarted(syncPending: false): [.stack(["promo"])]])
        let specCase = CaseFixtures.specCase("a", steps: [.stimulus(.sessionStarted(syncPending: false))])
        let result = run(specCase, on: provider)
        #expect(result.status == .error)
        #expect(result.kind == .stackAnswer)
        #expect(
            result.message
                == "the engine answered `session_start` with a stack, expected a stack only in answer to the stack inspection"
        )
    }

    @Test func aFailingWindowIsReportedWithoutInspectingTheStack() {
        let provider = CaseFixtures.promoEngine()
        let specCase = CaseFixtures.specCase(
            "a",
            steps: [.stimulus(.sessionStarted(syncPending: false)), .expectation(Expectation(sequence: [], stack: []))]
        )
        #expect(run(specCase, on: provider).status == .failed)
        #expect(provider.recorder.runs.first?.stimuli.contains(.stackInspected) == false)
    }

    @Test func anEngineErrorMakesTheRunAnErrorWithItsDiagnostics() {
        let provider = ScriptedEngineProvider { stimulus, _ in
            if case .sessionStarted = stimulus {
                throw EngineError("lost the session", diagnostics: "stderr: boom")
            }
            return []
        }
        let result = run(CaseFixtures.displaysPromo("a"), on: provider)
        #expect(result.status == .error)
        #expect(result.kind == .engine)
        #expect(result.message == "the engine failed while handling `session_start`: lost the session")
        #expect(result.diagnostics == "stderr: boom")
        #expect(result.location.line == 10)
    }

    @Test func anEngineThatCannotBeMadeIsAnErrorSaidOnce() {
        let provider = ScriptedEngineProvider(
            fail: { "no engine for \($0.caseID)" },
            respond: { _, _ in .observations([]) }
        )
        let result = run(CaseFixtures.displaysPromo("a"), on: provider)
        #expect(result.status == .error)
        #expect(result.kind == .engine)
        #expect(result.message == "the engine failed while setting up the case: no engine for a")
    }

    @Test func anEngineWithoutTheProfileSkipsWithTheReason() {
        let result = run(CaseFixtures.displaysPromo("a"), on: CaseFixtures.promoEngine(profiles: [.appboyLegacy]))
        #expect(result.status == .skipped)
        #expect(result.skipReason == "the engine does not support the profile braze-swift")
    }

    @Test func anEngineWithoutARequiredCapabilitySkipsNamingIt() {
        let specCase = CaseFixtures.specCase(
            "a",
            requires: [.keyboard, .assets, .analytics],
            steps: [.expectation(Expectation(sequence: []))]
        )
        let result = run(specCase, on: CaseFixtures.promoEngine(capabilities: [.analytics]))
        #expect(result.status == .skipped)
        #expect(result.message == "the engine lacks the capabilities assets, keyboard")
    }

    /// An engine without `stack-inspection` that answers a stack inspection with a display, which
    /// would be an error: a run that sent it the inspection could not pass.
    private static let engineWithoutStack = ScriptedEngineProvider(
        capabilities: Set(Capability.allCases).subtracting([.stackInspection])
    ) { stimulus, _ in
        switch stimulus {
        case .sessionStarted: [CaseFixtures.displayed]
        case .stackInspected: [CaseFixtures.displayed]
        default: []
        }
    }

    @Test func aStackPartOnAnEngineWithoutStackInspectionIsSkippedAndTheRestJudged() {
        let specCase = CaseFixtures.specCase(
            "a",
            requires: [.stackInspection],
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)], stack: ["other"])),
            ]
        )
        let passed = run(specCase, on: Self.engineWithoutStack)
        #expect(passed.status == .passed)
        #expect(
            passed.skippedChecks == [
                SkippedCheck(
                    location: SourceLocation(file: CaseFixtures.file, line: 11, column: 5),
                    check: "stack",
                    capability: .stackInspection
                )
            ]
        )
        var wrong = specCase
        wrong.steps[1] = Step(
            .expectation(Expectation(sequence: [], stack: ["other"])),
            location: specCase.steps[1].location
        )
        let failed = run(wrong, on: Self.engineWithoutStack)
        #expect(failed.status == .failed)
        #expect(failed.kind == .sequence)
        #expect(failed.skippedChecks.isEmpty)
        // An engine with the capability is judged on the stack too.
        let judged = run(specCase, on: CaseFixtures.promoEngine())
        #expect(judged.status == .failed)
        #expect(judged.kind == .stack)
        #expect(judged.skippedChecks.isEmpty)
    }

    @Test func aRunWithNothingButSetupAndStackPartsToJudgeStaysSkipped() {
        let specCase = CaseFixtures.specCase(
            "a",
            requires: [.stackInspection],
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)], setup: true)),
                .expectation(Expectation(stack: [])),
            ]
        )
        let result = run(specCase, on: Self.engineWithoutStack)
        #expect(result.status == .skipped)
        #expect(result.message == "the engine lacks the capability stack-inspection")
        #expect(result.skippedChecks.isEmpty)
    }

    @Test func anEngineAssumesTheLaterCapabilitiesUnlessItSaysItLacksThem() {
        let delayed = CaseFixtures.specCase(
            "a",
            requires: [.delay, .triggerSessionStart],
            steps: [.expectation(Expectation(sequence: []))]
        )
        let older = ScriptedEngineProvider(capabilities: [.analytics]) { _, _ in [] }
        #expect(older.description.capabilities == Capability.assumedUnlessLacking.union([.analytics]))
        #expect(run(delayed, on: older).status == .passed)
        let lacking = ScriptedEngineProvider(capabilities: [], lacking: [.delay]) { _, _ in [] }
        #expect(run(delayed, on: lacking).message == "the engine lacks the capability delay")
        let nothing = ScriptedEngineProvider(capabilities: [], lacking: Capability.assumedUnlessLacking) { _, _ in [] }
        #expect(nothing.description.capabilities.isEmpty)
        #expect(Capability.assumedUnlessLacking.isDisjoint(with: Capability.declaredSinceProtocol1))
    }

    @Test func aProviderThatDeclinesTheCaseSkipsIt() {
        let provider = ScriptedEngineProvider(
            skip: { setup in setup.caseID == "a" ? "not today" : nil },
            respond: { _, _ in [] }
        )
        #expect(run(CaseFixtures.displaysPromo("a"), on: provider).skipReason == "not today")
        #expect(provider.recorder.runs.isEmpty)
    }

    @Test func aProviderThatCannotMakeTheEngineMakesTheRunAnError() {
        let provider = ScriptedEngineProvider(
            fail: { setup in setup.caseID == "a" ? "no engine today" : nil },
            respond: { _, _ in [] }
        )
        let result = run(CaseFixtures.displaysPromo("a"), on: provider)
        #expect(result.status == .error)
        #expect(result.message.hasSuffix("no engine today"), "\(result.message)")
        #expect(provider.recorder.runs.isEmpty)
    }

    @Test func anEngineThatDeclinesAStimulusSkipsTheRunAtThatStep() {
        let provider = ScriptedEngineProvider { stimulus, _ in
            switch stimulus {
            case .sessionStarted: [.displayed("promo", extras: [:])]
            case .displayNextRequested: .unsupported(reason: "no display-next in this engine")
            default: []
            }
        }
        let specCase = CaseFixtures.specCase(
            "a",
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
                .stimulus(.displayNextRequested),
                .expectation(Expectation(sequence: [])),
            ]
        )
        let result = run(specCase, on: provider)
        #expect(result.status == .skipped)
        #expect(result.kind == .declined)
        #expect(result.message == "the engine declined `display_next`: no display-next in this engine")
        #expect(result.location == SourceLocation(file: CaseFixtures.file, line: 12, column: 5))
        #expect(result.timeline.map(\.step).last == "display_next", "the timeline ends at the declined step")
        #expect(provider.recorder.runs.first?.stimuli.count == 2, "nothing is sent after the declined step")
    }

    @Test func anEngineThatDeclinesTheStackInspectionSkipsTheRun() {
        let provider = ScriptedEngineProvider { stimulus, _ in
            stimulus == .stackInspected ? .unsupported(reason: "the stack is private") : []
        }
        let specCase = CaseFixtures.specCase(
            "a",
            requires: [.stackInspection],
            steps: [.stimulus(.sessionEnded), .expectation(Expectation(stack: []))]
        )
        let result = run(specCase, on: provider)
        #expect(result.status == .skipped)
        #expect(result.message == "the engine declined the stack inspection: the stack is private")
        #expect(result.location == SourceLocation(file: CaseFixtures.file, line: 11, column: 5))
    }

    @Test func theEngineIsSetUpFromTheCaseAndProfile() {
        let provider = CaseFixtures.promoEngine()
        _ = run(CaseFixtures.displaysPromo("a", profiles: [.appboyLegacy]), on: provider, profile: .appboyLegacy)
        let setup = provider.recorder.runs.first?.setup
        #expect(setup?.caseID == "a")
        #expect(setup?.profile == .appboyLegacy)
        #expect(setup?.messages.map(\.id) == ["promo"])
    }

    @Test func rulesCarryTheirSourcesFromTheCatalogue() {
        let catalogue = RuleCatalogue(rules: [
            Rule(
                id: "delivery.basic",
                title: "t",
                kind: .documented,
                quotes: [
                    Rule.Quote(seed: "003", language: "pt", text: "x\nmore", translation: "ex\nmore"),
                    Rule.Quote(seed: "000", language: "en", text: "y"),
                ],
                location: SourceLocation(file: "rules.yaml", line: 1, column: 3)
            )
        ])
        let executor = CaseExecutor(provider: CaseFixtures.promoEngine(), rules: catalogue.references)
        let result = executor.execute(CaseFixtures.displaysPromo("a"), profile: .brazeSwift)
        #expect(
            result.rules == [
                RuleReference(
                    id: "delivery.basic",
                    sources: ["seed 003 (pt)", "seed 000 (en)"],
                    title: "t",
                    quotedLine: #"seed 003 (pt): "ex""#
                )
            ]
        )
    }
}
