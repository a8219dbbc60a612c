import Foundation
import Testing

/// A failing run no name explains comes with the smallest case that shows it: in the console
/// report under its difference, and in the results stream's footer, a case the reference engine
/// passes and the engine fails.
@Suite("The smallest case of an unexplained difference")
struct SmallestCaseRunTests {
    /// The reference engine over stdio, changed by `reference_variant.py`'s `variant`.
    private static func engine(_ variant: String) -> String {
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        return "python3 Fixtures/engines/reference_variant.py \(variant) '\(iamspec)' engine --stdio"
    }

    /// The case of one impression run on an engine that logs each impression twice, with `options`.
    private static func runImpressionsTwice(_ options: String...) throws -> IAMSpecExecutable.Outcome {
        try IAMSpecExecutable.run(
            [
                "run", "Specs", "--filter", "analytics-impression-on-display", "--engine-command",
                engine("impressions-twice"),
            ]
                + options
        )
    }

    @Test func anUnexplainedRunIsShrunkToACaseTheReferencePassesAndTheEngineFails() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let run = try Self.runImpressionsTwice("--json", json)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("differences (1): "))
        #expect(
            run.standardOutput.contains(
                "    the smallest case that shows it (the reference rules pass it, the engine fails it):\n"
                    + "      # yaml-language-server: $schema=schema.json\n"
            )
        )
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let smallest = try #require((footer["smallest_cases"] as? [[String: Any]])?.first)
        #expect(smallest["case"] as? String == "analytics-impression-on-display")
        let yaml = try #require(smallest["yaml"] as? String)
        // The case, kept in a suite of its own: the reference engine passes it, the engine fails it.
        let specs = try IAMSpecExecutable.suiteOfOne(yaml, in: folder)
        #expect(try IAMSpecExecutable.run("run", specs).status == 0)
        #expect(
            try IAMSpecExecutable.run("run", specs, "--engine-command", Self.engine("impressions-twice")).status
                == 1
        )
    }

    @Test func withoutExperimentsNoSmallestCaseIsLookedFor() throws {
        let run = try Self.runImpressionsTwice("--no-experiments")
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("differences (1): "))
        #expect(!run.standardOutput.contains("the smallest case"))
    }
}
