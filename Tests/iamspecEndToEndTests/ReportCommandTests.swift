import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

@Suite("iamspec report")
struct ReportCommandTests {
    private func sampleSummary() -> RunSummary {
        let location = SourceLocation(file: "Specs/triggers/basic.yaml", line: 3, column: 1)
        return RunSummary(
            header: RunHeader(
                engine: EngineRecord(
                    name: "sample",
                    version: "2.0",
                    profiles: Profile.allCases,
                    capabilities: [.analytics]
                ),
                suitePaths: ["Specs"],
                selection: RunSelection(),
                jobs: 2,
                timeoutMilliseconds: 30_000,
                startedAt: "2026-01-31T23:59:59Z",
                invocation: RunInvocation()
            ),
            results: [
                CaseResult(
                    caseID: "triggers.one",
                    profile: .appboyLegacy,
                    title: "One",
                    status: .skipped,
                    message: "the engine lacks the capability keyboard",
                    location: location
                ),
                CaseResult(
                    caseID: "triggers.one",
                    profile: .brazeSwift,
                    title: "One",
                    status: .passed,
                    location: location,
                    durationMilliseconds: 12
                ),
                CaseResult(
                    caseID: "triggers.two",
                    profile: .brazeSwift,
                    title: "Two <&>",
                    status: .failed,
                    message: "sequence on delivery: expected [displayed: promo], found []",
                    kind: .sequence,
                    location: SourceLocation(file: "Specs/triggers/basic.yaml", line: 20, column: 5),
                    durationMilliseconds: 1005,
                    rules: [RuleReference(id: "triggers.session-start", sources: ["seed 003 (en)"])],
                    timeline: [
                        TimelineEntry(time: "0", step: "session_start", location: location),
                        TimelineEntry(
                            time: "0",
                            step: "expect: {sequence: [displayed: promo]}",
                            location: location,
                            expected: ["displayed: promo"],
                            actual: []
                        ),
                    ]
                ),
            ]
        )
    }

    @Test func makesJUnitFromAResultsStream() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        try ResultsStream.write(sampleSummary(), to: results)

        let outcome = try IAMSpecExecutable.run("report", "--junit", junit, results)
        // The report is written, and the run it reports failed: exit 1, as the run did.
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "1 passed, 1 failed, 1 skipped")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"iamspec.braze-swift\""))
        #expect(
            xml.contains("<testcase name=\"triggers.two\" classname=\"iamspec.braze-swift.triggers\" time=\"1.005\">")
        )
        #expect(xml.contains("<failure type=\"iamspec.sequence\""))
        #expect(xml.contains("<skipped message=\"the engine lacks the capability keyboard\"/>"))
        // The line starts this tool, whatever program the stream records.
        #expect(
            xml.contains(
                "re-run: \(IAMSpecExecutable.productsDirectoryFromRoot)/iamspec run Specs --filter triggers.two "
                    + "--profile braze-swift"
            )
        )
    }

    @Test func aBrokenResultsStreamExitsWithStatus2NamingTheLine() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl")
        var lines = String(decoding: ResultsStream.encode(sampleSummary()), as: UTF8.self).split(separator: "\n")
        lines[2] = "{not json"
        try lines.joined(separator: "\n").write(to: results, atomically: true, encoding: .utf8)
        let junit = folder.appendingPathComponent("report.xml").path

        let outcome = try IAMSpecExecutable.run("report", "--junit", junit, results.path)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains(
                "\(results.path):3:2: error: found a line that is not JSON (expected a key (a string), found `n`), "
                    + "expected a results record"
            )
        )
        #expect(!FileManager.default.fileExists(atPath: junit))
    }

    /// A stream's durations may be any a 64-bit integer holds: their sum in a suite's `time` stays
    /// at the largest, where it used to overflow and trap.
    @Test func durationsThatAddUpBeyond64BitsMakeASuiteOfTheLongestTime() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var summary = sampleSummary()
        summary.results[1].durationMilliseconds = .max
        summary.results[2].durationMilliseconds = .max
        let results = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        try ResultsStream.write(summary, to: results)

        let outcome = try IAMSpecExecutable.run("report", "--junit", junit, results)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.lastLine == "1 passed, 1 failed, 1 skipped")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"9223372036854775.807\">"))
    }

    /// A number the format reads as an integer that is none (a fraction, beyond 64 bits) is named
    /// at its place, as written, with what was expected; JSONDecoder itself says only "The given
    /// data was not valid JSON", at no place.
    @Test(arguments: ["1.5", "1e19", "1.8446744073709552e19"])
    func aNumberThatIsNoIntegerIsNamedAtItsPlace(written: String) throws {
        let (outcome, place) = try reportOnAStream(withDurationWritten: written)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError
                == "\(place): error: found \(written) for duration_ms in a case record, expected an integer within 64 bits\n"
        )
    }

    /// An integer beyond 64 bits is refused where it is written, as the YAML loader refuses one,
    /// never rounded to the nearest real.
    @Test func anIntegerBeyond64BitsIsRefusedAtItsPlace() throws {
        let (outcome, place) = try reportOnAStream(withDurationWritten: "18446744073709551616")
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError
                == "\(place): error: found a line that is not JSON (an integer of 20 digits is beyond 64 bits; "
                + "expected an integer within 64 bits, or a real written with a fraction or an exponent), expected a "
                + "results record\n"
        )
    }

    /// `iamspec report` on a results stream whose passed case record's `duration_ms` is written
    /// `written`; and the place of that value, as `path:line:column`.
    private func reportOnAStream(withDurationWritten written: String) throws -> (IAMSpecExecutable.Outcome, String) {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl")
        var lines = String(decoding: ResultsStream.encode(sampleSummary()), as: UTF8.self).split(separator: "\n")
        lines[2] = lines[2].replacing("\"duration_ms\":12", with: "\"duration_ms\":\(written)")[...]
        let column = try #require(lines[2].firstRange(of: "\"duration_ms\":")).upperBound
        try lines.joined(separator: "\n").write(to: results, atomically: true, encoding: .utf8)
        let outcome = try IAMSpecExecutable.run("report", "--summary", folder.path + "/summary.md", results.path)
        return (outcome, "\(results.path):3:\(lines[2].utf8.distance(from: lines[2].startIndex, to: column) + 1)")
    }

    @Test func aMissingResultsFileExitsWithStatus2AndSaysWhyOnce() throws {
        let outcome = try IAMSpecExecutable.run("report", "--junit", "never-written.xml", "no-such-results.jsonl")
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError
                == "no-such-results.jsonl:1:1: error: cannot read the results file: No such file or directory\n"
        )
    }

    @Test func theJUnitOptionIsRequired() throws {
        let outcome = try IAMSpecExecutable.run("report", "results.jsonl")
        #expect(outcome.status == 2)
    }
}
