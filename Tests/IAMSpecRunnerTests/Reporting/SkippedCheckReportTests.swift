import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

/// A run judged without its `stack` part (an engine without `stack-inspection`): every report
/// says which check was skipped, and the results stream keeps it.
@Suite("Skipped checks in the reports")
struct SkippedCheckReportTests {
    private static let check = SkippedCheck(
        location: ReportFixtures.stepLocation,
        check: "stack",
        capability: .stackInspection
    )

    private static func summary() -> RunSummary {
        var passed = ReportFixtures.passed
        passed.skippedChecks = [check]
        return RunSummary(header: ReportFixtures.header(), results: [passed, ReportFixtures.failed])
    }

    @Test func theStreamWritesAndReadsBackEachSkippedCheck() throws {
        let summary = Self.summary()
        let bytes = ResultsStream.encode(summary)
        #expect(try ResultsStream.decode(Data(bytes), path: "r.jsonl") == summary.asRead)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(
            lines[1].contains(
                "\"skipped_checks\":[{\"capability\":\"stack-inspection\",\"check\":\"stack\","
                    + "\"location\":{\"column\":5,\"file\":\"Specs/triggers/basic.yaml\",\"line\":12}}]"
            )
        )
        #expect(!lines[2].contains("skipped_checks"), "a run with none has no key")
    }

    @Test func theConsoleListsEachSkippedCheckWithItsRun() {
        let text = ConsoleReport(style: ConsoleStyle(usesColor: false)).lines(for: Self.summary())
        #expect(
            text.contains(
                "skipped 1 check of 1 run, the rest of each run judged: the engine lacks the capability stack-inspection"
            )
        )
        #expect(text.contains("  Specs/triggers/basic.yaml:12:5: stack of triggers.one [braze-swift] (passed)"))
        #expect(text.last == "1 passed, 1 failed, 0 skipped")
    }

    @Test func junitAndMarkdownSayWhichCheckOfTheRunWasSkipped() {
        let xml = JUnitReport.xml(for: Self.summary(), textLimit: JUnitReport.defaultTextLimit)
        #expect(
            xml.contains(
                "== triggers.one [braze-swift]: passed (rules: triggers.session-start)\n"
                    + "skipped check: Specs/triggers/basic.yaml:12:5: stack (the engine lacks stack-inspection)"
            )
        )
        let markdown = MarkdownReport.summary(Self.summary())
        #expect(markdown.contains("### Checks skipped (1)"))
        #expect(
            markdown.contains(
                "triggers.one [braze-swift] (passed): "
                    + "Specs/triggers/basic.yaml:12:5: stack (the engine lacks stack-inspection)"
            )
        )
    }
}
