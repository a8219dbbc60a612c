import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecExplanation
@testable import IAMSpecMutants

@Suite("Needs proof")
struct NeedsProofTests {
    private static let here = SourceLocation(file: "proof.yaml", line: 3, column: 3)

    /// A case whose second display the default 30 s interval drops: it fails on an engine without
    /// the interval, so it must need `minimum-interval`.
    private static func intervalCase(requires: Set<Capability>) -> SpecCase {
        SpecCase(
            id: "interval-drops-second",
            title: "The second trigger inside the interval shows nothing",
            rules: ["interval.default-30-seconds"],
            requires: requires,
            messages: [
                InAppMessage(id: "first", triggers: [.customEvent(name: "one", filters: PropertyFilters())]),
                InAppMessage(id: "second", triggers: [.customEvent(name: "two", filters: PropertyFilters())]),
            ],
            steps: [
                Step(.stimulus(.sessionStarted(syncPending: false)), location: here),
                Step(.stimulus(.customEvent(CustomEvent(name: "one"))), location: here),
                Step(.stimulus(.messageDismissed("first")), location: here),
                Step(.stimulus(.customEvent(CustomEvent(name: "two"))), location: here),
                Step(.expectation(Expectation(sequence: [.displayed(.id("first"), extras: nil)])), location: here),
            ],
            location: here
        )
    }

    @Test func aCaseThatNeedsWhatChangesItHoldsUp() throws {
        let report = try NeedsProof().run(cases: [Self.intervalCase(requires: [.minimumInterval])])
        let interval = try #require(report.capabilities.first { $0.capability == .minimumInterval })
        #expect(interval.gated == 2 && interval.failing == 2 && interval.ungatedFailing == 0)
        #expect(report.passed, "\(report.lines)")
        #expect(report.lines.last == "Audit: passed")
    }

