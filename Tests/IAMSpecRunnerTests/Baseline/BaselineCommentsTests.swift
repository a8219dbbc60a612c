import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("A refreshed baseline keeps its comments")
struct BaselineCommentsTests {
    @Test func theCommentsATeamWroteStayWithTheEntriesKept() throws {
        let written = """
            # Our engine's known failures. Ask #sdk-team before adding one.
            # Reviewed 2026-10.
            engine: "our-engine" # the staging build

            # Sorted by area.
            cases:
              # Tracked upstream: the SDK drops the second trigger.
              interval.one:
                status: fail
                reason: "drops it"  # since 4.2
                # Remove once 4.3 ships.
              # Fixed last week, so this entry goes.
              stack.two:
                status: fail
                reason: "fixed"
              # Only some profiles still fail.
              narrowed.three:
                status: fail
                reason: "partly"
            # End of the list.

            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("known.yaml").path
        try Data(written.utf8).write(to: URL(fileURLWithPath: path))
        let refreshed = Baseline(
            engine: "our-engine",
            entries: [
                BaselineEntry(caseID: "interval.one", status: .fail, reason: "drops it"),
                BaselineEntry(caseID: "narrowed.three", profile: .appboyLegacy, status: .fail, reason: "partly"),
                BaselineEntry(caseID: "narrowed.three", profile: .brazeSwift, status: .fail, reason: "partly"),
                BaselineEntry(caseID: "new.four", status: .fail, reason: "new failure on 2026-11-27"),
            ]
        )
        try BaselineWriter.write(refreshed, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                # Our engine's known failures. Ask #sdk-team before adding one.
                # Reviewed 2026-10.
                engine: "our-engine" # the staging build
                # Sorted by area.
                cases:
                  # Tracked upstream: the SDK drops the second trigger.
                  "interval.one":
                    status: fail
                    reason: "drops it"  # since 4.2
                    # Remove once 4.3 ships.
                  # Only some profiles still fail.
                  "narrowed.three@appboy-legacy":
                    status: fail
                    reason: "partly"
                  "narrowed.three@braze-swift":
                    status: fail
                    reason: "partly"
                  "new.four":
                    status: fail
                    reason: "new failure on 2026-11-27"
                # End of the list.

                """,
            "\(text)"
        )
        let read = try #require(BaselineParser.parse(Array(text.utf8), file: path).baseline)
        #expect(read.entries.map(\.key) == refreshed.entries.map(\.key))
    }
}
