import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecMutants

@Suite("Capability audit")
struct CapabilityAuditTests {
    private static let here = SourceLocation(file: "audit.yaml", line: 1, column: 1)

    /// A case whose second display the default 30 s interval drops: it fails on an engine without
    /// the interval, so its gate must close it.
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

    @Test func aGateThatClosesEveryFailingRunPasses() throws {
        let report = CapabilityAudit().run(cases: [Self.intervalCase(requires: [.minimumInterval])])
        let interval = try #require(report.gates.first { $0.capability == .minimumInterval })
        #expect(interval.gated.count == 2 && interval.failing.count == 2 && interval.ungatedFailing.isEmpty)
        #expect(report.passed, "\(report.lines)")
        #expect(report.lines.last == "Audit: passed")
    }

    @Test func aRunFailingWithoutTheBehaviourOutsideTheGateFailsTheAudit() {
        let report = CapabilityAudit().run(cases: [Self.intervalCase(requires: [])])
        #expect(!report.passed)
        #expect(
            report.shortfalls.contains(
                "minimum-interval: interval-drops-second [braze-swift] fails without the behaviour, but the gate does "
                    + "not close it"
            )
        )
        #expect(report.lines.last == "Audit: failed")
    }

    @Test func aGateClosingRunsThatPassWithoutTheBehaviourIsImprecise() {
        var needless = Self.intervalCase(requires: [.minimumInterval, .priority])
        needless.id = "needless-priority"
        let report = CapabilityAudit().run(cases: [needless])
        #expect(report.shortfalls.contains("priority: precision 0.0% is below 75%"))
        #expect(!report.passed)
    }

    @Test func theBundledSpecsMeetTheAuditsFigures() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs").path
        let loaded = SuiteLoader.load(paths: [specs])
        let report = CapabilityAudit().run(cases: loaded.cases, rules: loaded.rules)
        #expect(report.shortfalls == [])
        for gate in report.gates {
            #expect(gate.recall == 1 && gate.precision >= CapabilityAudit.leastPrecisionEach, "\(gate.capability)")
        }
        #expect(report.precision >= CapabilityAudit.leastPrecisionOverall)
    }
}