    @Test func aCaseThatFailsWithoutABehaviourItDoesNotNeedIsRefusedAtTheCase() throws {
        let report = try NeedsProof().run(cases: [Self.intervalCase(requires: [])])
        #expect(!report.passed)
        let diagnostic = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1)
        #expect(diagnostic.location == Self.here)
        #expect(
            diagnostic.message.hasPrefix("case 'interval-drops-second' fails on an engine that enforces no minimum")
        )
        #expect(diagnostic.message.contains("(behaviour interval-not-enforced, "))
        #expect(
            diagnostic.message.contains("but does not need 'minimum-interval'; expected `requires: [minimum-interval]`")
        )
        #expect(diagnostic.message.hasSuffix("(`iamspec migrate` adds it to a file written for iamspec 0.1.0)"))
        #expect(report.undeclared == ["interval-drops-second": [.minimumInterval]] && report.unshown.isEmpty)
        let interval = try #require(report.capabilities.first { $0.capability == .minimumInterval })
        #expect(interval.gated == 0 && interval.ungatedFailing == 2)
        #expect(report.lines.last == "Audit: failed")
    }

    @Test func aNeedNoBehaviourShowsIsRefused() throws {
        var needless = Self.intervalCase(requires: [.minimumInterval, .priority])
        needless.id = "needless-priority"
        let report = try NeedsProof().run(cases: [needless])
        #expect(
            report.diagnostics.map(\.message) == [
                "case 'needless-priority' needs 'priority' (declared in `requires`), but passes on every engine "
                    + "without it (priority-ignored); expected no need of 'priority' (an engine without it can run "
                    + "the case), or a case that such an engine fails (`iamspec migrate` drops it from a file written "
                    + "for iamspec 0.1.0)"
            ]
        )
        #expect(report.unshown == ["needless-priority": [.priority]] && report.undeclared.isEmpty)
        let priority = try #require(report.capabilities.first { $0.capability == .priority })
        #expect(priority.gated == 2 && priority.failing == 0)
    }

    @Test func aNeedOfTheIntervalShownWithPerMessageIntervalsSaysWhy() throws {
        var perMessage = Self.intervalCase(requires: [.minimumInterval])
        perMessage.id = "per-message-interval"
        perMessage.configuration.minimumTriggerInterval = .zero
        perMessage.messages[1].minimumTriggerInterval = .seconds(60)
        let report = try NeedsProof().run(cases: [perMessage])
        #expect(
            report.diagnostics.map(\.message) == [
                "case 'per-message-interval' needs 'minimum-interval' (declared in `requires`), but passes on every "
                    + "engine without it (interval-not-enforced); expected no need of 'minimum-interval' (an engine "
                    + "without it can run the case), or a case that such an engine fails; an engine without the "
                    + "minimum interval still applies each message's own `minimum_trigger_interval` (rule "
                    + "'interval.per-message'), so a case that shows the interval with per-message intervals passes "
                    + "there: show it with `given.config.minimum_trigger_interval`, or leave the per-message "
                    + "intervals out (`iamspec migrate` drops it from a file written for iamspec 0.1.0)"
            ]
        )
    }

    @Test func aNeedThatHoldsUnderOneProfileOnlyIsRefused() throws {
        let specCase = Self.intervalCase(requires: [.minimumInterval])
        let behaviour = try #require(BehaviourCatalogue.behaviour(id: "interval-not-enforced"))
        var proof = CapabilityProof(capability: .minimumInterval)
        proof.behaviours = [behaviour]
        proof.changed[CaseRunKey(caseID: specCase.id, profile: .brazeSwift)] = 0
        var report = NeedsProofReport(
            rules: RuleCatalogue(),
            passing: Set(Profile.allCases.map { CaseRunKey(caseID: specCase.id, profile: $0) }),
            capabilities: [proof]
        )
        report.judge(specCase)
        #expect(
            report.diagnostics.map(\.message) == [
                "case 'interval-drops-second' needs 'minimum-interval' (declared in `requires`), but passes under "
                    + "appboy-legacy on every engine without it (interval-not-enforced); expected the case's "
                    + "`profiles` limited to those whose run depends on 'minimum-interval', or a case split by profile"
            ]
        )
        #expect(report.capabilities.first?.gated == 2 && report.capabilities.first?.failing == 1)
    }

    @Test func aCaseTheReferenceEngineFailsIsNotJudged() throws {
        var wrong = Self.intervalCase(requires: [])
        wrong.id = "wrong"
        wrong.steps[4] = Step(
            .expectation(Expectation(sequence: [.displayed(.id("second"), extras: nil)])),
            location: Self.here
        )
        let report = try NeedsProof().run(cases: [wrong])
        #expect(report.passed)
        #expect(report.unjudged == ["wrong"])
    }

    @Test func theBundledSpecsHoldUpWithFullRecallAndPrecision() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs").path
        let loaded = SuiteLoader.load(paths: [specs])
        #expect(loaded.diagnostics.isEmpty)
        let report = try NeedsProof().run(suite: loaded)
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.unjudged == [])
        for measure in report.capabilities {
            #expect(measure.gated > 0 && measure.failing == measure.gated && measure.ungatedFailing == 0)
        }
    }

    @Test func aSuiteWhoseCasesAreReadAgainIsProvenAsItsCasesHeldAre() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs").path
        // No model kept: each run reads its case from its file, and the report reads each file again.
        let loaded = SuiteLoader.load(paths: [specs], jobs: 1, modelBudget: 0, stoppingWhen: { false })
        #expect(loaded.diagnostics.isEmpty)
        let fromFiles = try NeedsProof().run(suite: loaded)
        let held = try NeedsProof().run(cases: try loaded.cases, rules: loaded.rules)
        #expect(fromFiles.lines == held.lines)
        #expect(fromFiles.capabilities.map(\.gated) == held.capabilities.map(\.gated))
        #expect(fromFiles.capabilities.map(\.failing) == held.capabilities.map(\.failing))
        #expect(fromFiles.capabilities.allSatisfy { $0.gated > 0 })
    }
}
