import IAMSpec
import IAMSpecPortable
import IAMSpecPortableTesting
import IAMSpecTesting
import Testing

/// `PortableSuite.check(_:on:)`: a run as a Swift Testing test case. (A skipped run cancels its
/// test case, which would cancel this test: Examples/PortableSuite shows it, reported skipped.)
@Suite struct SwiftTestingCheckTests {
    @Test func aPassingRunRecordsNoIssue() async throws {
        let suite = PortableFixtures.promoSuite()
        try await suite.check(suite.runs[0], on: ScriptedEngineProvider { _, _ in [.displayed("promo", extras: [:])] })
    }

    @Test func aFailingRunRecordsTheConsolesReportAsItsIssue() async throws {
        let suite = PortableFixtures.promoSuite()
        let silent = ScriptedEngineProvider { _, _ in [] }
        let report = try #require(suite.failureReport(for: await suite.run(suite.runs[0], on: silent)))
        try await withKnownIssue {
            try await suite.check(suite.runs[0], on: silent)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [report]
        }
    }

    @Test func aRunIsNamedByItsCaseAndProfile() {
        let suite = PortableFixtures.promoSuite()
        #expect(suite.runs[0].testDescription == "promo [braze-swift]")
        #expect(String(describingForTest: suite.runs[0]) == "promo [braze-swift]")
    }
}
