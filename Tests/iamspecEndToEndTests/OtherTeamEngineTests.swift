import Foundation
import Testing

/// The verdict of a partial engine written by another team from the rule documents alone
/// (`Fixtures/engines/other_team_engine.mjs`, on the Node kit): the promise to an engine author,
/// end to end. Every failure is one of its three deliberate differences, every skip names only a
/// profile or capability it does not declare, and each difference is named once, by the
/// behaviour of the catalogue whose replay gives its very observations (none standing for what it
/// declared it cannot observe), no failed run left unexplained.
@Suite("A partial JavaScript engine's whole verdict")
struct OtherTeamEngineTests {
    private static let engine = "node Fixtures/engines/other_team_engine.mjs"
    private static let declared: Set = [
        "analytics", "stack-inspection", "trigger-session-start", "trigger-any-purchase", "trigger-purchase",
        "trigger-custom-event", "property-filters", "priority", "minimum-interval", "timeout", "reeligibility",
        "test-sends", "display-next", "extras",
    ]

    @Test func itFailsOnlyForItsDifferencesEachNamedOnceAndSkipsOnlyWhatItLacks() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "--engine-command",
            Self.engine,
            "--validate-protocol",
            "--color",
            "never",
            "--json",
            json
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Its ten failed runs are those below; every other run passes or is skipped (how many of
        // each grows with the Specs: ARCHITECTURE.md's checklists add cases this engine skips).
        let totals = lines.last { !$0.isEmpty } ?? ""
        #expect(
            totals.wholeMatch(of: /[0-9]+ passed, 10 failed, [0-9]+ skipped/) != nil,
            "\(totals): expected no error and the ten failed runs below"
        )
        // D1 (a first-in-first-out stack), D2 (ties to the earlier message) and D3 (the interval
        // started by a trigger whose message goes on the stack), each once, with no partner
        // standing for the callback or the dismissals it declared it lacks.
        // Each name checked against the runs it passed and its other failing runs (their counts grow
        // with the Specs too), and borne out by the engine as a prediction, against the rivals its
        // experiments name.
        let behaviours = lines.prefix { !$0.isEmpty }.filter { !$0.hasPrefix("    ") }
            .map {
                $0.replacing(
                    /; checked against [0-9]+ passes and [0-9]+ other failing runs?; told apart from [^;]+; [0-9]+ predictions? borne out by the engine\)/,
                    with: ")"
                )
            }
        #expect(
            behaviours == [
                "behaviours (3): what the engine does differently, each replayed on the reference engine with the "
                    + "engine's very observations and passing the runs the engine passed",
                "  reenqueue.message-visible: the engine puts a message back at the bottom of the stack instead of "
                    + "the top (behaviour reenqueue-at-bottom; 5 cases, 5 runs)",
                "  priority.ties-to-later: the engine gives a priority tie to the earlier message in the delivered "
                    + "list (behaviour priority-ties-first; 4 cases, 4 runs)",
                "  interval.from-last-display: the engine starts the minimum interval when it puts a triggered "
                    + "message on the stack (behaviour stacking-starts-interval; 1 case, 1 run)",
            ]
        )
        #expect(!outcome.standardOutput.contains("differences ("), "no failed run is left unexplained")
        var failed: [String] = []
        for line in try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard record["record"] as? String == "case", let id = record["id"] as? String else { continue }
            let message = record["message"] as? String ?? ""
            switch record["status"] as? String {
            case "failed": failed.append(id)
            case "skipped":
                if message == "the engine does not support the profile appboy-legacy" { continue }
                let prefixes = ["the engine lacks the capability ", "the engine lacks the capabilities "]
                let prefix = try #require(prefixes.first { message.hasPrefix($0) }, "\(id): \(message)")
                let lacking = message.dropFirst(prefix.count).components(separatedBy: ", ")
                #expect(Self.declared.isDisjoint(with: lacking), "\(id): \(message)")
                // A clock past 2^53 ms is a number it cannot hold: skipped, never failed.
                if id == "sweep-shortest-timeout-at-the-last-instant" { #expect(lacking == ["large-integers"]) }
            default: continue
            }
        }
        #expect(
            failed.sorted() == [
                "interval-stacked-behind-visible-starts-nothing", "manual-display-next-leaves-stack-behind-visible",
                "priority-tie-across-trigger-kinds", "priority-tie-later-wins", "priority-tie-loser-stays-eligible",
                "priority-tie-not-by-name",
                "stack-dismissal-of-hidden-message-changes-nothing", "stack-last-in-first-out",
                "stack-restacked-message-observed-again", "stack-retrigger-moves-to-top",
            ]
        )
    }
}
