import Foundation
import Testing

/// An engine program that answers a stimulus `unsupported` (protocol 2): its runs are skipped
/// with the reason and the step's location, never failed, and the process goes on.
@Suite("Declining a step over stdio")
struct DeclineTests {
    @Test func aDeclinedStimulusSkipsTheRunAtItsStep() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            "manual-display-next-*",
            "--filter",
            "analytics-impression-on-display",
            "--engine-command",
            "python3 Fixtures/engines/reference_variant.py decline:display_next '\(iamspec)' engine --stdio",
            "--validate-protocol",
            "--jobs",
            "1",
            "--color",
            "never",
            "--json",
            json
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.lastLine == "2 passed, 0 failed, 15 skipped", "the same process runs the case after a decline")
        #expect(
            outcome.standardOutput.contains(
                """
                skipped 15 runs: the engine declined `display_next`: this variant has no display_next
                  Specs/manual/display-next.yaml:116:7: manual-display-next-asks-delegate [appboy-legacy]
                  Specs/manual/display-next.yaml:253:7: manual-display-next-awaiting-its-image-goes-back-on-top [braze-swift]
                  Specs/manual/display-next.yaml:222:7: manual-display-next-awaiting-its-image-meets-a-visible-message [braze-swift]
                """
            )
        )
        let records = try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n")
        let declined = try #require(records.first { $0.contains(#""id":"manual-display-next-takes-top""#) })
        #expect(declined.contains(#""status":"skipped""#))
        #expect(declined.contains(#""kind":"declined""#))
        #expect(declined.contains(#""line":52"#))
    }
}
