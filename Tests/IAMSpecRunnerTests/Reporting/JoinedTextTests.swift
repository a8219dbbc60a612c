import Testing

@testable import IAMSpecRunner

/// A suite's `<system-out>` is gathered a run at a time; what it shows must be what the whole
/// text, joined at once, shows.
@Suite("Text nodes gathered piece by piece")
struct JoinedTextTests {
    private func gathered(_ pieces: [String], limit: Int) -> String {
        var text = JoinedText(limit: limit)
        for piece in pieces {
            text.append(piece)
        }
        return text.content
    }

    @Test(arguments: [0, 1, 81, 100, 250, 1_000, 100_000])
    func matchesTheWholeTextCutAtOnce(limit: Int) {
        let pieces = (0..<3_000).map { index in
            index % 7 == 0
                ? "== case-\(index) [braze-swift]: failed\nfile.yaml:3:5: <expected> & \"more\"\r"
                : "== case-\(index) [appboy-legacy]: passed (rules: a.b, c.d)"
        }
        #expect(gathered(pieces, limit: limit) == XMLText.content(pieces.joined(separator: "\n"), limit: limit))
    }

    @Test func aCarriageReturnBeforeTheJoiningLineBreakCountsAsOneCharacter() {
        let pieces = Array(repeating: "line\r", count: 50) + ["e\u{301}", "\u{301}tail"]
        for limit in [10, 100, 200, 300] {
            #expect(gathered(pieces, limit: limit) == XMLText.content(pieces.joined(separator: "\n"), limit: limit))
        }
    }

    @Test func nothingGatheredIsEmpty() {
        #expect(gathered([], limit: 10).isEmpty)
    }
}
