import Foundation
import Testing

/// A failing run on which an engine differs in two ways, one the catalogue has and one it lacks:
/// the name is given for the observations it changes, and what the engine does otherwise is its
/// residue, with the smallest case that shows it (issue 67, "names scoped to what they explain").
@Suite("A name that replays a run in part")
struct PartlyReplayedRunTests {
    /// Waiting messages leave first in, first out (`stack-fifo`), and each impression is logged
    /// twice (no behaviour of the catalogue): the reference engine over stdio, changed both ways.
    private static var engine: String {
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        return "python3 Fixtures/engines/reference_variant.py impressions-twice '\(iamspec)' engine --stdio "
            + "--mutant stack-fifo"
    }

    @Test func theNameIsGivenForWhatItChangesAndTheRestShownByItsSmallestCase() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        // A run of the stack alone, a run of the stack with an impression before its failing
        // check, and a run of the impressions alone.
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            "stack-lifo-after-background",
            "--filter",
            "interval-stacked-behind-visible-starts-nothing",
            "--filter",
            "analytics-impression-on-display",
            "--engine-command",
            Self.engine,
            "--json",
            json
        )
        #expect(run.status == 1, "\(run.standardError)")
        let output = run.standardOutput
        #expect(output.contains("(behaviour stack-fifo; 2 cases, 4 runs;"))
        let proof = [
            "    replays: stack-lifo-after-background [appboy-legacy], stack-lifo-after-background [braze-swift]",
            "    replays in part, the engine's analytics otherwise: "
                + "interval-stacked-behind-visible-starts-nothing [appboy-legacy], "
                + "interval-stacked-behind-visible-starts-nothing [braze-swift] (the names give the engine's "
                + "deliveries at every step; what the engine does otherwise on its analytics is a difference no "
                + "name explains)",
        ]
        #expect(output.contains(proof.joined(separator: "\n") + "\n"))
        #expect(
            output.contains(
                "    the smallest case that shows what the engine does otherwise on its analytics, "
                    + "interval-stacked-behind-visible-starts-nothing [appboy-legacy] shrunk"
            )
        )
        // The impressions alone stay unexplained.
        #expect(output.contains("unexplained differences (1): "))
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let name = try #require((footer["behaviours"] as? [[String: Any]])?.first)
        #expect(name["behaviour"] as? String == "stack-fifo")
        let residues = try #require(name["residues"] as? [[String: Any]])
        #expect(
            residues.map { $0["case"] as? String }
                == Array(repeating: "interval-stacked-behind-visible-starts-nothing", count: 2)
        )
        #expect(residues.allSatisfy { $0["channels"] as? [String] == ["analytics"] })
        let smallest = try #require(
            (footer["smallest_cases"] as? [[String: Any]])?.first {
                $0["case"] as? String == "interval-stacked-behind-visible-starts-nothing"
            }
        )
        let yaml = try #require(smallest["yaml"] as? String)
        #expect(yaml.contains("shrunk while the engine still differed from the reference rules on its analytics"))
        // The case, kept in a suite of its own: the reference engine passes it, the engine fails it.
        let specs = try IAMSpecExecutable.suiteOfOne(yaml, in: folder)
        #expect(try IAMSpecExecutable.run("run", specs).status == 0)
        #expect(try IAMSpecExecutable.run("run", specs, "--engine-command", Self.engine).status == 1)
    }
}
