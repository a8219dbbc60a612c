import Foundation
import Testing

/// Which reports show a run's timeline: a failed run's in every report, a passed run's in the
/// results stream and wherever a baseline judges it an unexpected pass. `iamspec run` leaves a
/// passed run's timeline out of its result when no report reads it; what it prints and writes
/// must not change for that. On Fixtures/baseline/specs: `baseline.fails` fails under both
/// profiles, `baseline.passes` passes.
@Suite("Timelines in the reports")
struct TimelineReportTests {
    static let suite = "Fixtures/baseline/specs"

    /// Rows of the timeline of `baseline.passes` as the text reports write it.
    static let passedTimeline = [
        "0  session_start                           displayed: promo, impression_logged: promo",
        "0  expect: {sequence: [displayed: promo]}  -",
    ]

    /// Rows of the timeline of `baseline.fails` as the text reports write it.
    static let failedTimeline = [
        "0  session_start                         displayed: promo, impression_logged: promo",
        "0  expect: {sequence: [stacked: promo]}  -",
        "expected: stacked: promo",
        "actual:   displayed: promo",
    ]

    @Test func aFailedRunShowsItsTimelineOnTheConsoleAndInJUnitWhateverElseIsWritten() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml").path
        let junitBesideAStream = folder.appendingPathComponent("report-with-json.xml").path
        let json = folder.appendingPathComponent("results.jsonl").path

        let alone = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1", "--color", "never", "--junit", junit])
        let withStream = try IAMSpecExecutable.run(
            ["run", Self.suite, "--jobs", "1", "--color", "never", "--junit", junitBesideAStream, "--json", json]
        )
        #expect(alone.status == 1)
        #expect(alone.lastLine == "2 passed, 2 failed, 0 skipped")
        for line in Self.failedTimeline {
            #expect(alone.standardOutput.contains(line), "console: \(line)")
        }
        #expect(!alone.standardOutput.contains("expect: {sequence: [displayed: promo]}"), "no passed run is shown")
        // Beside a stream, each re-run line gives it as the whole run (`--whole-run`); nothing else
        // depends on --json.
        let wholeRun = " --whole-run \(json)"
        #expect(withStream.standardOutput.contains(wholeRun))
        #expect(
            withStream.standardOutput.replacingOccurrences(of: wholeRun, with: "") == alone.standardOutput,
            "the console does not depend on --json but for the re-run lines"
        )

        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: Self.failedTimeline[1]).count == 5, "each failure's body and its trace")
        #expect(!xml.contains("expect: {sequence: [displayed: promo]}"), "a passed run's trace is one line")
        let xmlBesideAStream = try String(contentsOfFile: junitBesideAStream, encoding: .utf8)
        #expect(xmlBesideAStream.contains(wholeRun))
        #expect(
            Self.withoutRunFacts(xmlBesideAStream.replacingOccurrences(of: wholeRun, with: ""))
                == Self.withoutRunFacts(xml)
        )
    }

    @Test func theResultsStreamHasEveryRunsTimelinePassedOrNot() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "2", "--json", json])
        #expect(outcome.lastLine == "2 passed, 2 failed, 0 skipped")
        let cases = try IAMSpecExecutable.resultsRecords(at: json).filter { $0["record"] as? String == "case" }
        #expect(cases.count == 4)
        for line in cases {
            let steps = (line["timeline"] as? [[String: Any]] ?? []).compactMap { $0["step"] as? String }
            #expect(steps.count == 2, "\(line["id"] ?? "?") [\(line["profile"] ?? "?")]: \(steps)")
            #expect(steps.first == "session_start")
            if line["status"] as? String == "passed" {
                let observations = (line["timeline"] as? [[String: Any]])?.first?["observations"] as? [String]
                #expect(observations == ["displayed: promo", "impression_logged: promo"])
            }
        }
    }

    @Test func anUnexpectedPassShowsTheTimelineOfTheRunThatPassed() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml").path
        let outcome = try IAMSpecExecutable.run(
            [
                "run", Self.suite, "--jobs", "1", "--color", "never", "--baseline",
                "Fixtures/baseline/unexpected-pass.yaml", "--junit", junit,
            ]
        )
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "1 passed, 1 failed, 2 skipped")
        for line in Self.passedTimeline {
            #expect(outcome.standardOutput.contains(line), "console: \(line)")
        }
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("type=\"iamspec.unexpected-pass\""))
        #expect(xml.contains(Self.passedTimeline[0]) && xml.contains(Self.passedTimeline[1]))
    }

    /// A JUnit report without what differs from one run to the next: its time stamps, host and
    /// durations.
    static func withoutRunFacts(_ xml: String) -> String {
        xml.replacingOccurrences(of: #"(timestamp|hostname|time)="[^"]*""#, with: "", options: .regularExpression)
    }
}
