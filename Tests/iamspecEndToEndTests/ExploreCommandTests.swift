import Foundation
import Testing

/// `iamspec explore`: an engine explored beyond the suite, each distinct difference from the
/// rules written as a case that passes on the reference engine and fails on the engine; its known
/// behaviours left out; declined scenarios counted.
@Suite("iamspec explore")
struct ExploreCommandTests {
    private static var iamspec: String { IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path }

    /// The built tool serving the reference engine with `behaviour` (none: the reference engine).
    private static func engine(_ behaviour: String? = nil) -> String {
        "'\(iamspec)' engine --stdio" + (behaviour.map { " --mutant \($0)" } ?? "")
    }

    /// The cases `explore` wrote to `folder`, by file name.
    private static func writtenCases(in folder: String) throws -> [String: String] {
        var cases: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".yaml") {
            cases[file] = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        }
        return cases
    }

    @Test func eachDifferenceIsACaseTheReferencePassesAndTheEngineFails() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--out",
            out,
            "--count",
            "200"
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        #expect(explored.standardOutput.hasPrefix("explored mutant:stack-fifo "))
        #expect(explored.standardOutput.contains(": 200 scenarios (seed 1), 0 declined, 0 failed"))
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty)
        #expect(explored.standardOutput.contains("distinct differences: \(cases.count)\n"))
        for (file, text) in cases {
            #expect(text.contains("- id: \(file.dropLast(5))\n"), "runs under the id it is written with")
            #expect(!text.contains(Self.iamspec), "no command or path in the case")
        }
        #expect(try IAMSpecExecutable.run("run", out).status == 0, "the reference engine passes every case")
        let onEngine = try IAMSpecExecutable.run("run", out, "--engine-command", Self.engine("stack-fifo"))
        #expect(onEngine.status == 1)
        #expect(onEngine.standardOutput.contains("0 passed, "), "the engine fails every case")
    }

    @Test func aCaseThatRestsOnTheIntervalSaysSoAndLintsClean() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("interval-from-dismissal"),
            "--out",
            out,
            "--count",
            "200"
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty)
        for text in cases.values {
            #expect(text.contains("\n  requires: [minimum-interval]\n"), "the needs proof asks for it: \(text)")
        }
        let lint = try IAMSpecExecutable.run("lint", out)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    }

    @Test func anEngineWithoutAnIntervalGetsCasesWithNone() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo") + " --lacking minimum-interval --lacking priority",
            "--out",
            out,
            "--count",
            "300"
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty)
        for text in cases.values {
            #expect(text.contains("config: {minimum_trigger_interval: 0"), "the shrinker keeps no interval: \(text)")
            #expect(!text.contains("requires:"), "nothing the engine lacks is needed: \(text)")
        }
        let lint = try IAMSpecExecutable.run("lint", out)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
        let onEngine = try IAMSpecExecutable.run(
            "run",
            out,
            "--engine-command",
            Self.engine("stack-fifo") + " --lacking minimum-interval --lacking priority"
        )
        #expect(
            onEngine.standardOutput.contains(" 0 skipped"),
            "the engine runs every case: \(onEngine.standardOutput)"
        )
    }

    @Test func theEngineKnownBehavioursAreNoNewDifference() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--json",
            json
        )
        #expect(run.status == 1)
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "200",
            "--known-from",
            json
        )
        #expect(explored.status == 0, "\(explored.standardOutput)\(explored.standardError)")
        #expect(explored.standardOutput.contains("distinct differences: 0\n"))
        #expect(!explored.standardOutput.contains(" 0 differing only as its known behaviours do"))
    }

    @Test func theReferenceEngineHasNoDifference() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine(),
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "100"
        )
        #expect(explored.status == 0, "\(explored.standardError)")
        #expect(explored.standardOutput.contains("distinct differences: 0\n"))
    }

    @Test func declinedScenariosAreCountedByReason() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let variant = "python3 Fixtures/engines/reference_variant.py decline:display_next \(Self.engine())"
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            variant,
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "100"
        )
        #expect(explored.status == 0, "\(explored.standardOutput)\(explored.standardError)")
        #expect(explored.standardOutput.contains("\n  declined "))
        #expect(!explored.standardOutput.contains(", 0 declined,"))
    }
}
