import Foundation
import Testing

/// Engines of known behaviours over the stdio protocol, declaring a web SDK's capabilities (no
/// stack inspection, display-next, assets, orientation or no-matching-trigger callback), as a
/// partial engine does: each report names exactly the behaviours the engine has, as a pair where
/// a run needs two, each name checked against the runs the engine passed; where two behaviours
/// replay the same runs, an experiment run on the engine tells them apart. The names are not tested
/// as predictions here (`--no-test-names`: TestNamesTests' subject), so that what tells two names
/// apart is the tie's experiment alone.
@Suite("Names told apart by experiment, over the stdio protocol")
struct TieExperimentTests {
    private static let webSDKLacks = [
        "stack-inspection", "display-next", "assets", "orientation", "no-matching-trigger",
    ]

    /// The built tool serving the reference engine with the behaviours joined by `+`, lacking `lacks`.
    private static func engine(_ behaviours: String, lacking lacks: [String]) -> String {
        "'" + IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
            + "' engine --stdio --mutant " + behaviours
            + (lacks.isEmpty ? "" : " --lacking " + lacks.joined(separator: " "))
    }

    /// The run's console output and its footer's names.
    private static func run(
        _ behaviours: String,
        lacking lacks: [String] = webSDKLacks,
        _ options: String...
    ) throws -> (output: String, names: [[String: Any]], failed: Int) {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let arguments =
            ["run", "Specs", "--engine-command", engine(behaviours, lacking: lacks), "--json", json, "--no-test-names"]
            + options
        let outcome = try IAMSpecExecutable.run(arguments)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let totals = try #require(footer["totals"] as? [String: Any])
        #expect((footer["differences"] as? [Any])?.isEmpty ?? true, "every failed run is named")
        // The stream explained again, which runs no experiment: what the run's decided stands.
        let explained = try IAMSpecExecutable.run("explain", json)
        #expect(explained.status == 0, "\(explained.standardError)")
        #expect(names(in: explained.standardOutput) == names(in: outcome.standardOutput))
        return (outcome.standardOutput, footer["behaviours"] as? [[String: Any]] ?? [], totals["failed"] as? Int ?? 0)
    }

