import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

@Suite("A missing display that came later")
struct LaterDisplayTests {
    /// An engine that displays `promo` on the custom event `late`, and during any advance of
    /// 30 s or more.
    private static func lateEngine() -> ScriptedEngineProvider {
        ScriptedEngineProvider(capabilities: Set(Capability.allCases)) { stimulus, _ in
            switch stimulus {
            case .customEvent(let event) where event.name == "late": .observations([.displayed("promo", extras: [:])])
            case .timeAdvanced(let span) where span >= .seconds(30): .observations([.displayed("promo", extras: [:])])
            case .stackInspected: .observations([.stack([])])
            default: .observations([])
            }
        }
    }

    private func run(_ steps: [Step.Action], on provider: ScriptedEngineProvider) -> CaseResult {
        CaseExecutor(provider: provider, rules: []).execute(
            CaseFixtures.specCase("a", steps: steps),
            profile: .brazeSwift
        )
    }

    @Test func aDisplayAfterAnotherStepIsNamedWithItsTime() {
        let result = run(
            [
                .stimulus(.sessionStarted(syncPending: false)),
                .stimulus(.timeAdvanced(by: .seconds(10))),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
                .stimulus(.timeAdvanced(by: .seconds(5))),
                .stimulus(.customEvent(CustomEvent(name: "late"))),
                .expectation(Expectation(sequence: [])),
            ],
            on: Self.lateEngine()
        )
        #expect(result.status == .failed)
        #expect(
            result.message
                == "sequence on delivery: expected [displayed: promo], found []; promo: displayed later, at +5 s"
        )
        #expect(result.timeline.count == 3, "the timeline still stops at the failing step")
        #expect(result.timeline.last?.time == "10")
    }

    @Test func aDisplayDuringAnAdvanceIsNamedByTheAdvancesEnd() {
        let result = run(
            [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(contains: [.displayed(.id("promo"), extras: nil)])),
                .stimulus(.timeAdvanced(by: .seconds(30))),
            ],
            on: Self.lateEngine()
        )
        #expect(result.kind == .contains)
        #expect(result.message.hasSuffix("; promo: displayed later, by +30 s"))
    }

    @Test func aDisplayThatNeverCameAddsNothing() {
        let result = run(
            [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
                .stimulus(.customEvent(CustomEvent(name: "other"))),
            ],
            on: Self.lateEngine()
        )
        #expect(result.message == "sequence on delivery: expected [displayed: promo], found []")
    }

    @Test func runningOnSendsTheRequestsInThePlannedOrderAndOnlyAfterAMissingDisplay() {
        let provider = Self.lateEngine()
        _ = run(
            [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)], stack: [])),
                .expectation(Expectation(sequence: [], stack: [])),
                .stimulus(.customEvent(CustomEvent(name: "late"))),
                .stimulus(.customEvent(CustomEvent(name: "after"))),
            ],
            on: provider
        )
        // The failing expect's stack inspection, the next expect's, then the stimuli up to the
        // display sought: as a `LookaheadEngine` was told, and no further.
        #expect(
            provider.recorder.runs.first?.stimuli == [
                .sessionStarted(syncPending: false), .stackInspected, .stackInspected,
                .customEvent(CustomEvent(name: "late")),
            ]
        )
        let absent = Self.lateEngine()
        let result = run(
            [
                .stimulus(.customEvent(CustomEvent(name: "late"))),
                .expectation(Expectation(absent: [.displayed(.id("promo"), extras: nil)])),
                .stimulus(.customEvent(CustomEvent(name: "after"))),
            ],
            on: absent
        )
        #expect(result.kind == .absent)
        #expect(absent.recorder.runs.first?.stimuli == [.customEvent(CustomEvent(name: "late"))])
    }

    @Test func theConsoleNeverSaysExpectedNothing() {
        let result = run(
            [
                .stimulus(.customEvent(CustomEvent(name: "late"))),
                .expectation(Expectation(sequence: [])),
            ],
            on: Self.lateEngine()
        )
        let text = TimelineText.lines(result.timeline).joined(separator: "\n")
        #expect(text.contains("expected: nothing observed"))
        #expect(!text.contains("expected: (nothing)"))
    }
}
