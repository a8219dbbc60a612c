import Foundation
import Testing

/// `iamspec run` tests each name as a prediction on the engine before it gives it (unless
/// `--no-test-names`). An engine that has the named behaviour bears its name out, and the stream
/// and console say how many predictions held; names given untested are said to be, in every
/// report; `--test-names` cannot go with the options that turn experiments off.
@Suite("Names tested as predictions, over the stdio protocol")
struct TestNamesTests {
    /// The built tool serving the reference engine with `behaviour`.
    private static func engine(_ behaviour: String) -> String {
        "'" + IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
            + "' engine --stdio --mutant " + behaviour
    }

    @Test func anEngineWithTheNamedBehaviourBearsItOut() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run([
            "run", "Specs", "--filter", "priority-*", "--engine-command", Self.engine("priority-lowest-wins"),
            "--json", json,
        ])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let names = footer["behaviours"] as? [[String: Any]] ?? []
        #expect(names.map { $0["behaviour"] as? String } == ["priority-lowest-wins"])
        #expect((names.first?["predictions"] as? Int ?? 0) >= 1)
        let toldApart = (names.first?["told_apart"] as? [[String: Any]] ?? []).compactMap { $0["behaviour"] as? String }
        #expect(toldApart.contains("reference"))
        #expect(footer["refuted"] == nil)
        #expect(outcome.standardOutput.contains("borne out by the engine"))
        #expect(outcome.standardOutput.contains("told apart from the reference rules by an experiment: "))
        #expect(!outcome.standardOutput.contains("untested"))
    }

    /// On these runs one behaviour ("held until the screen is free, unobserved") replays what two
    /// do (dropped while another message is visible, and in the background); the engine, which
    /// drops, refutes it at the first dismissal, and the search is made again without it.
    @Test func aRefutedNameGivesWayToTheNamesASecondSearchFinds() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run([
            "run", "Specs", "--filter", "stack-trigger-goes-on-top", "--filter", "reenqueue-background-reason-first",
            "--filter", "priority-*", "--profile", "braze-swift",
            "--engine-command", Self.engine("message-visible-drops+background-drops"), "--json", json,
        ])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let names = (footer["behaviours"] as? [[String: Any]] ?? []).compactMap { $0["behaviour"] as? String }
        #expect(Set(names) == ["message-visible-drops", "background-drops"])
        let refuted = (footer["refuted"] as? [[String: Any]] ?? []).compactMap { $0["behaviour"] as? String }
        #expect(refuted == ["waiting-shown-once-screen-free"])
        #expect((footer["differences"] as? [Any])?.isEmpty ?? true, "every failed run is named")
        #expect(
            outcome.standardOutput.contains(
                "its runs given another name above: reenqueue-background-reason-first [braze-swift], "
                    + "stack-trigger-goes-on-top [braze-swift]"
            )
        )
        // The stream explained again searches without the name the run refuted, and names as the run did.
        let explained = try IAMSpecExecutable.run("explain", json)
        #expect(explained.status == 0, "\(explained.standardError)")
        #expect(explained.standardOutput.contains("(behaviour message-visible-drops; "))
        #expect(explained.standardOutput.contains("(behaviour background-drops; "))
        #expect(!explained.standardOutput.contains("unexplained differences"))
    }

    @Test func namesGivenUntestedAreSaidToBeInEveryReport() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let summary = folder.appendingPathComponent("summary.md").path
        let junit = folder.appendingPathComponent("junit.xml").path
        let outcome = try IAMSpecExecutable.run([
            "run", "Specs", "--filter", "priority-*", "--engine-command", Self.engine("priority-lowest-wins"),
            "--json", json, "--summary", summary, "--junit", junit, "--no-test-names",
        ])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let names = footer["behaviours"] as? [[String: Any]] ?? []
        #expect(names.map { $0["behaviour"] as? String } == ["priority-lowest-wins"])
        #expect(names.first?["predictions"] == nil && names.first?["told_apart"] == nil)
        let untested = "untested: the name below was not tested as a prediction on the engine (a run with "
        #expect(outcome.standardOutput.contains("\n  " + untested))
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("**Untested: the name below was not"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("name=\"behaviours.untested\" value=\"\(untested)"))
    }

    @Test(arguments: ["--no-experiments", "--no-explain"])
    func cannotGoWithAnOptionThatTurnsExperimentsOff(_ option: String) throws {
        let outcome = try IAMSpecExecutable.run(["run", "Specs", "--test-names", option])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains(
                "--test-names runs experiments on the names found; it cannot be given with \(option)"
            )
        )
    }
}