    /// The console's names and their proofs, without the re-run lines (which name the command).
    private static func names(in output: String) -> [Substring] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("behaviours (") }) else { return [] }
        return lines[start...].prefix { !$0.isEmpty }.filter { !$0.contains("e.g. re-run: ") }
    }

    /// The runs of the names, each once, as many as the failed runs; each name's behaviours among `expected`.
    private static func expectNamedBy(
        _ expected: Set<String>,
        _ result: (output: String, names: [[String: Any]], failed: Int)
    ) {
        var runs: [String] = []
        for name in result.names {
            let id = name["behaviour"] as? String ?? ""
            #expect(Set(id.split(separator: "+").map(String.init)).isSubset(of: expected), "\(id)")
            #expect(name["alternatives"] == nil, "\(id) is certain")
            #expect((name["passes"] as? Int ?? 0) > 300, "\(id) was checked against the runs the engine passed")
            for run in name["runs"] as? [[String: Any]] ?? [] {
                runs.append("\(run["case"] ?? "") \(run["profile"] ?? "")")
            }
        }
        #expect(Set(runs).count == runs.count && runs.count == result.failed)
    }

    // An engine that drops the events of a session-start sync and one that evaluates them at once
    // fail the same runs the same way when the no-matching-trigger callback is not observed (a
    // web SDK's capabilities): only the experiment tells them apart.

    @Test func anEngineThatDropsEventsDuringTheSyncIsNeverToldItEvaluatesThemAtOnce() throws {
        let result = try Self.run("sync-events-dropped")
        Self.expectNamedBy(["sync-events-dropped"], result)
        let told = try #require(result.names.first?["told_apart"] as? [[String: Any]])
        #expect(told.compactMap { $0["behaviour"] as? String } == ["sync-events-not-held"])
        let experiment = try #require(told.first?["experiment"] as? [String: Any])
        #expect(result.output.contains("\n    told apart from sync-events-not-held by an experiment: profile "))
        // The experiment kept as a case: the engine passes it, an engine of the other behaviour fails it.
        let yaml = try #require(experiment["yaml"] as? String)
        #expect(yaml.contains("- id: told-apart-sync-events-not-held"))
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("told-apart.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs/rules.yaml"),
            to: folder.appendingPathComponent("rules.yaml")
        )
        for (behaviour, status, totals) in [
            ("sync-events-dropped", Int32(0), "1 passed, 0 failed, 0 skipped"),
            ("sync-events-not-held", 1, "0 passed, 1 failed, 0 skipped"),
        ] {
            let outcome = try IAMSpecExecutable.run(
                "run",
                folder.path,
                "--no-explain",
                "--engine-command",
                Self.engine(behaviour, lacking: Self.webSDKLacks)
            )
            #expect(outcome.status == status, "\(behaviour): \(outcome.standardError)")
            #expect(outcome.standardOutput.hasSuffix(totals + "\n"), "\(behaviour): \(outcome.standardOutput)")
        }
    }

    @Test func anEngineThatEvaluatesEventsDuringTheSyncAtOnceIsNeverToldItDropsThem() throws {
        let result = try Self.run("sync-events-not-held")
        Self.expectNamedBy(["sync-events-not-held"], result)
        let told = try #require(result.names.first?["told_apart"] as? [[String: Any]])
        #expect(told.compactMap { $0["behaviour"] as? String } == ["sync-events-dropped"])
        #expect(result.output.contains("\n    told apart from sync-events-dropped by an experiment: profile "))
    }

    // An engine with other behaviours besides answers an experiment with them too: each
    // hypothesis is tried as the whole engine, with the behaviours the report's other names give
    // it, or the engine would answer as neither and the tie would stay open.

    @Test func aTieIsToldApartOnAnEngineWithOtherBehavioursBesides() throws {
        let result = try Self.run(
            "message-visible-shown-beside+impression-at-ready+sync-events-dropped",
            lacking: ["no-matching-trigger"]
        )
        Self.expectNamedBy(["message-visible-shown-beside", "impression-at-ready", "sync-events-dropped"], result)
        let sync = try #require(
            result.names.first { ($0["behaviour"] as? String ?? "").contains("sync-events-dropped") }
        )
        let told = try #require(sync["told_apart"] as? [[String: Any]])
        #expect(told.compactMap { $0["behaviour"] as? String }.contains { $0.contains("sync-events-not-held") })
        #expect(!result.output.contains("answered as neither"))
    }

    @Test func withoutExperimentsATieIsOneOfTheBehavioursNoneChosen() throws {
        let result = try Self.run("sync-events-dropped", "--no-experiments")
        let name = try #require(result.names.first)
        let alternatives = try #require(name["alternatives"] as? [[String: Any]])
        #expect(
            Set([name["behaviour"] as? String] + alternatives.map { $0["behaviour"] as? String })
                == ["sync-events-dropped", "sync-events-not-held"]
        )
        #expect(result.output.contains("\n  one of: sync.held-events: the engine drops events "))
    }

    // With dismissals observed, the runs alone tell an engine that shows messages beside each
    // other from one that replaces the visible message: each is named, certain, by its runs.

    @Test func anEngineThatShowsMessagesBesideIsNeverToldReplaced() throws {
        let result = try Self.run("message-visible-shown-beside")
        Self.expectNamedBy(["message-visible-shown-beside"], result)
        #expect(result.names.allSatisfy { $0["told_apart"] == nil }, "told apart by the runs alone")
    }

    @Test func anEngineThatReplacesTheVisibleMessageIsNeverToldBeside() throws {
        let result = try Self.run("message-visible-replaced")
        Self.expectNamedBy(["message-visible-replaced"], result)
        #expect(result.names.allSatisfy { $0["told_apart"] == nil }, "told apart by the runs alone")
    }

    @Test func withoutDismissalsAClickOfTheOlderMessageTellsThemApart() throws {
        // Each message shown beside takes its own clicks, as Leanplum's dialogs do: a click of the
        // older one is logged, where a replaced message is gone.
        let result = try Self.run("message-visible-shown-beside", lacking: Self.webSDKLacks + ["dismissals"])
        Self.expectNamedBy(["message-visible-shown-beside"], result)
        let name = try #require(result.names.first)
        #expect(name["alternatives"] == nil, "told apart, one name")
        #expect(result.output.contains("told apart from message-visible-replaced by an experiment: "))
    }

    @Test func withoutDismissalsOrAnalyticsNoExperimentSeparatesThemAndTheReportSaysWhatWould() throws {
        let result = try Self.run(
            "message-visible-shown-beside",
            lacking: Self.webSDKLacks + ["dismissals", "analytics"]
        )
        let name = try #require(result.names.first)
        #expect(name["alternatives"] != nil, "one of the two, none chosen")
        // A click logged, or a dismissal observed, would tell them apart; the first it tries.
        #expect(
            name["to_tell_apart"] as? String
                == "a case needing the capability analytics, which the engine does not declare"
        )
        #expect(result.output.contains("\n    to tell them apart: a case needing the capability analytics, "))
        // No name is given: its example run is shrunk, as a difference no name explains is.
        #expect(
            result.output.contains(
                " shrunk (the reference rules pass it, the engine fails it; no name is given until something "
                    + "tells them apart):\n      # yaml-language-server: $schema=schema.json\n"
            )
        )
    }

    @Test func twoBehavioursOfAWebSDKAreNamedEachRunByTheRightOnesOrTheirPair() throws {
        let result = try Self.run("dismiss-offers-next+impressions-never-logged")
        Self.expectNamedBy(["dismiss-offers-next", "impressions-never-logged"], result)
        #expect(result.names.contains { $0["behaviour"] as? String == "dismiss-offers-next+impressions-never-logged" })
    }

    @Test func theNamesTogetherReplayEveryRunTheyClaimAsOneEngine() throws {
        // In the background, a message meeting the visible one is dropped, as background-drops
        // alone would do; but the engine displays in the background (background-displays, named
        // for its other runs), and the two behaviours named for the rest replay that run together.
        let result = try Self.run("background-displays+message-visible-drops", lacking: [])
        Self.expectNamedBy(["background-displays", "message-visible-drops"], result)
        let pair = result.names.first { $0["behaviour"] as? String == "background-displays+message-visible-drops" }
        let runs = (pair?["runs"] as? [[String: Any]] ?? []).compactMap { $0["case"] as? String }
        #expect(runs.filter { $0 == "reenqueue-background-reason-first" }.count == 2)
    }

    @Test func aMessageWaitingForItsAssetsThatHoldsTheScreenIsNamedWithItsPartner() throws {
        let result = try Self.run("asset-wait-blocks-screen+message-visible-drops", lacking: [])
        Self.expectNamedBy(["asset-wait-blocks-screen", "message-visible-drops"], result)
        #expect(
            result.names.contains { $0["behaviour"] as? String == "asset-wait-blocks-screen+message-visible-drops" }
        )
    }
}
