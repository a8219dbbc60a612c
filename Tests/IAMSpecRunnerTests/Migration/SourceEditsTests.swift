import Testing

@testable import IAMSpecRunner

/// The edits `iamspec migrate` makes to a case file's text: each in place, the rest as written,
/// made in the time of the text and its edits.
@Suite("SourceEdits")
struct SourceEditsTests {
    @Test("edits at one place keep the order they were made in; the text between them is kept")
    func editsInOrder() {
        var edits = SourceEdits("a: 1\nb: 2\nc: 3\n")
        edits.insert("x", at: 5)
        edits.insert("y", at: 5)
        edits.replace(8..<9, with: "20")
        edits.insert("!", at: 9)
        edits.replace(0..<1, with: "alpha")
        #expect(edits.editedText == "alpha: 1\nxyb: 20!\nc: 3\n")
        #expect(edits.withoutEdits.editedText == "a: 1\nb: 2\nc: 3\n")
        #expect(edits.withoutEdits.isEmpty && !edits.isEmpty)
        // A region's text, its edits lying in it (the steps a case copies).
        var region = edits.withoutEdits
        region.insert("x", at: 5)
        region.replace(8..<9, with: "20")
        #expect(region.editedText(of: 5..<10) == "xb: 20\n")
    }

    /// A file of 400,000 lines with an edit on every other, as a file of many thousand cases gets:
    /// made at once, the text is whole and every edit in it. Made in place one after another, each
    /// edit moved the rest of the file (1,799 cases in one file took `migrate` 778 s): the time
    /// limit fails that (it took minutes here), where one pass takes a second or two.
    @Test("a file's every line edited: in one pass", .timeLimit(.minutes(1)))
    func manyEdits() {
        let lines = (0..<200_000).map { "- id: case-\($0)\n  title: the case numbered \($0)\n" }
        var edits = SourceEdits(lines.joined())
        var offset = 0
        for line in lines {
            edits.insert("  rules: [a.b]\n", at: offset + line.unicodeScalars.count)
            offset += line.unicodeScalars.count
        }
        let text = edits.editedText
        #expect(text.unicodeScalars.count == offset + 200_000 * 15)
        #expect(text.hasPrefix("- id: case-0\n  title: the case numbered 0\n  rules: [a.b]\n- id: case-1\n"))
        #expect(text.hasSuffix("  title: the case numbered 199999\n  rules: [a.b]\n"))
    }
}
