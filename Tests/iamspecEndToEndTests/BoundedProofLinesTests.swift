import Foundation
import Testing

/// A behaviour that replays many runs names the first 50 on its `replays:` line and counts the
/// rest, and a capability whose checks were skipped in many runs lists the first 50 of them and
/// counts the rest, on the console and in the Markdown summary: the report's lines stay bounded
/// however many runs there are, and the results stream (`--json`) still lists every one.
@Suite("The explanation's and the skipped checks' bounded lines")
struct BoundedProofLinesTests {
    /// The built tool serving the reference engine with these options.
    private static func engine(_ options: String) -> String {
        "'" + IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path + "' engine --stdio "
            + options
    }

    @Test func aBehaviourReplayingManyRunsNamesTheFirstFiftyAndCountsTheRest() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--no-experiments",
            "--engine-command",
            Self.engine("--mutant message-visible-drops"),
            "--json",
            json
        )
        #expect(run.status == 1, "\(run.standardError)")

        // Every run each behaviour replays, as the stream's footer lists them.
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let behaviours = try #require(footer["behaviours"] as? [[String: Any]])
        let runsByBehaviour = behaviours.map { behaviour in
            ((behaviour["runs"] as? [[String: Any]]) ?? []).map { "\($0["case"] ?? "") [\($0["profile"] ?? "")]" }
        }
        try #require(
            runsByBehaviour.contains { $0.count > 50 },
            "no behaviour replays more than 50 runs of Specs; the test needs one"
        )
        let replayLines = run.standardOutput.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("    replays: ") }
        #expect(replayLines.count == behaviours.count)
        for (line, runs) in zip(replayLines, runsByBehaviour) {
            let more = runs.count - 50
            let expected =
                "    replays: " + runs.prefix(50).joined(separator: ", ")
                + (more > 0
                    ? ", … and \(more) more run\(more == 1 ? "" : "s") (the results stream, --json, lists every one)"
                    : "")
            #expect(line == expected)
        }
        // The run kept most of its failures in outline, and explained them from the runs it
        // spooled whole: the stream alone explains them the same way.
        let explain = try IAMSpecExecutable.run("explain", json, "--specs", "Specs")
        #expect(explain.status == 0, "\(explain.standardError)")
        // Each name and its proof, as both print them.
        let names = { (text: String) in
            text.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("    replays: ") || ($0.hasPrefix("  ") && $0.contains("(behaviour "))
            }
        }
        #expect(names(explain.standardOutput) == names(run.standardOutput))
        #expect(names(run.standardOutput).count > replayLines.count)
    }

    /// A folder of 60 cases, in `folder`, whose last check holds a `stack` part beside its
    /// sequence: on an engine without stack-inspection, each run is judged without that part.
    private static func stackPartSpecs(in folder: URL) throws -> URL {
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs/rules.yaml"),
            to: specs.appendingPathComponent("rules.yaml")
        )
        let cases = (1...60).map { number in
            """
            - id: stack-part-\(number < 10 ? "0" : "")\(number)
              title: A message that was shown does not show again for the same event
              rules: [reeligibility.once-by-default]
              requires: [stack-inspection]
              given:
                config: {minimum_trigger_interval: 0}
                messages:
                  - {id: browse-tip, triggers: [{custom_event: browse}]}
              steps:
                - session_start
                - custom_event: browse
                - expect: {sequence: [{displayed: browse-tip}]}
                - dismiss: browse-tip
                - advance: 3600
                - custom_event: browse
                - expect: {sequence: [], stack: []}
            """
        }
        try (cases.joined(separator: "\n\n") + "\n").write(
            to: specs.appendingPathComponent("stack-parts.yaml"),
            atomically: true,
            encoding: .utf8
        )
        return specs
    }

    @Test func aCapabilityWhoseChecksWereSkippedInManyRunsListsTheFirstFiftyAndCountsTheRest() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = try Self.stackPartSpecs(in: folder)
        let json = folder.appendingPathComponent("results.jsonl").path
        let summary = folder.appendingPathComponent("summary.md").path
        let run = try IAMSpecExecutable.run(
            "run",
            specs.path,
            "--engine-command",
            Self.engine("--lacking stack-inspection"),
            "--json",
            json,
            "--summary",
            summary
        )
        #expect(run.status == 0, "\(run.standardError)")

        // Every skipped check, as the stream holds them, in its order: each names its run.
        let records = try IAMSpecExecutable.resultsRecords(at: json).filter { $0["record"] as? String == "case" }
        let skipped = records.flatMap { record in
            ((record["skipped_checks"] as? [[String: Any]]) ?? []).map { _ in
                "\(record["id"] ?? "") [\(record["profile"] ?? "")]"
            }
        }
        try #require(skipped.count > 50, "the runs skipped \(skipped.count) checks; the test needs more than 50")

        // The console: the first 50, in the results' order, then a count of the rest.
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "skipped \(skipped.count) checks of \(skipped.count) runs, the rest of each run judged: the engine "
                    + "lacks the capability stack-inspection"
            ),
            "\(run.standardOutput)"
        )
        let listed = lines.filter { $0.hasPrefix("  ") && $0.contains(": stack of stack-part-") }
        #expect(listed.count == 50)
        for (line, run) in zip(listed, skipped) { #expect(line.hasSuffix(" of \(run) (passed)"), "\(line)") }
        #expect(
            lines.contains(
                "  … and \(skipped.count - 50) more skipped checks of this capability: the results stream (--json) "
                    + "and JUnit (--junit) hold every one"
            )
        )
        #expect(run.lastLine == "\(skipped.count) passed, 0 failed, 0 skipped")

        // The Markdown summary: the same first 50, then a count of the rest.
        let markdown = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(markdown.contains("### Checks skipped (\(skipped.count))"))
        let listedInMarkdown = markdown.filter { $0.contains(": stack (the engine lacks stack-inspection)") }
        #expect(listedInMarkdown.count == 50)
        for (line, run) in zip(listedInMarkdown, skipped) {
            #expect(line.hasPrefix("\(run) (passed): "), "\(line)")
        }
        #expect(
            markdown.contains(
                "… and \(skipped.count - 50) more skipped checks of the capability `stack-inspection` (see the JUnit "
                    + "report or the results stream)."
            ),
            "\(markdown.suffix(20))"
        )
    }
}
