import Foundation
import IAMSpec
import IAMSpecTesting
import Synchronization
import Testing

@testable import IAMSpecRunner

@Suite("Runs made several times: nondeterminism as a finding of its own")
struct NondeterminismTests {
    /// Counts the engines made, shared by a provider's engines.
    private final class Counter: Sendable {
        let made = Atomic(0)
    }

    /// An engine, in this process, that breaks a tie one way in odd-numbered engines and the
    /// other in even ones: `a` or `b` displayed on `session_start`.
    private static func alternatingEngine() -> ScriptedEngineProvider {
        let counter = Counter()
        return ScriptedEngineProvider(
            capabilities: Set(Capability.allCases),
            skip: { _ in
                counter.made.add(1, ordering: .relaxed)
                return nil
            },
            respond: { stimulus, _ in
                guard case .sessionStarted = stimulus else { return .observations([]) }
                let isOdd = counter.made.load(ordering: .relaxed) % 2 == 1
                return .observations([.displayed(isOdd ? "b" : "a", extras: [:])])
            }
        )
    }

    private static let tieCase = CaseFixtures.specCase(
        "tie",
        steps: [
            .stimulus(.sessionStarted(syncPending: false)),
            .expectation(Expectation(sequence: [.displayed(.id("b"), extras: nil)])),
        ]
    )

    private static let seesAnyCase = CaseFixtures.specCase(
        "any",
        steps: [
            .stimulus(.sessionStarted(syncPending: false)),
            .expectation(Expectation(contains: [.displayed(.any, extras: nil)])),
        ]
    )

    private func run(_ cases: [SpecCase], on provider: ScriptedEngineProvider, repeats: Int) -> RunSummary {
        var options = RunOptions(jobs: 1)
        options.repeats = repeats
        return ConformanceRun(engine: provider, options: options).run(cases: cases)
    }

    @Test func aRunWhoseRepeatsEndOtherwiseIsNondeterministicWithBothTimelines() throws {
        let summary = run([Self.tieCase], on: Self.alternatingEngine(), repeats: 3)
        let result = try #require(summary.results.first)
        #expect(result.status == .failed)
        #expect(result.kind == .nondeterministic)
        #expect(
            result.message
                == "nondeterministic: repeat 1 of 3 passed; repeat 2 failed: sequence on delivery: "
                + "expected [displayed: b], found [displayed: a]"
        )
        let nondeterminism = try #require(result.nondeterminism)
        #expect(nondeterminism.repeats == 3)
        #expect(nondeterminism.runs.map(\.number) == [1, 2])
        #expect(nondeterminism.runs.map(\.status) == [.passed, .failed])
        #expect(nondeterminism.runs[0].timeline.first?.observations == ["displayed: b"])
        #expect(nondeterminism.runs[1].timeline.first?.observations == ["displayed: a"])
        #expect(result.difference == nil, "not grouped as a difference of a rule")
        #expect(!result.given.isEmpty)
        #expect(summary.failedCount == 1)
        // Every report shows both repeats, each with its timeline.
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).lines(for: summary).joined(separator: "\n")
        #expect(console.contains("    repeat 1 of 3: passed\n"))
        #expect(console.contains("    repeat 2 of 3: failed: sequence on delivery"))
        #expect(console.contains("displayed: a"))
        let junit = JUnitReport.xml(for: summary)
        #expect(junit.contains("type=\"iamspec.nondeterministic\""))
        #expect(junit.contains("repeat 2 of 3: failed"))
        let markdown = MarkdownReport.summary(summary)
        #expect(markdown.contains("repeat 1 of 3: passed"))
    }

    @Test func runsWhoseRepeatsAllAgreeAreReportedOnceAsTheFirst() throws {
        let passing = run([CaseFixtures.displaysPromo("a")], on: CaseFixtures.promoEngine(), repeats: 3)
        #expect(passing.results.first?.status == .passed)
        #expect(passing.results.first?.nondeterminism == nil)
        // A deterministic failure stays an ordinary failure.
        let failing = CaseFixtures.specCase(
            "c",
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("c"), extras: nil)])),
            ]
        )
        let summary = run([failing], on: CaseFixtures.promoEngine(), repeats: 4)
        let result = try #require(summary.results.first)
        #expect(result.status == .failed)
        #expect(result.kind == .sequence)
        #expect(result.nondeterminism == nil)
    }

    @Test func otherObservationsWithTheSameOutcomeAreNondeterministicToo() throws {
        let summary = run([Self.seesAnyCase], on: Self.alternatingEngine(), repeats: 2)
        let result = try #require(summary.results.first)
        #expect(result.kind == .nondeterministic)
        #expect(result.message == "nondeterministic: repeats 1 and 2 of 2 both passed, with other observations")
    }

    @Test func hostileTextInARepeatIsShownInert() {
        let hostile = "\u{1B}[2J\u{202E}line\nbreak\r::error::x ##[error]y"
        let nondeterminism = Nondeterminism(
            repeats: 2,
            runs: [
                .init(number: 1, status: .passed),
                .init(
                    number: 2,
                    status: .failed,
                    kind: .sequence,
                    message: hostile,
                    timeline: [
                        TimelineEntry(
                            time: "0",
                            step: hostile,
                            location: SourceLocation(file: "a.yaml", line: 1, column: 1),
                            observations: [hostile]
                        )
                    ]
                ),
            ]
        )
        let text = nondeterminism.lines.joined(separator: "\n")
        #expect(nondeterminism.lines.count == 5, "one line per row, however the text breaks")
        for raw in ["\u{1B}", "\u{202E}", "\r", "line\nbreak", "\n::error::"] {
            #expect(!text.contains(raw), "shown as is: \(raw.debugDescription)")
        }
    }

    @Test func theResultsStreamKeepsBothRepeatsAndDiffAndBaselineSaySo() throws {
        let provider = Self.alternatingEngine()
        let summary = run([Self.tieCase], on: provider, repeats: 2)
        let read = try ResultsStream.decode(Data(ResultsStream.encode(summary)), path: "results.jsonl")
        #expect(read.results.first?.nondeterminism == summary.results.first?.nondeterminism)
        #expect(read.results.first?.kind == .nondeterministic)
        // A run that passed before and is nondeterministic now: not newly failing.
        var before = summary
        before.results[0] = CaseResult(
            caseID: "tie",
            profile: .brazeSwift,
            title: "",
            status: .passed,
            location: Self.tieCase.location
        )
        let diff = ResultsDiff(old: before, new: read)
        #expect(diff.newlyFailing.isEmpty)
        #expect(diff.nondeterministic.map(\.name) == ["tie [braze-swift]"])
        #expect(!diff.hasRegression)
        #expect(diff.countsLine.hasSuffix(", 1 nondeterministic"))
        // And back: nondeterministic before, failing now: not newly passing nor a changed message.
        var failingNow = before
        failingNow.results[0].status = .failed
        failingNow.results[0].kind = .sequence
        failingNow.results[0].message = "sequence"
        let back = ResultsDiff(old: read, new: failingNow)
        #expect(back.changedMessages.isEmpty && back.nondeterministic.count == 1)
        // --update-baseline suggests `flaky`.
        let baseline = BaselineUpdate.refresh(nil, with: summary, cases: [(Self.tieCase.id, Self.tieCase.profiles)])
        #expect(baseline.entries.map(\.status) == [.flaky])
        #expect(baseline.entries.first?.reason.hasPrefix("nondeterministic on ") == true)
    }
}
