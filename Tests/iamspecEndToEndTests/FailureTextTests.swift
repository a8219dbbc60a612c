import Foundation
import Testing

@Suite("What a failure says: a display that came later, an expectation of nothing, the given in JUnit")
struct FailureTextTests {
    /// `given:` and its lines, each indented by `spaces` (the heading two fewer).
    private func indented(_ lines: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return String(pad.dropFirst(2)) + "given:\n"
            + lines.split(separator: "\n").map { pad + $0 }.joined(separator: "\n")
    }

    @Test func aDisplayThatCameLaterIsSaidInEveryReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iamspec-late-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml").path
        let json = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/late-display",
            "--color",
            "never",
            "--junit",
            junit,
            "--json",
            json
        )
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "0 passed, 2 failed, 0 skipped")
        let later = "sequence on delivery: expected [displayed: promo], found []; promo: displayed later, by +10 s"
        #expect(outcome.standardOutput.contains(later))
        #expect(outcome.standardOutput.contains("expected: nothing observed"))
        #expect(!outcome.standardOutput.contains("expected: (nothing)"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(later))
        // The case's given, as the console's failure report shows it.
        let given =
            "config: {minimum_trigger_interval: 30}\nmessages:\n  - {id: promo, triggers: [session_start], delay: 10}"
        #expect(outcome.standardOutput.contains(indented(given, by: 4)))
        #expect(xml.contains(indented(given, by: 2)))
        #expect(!xml.contains("expected: (nothing)"))
        // The results stream records the given, so that `iamspec report` makes the same JUnit.
        let stream = try String(contentsOfFile: json, encoding: .utf8)
        #expect(
            stream.contains(
                "\"given\":[\"config: {minimum_trigger_interval: 30}\",\"messages:\","
                    + "\"  - {id: promo, triggers: [session_start], delay: 10}\"]"
            )
        )
        let reported = folder.appendingPathComponent("reported.xml").path
        #expect(try IAMSpecExecutable.run("report", json, "--junit", reported).status == 1)
        let again = try String(contentsOfFile: reported, encoding: .utf8)
        #expect(again.contains(indented(given, by: 2)))
    }
}
