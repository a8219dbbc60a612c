/// A file's text as Unicode scalars, and the edits to make to it at places libyaml marked: the
/// rest of the file (comments, anchors, layout) is left as it is written.
struct SourceEdits {
    private(set) var scalars: [Unicode.Scalar]
    /// The offset of each line's first scalar.
    private let lineStarts: [Int]
    /// Each edit: the scalars replaced, and the text put in their place.
    private var edits: [(range: Range<Int>, text: String)] = []

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The offset of a mark (1-based line and column, in Unicode scalars).
    func offset(of mark: YAMLMark) -> Int {
        min(lineStarts[min(mark.line, lineStarts.count) - 1] + mark.column - 1, scalars.count)
    }

    subscript(offset: Int) -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    /// The text of a range.
    func text(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }

    /// Where the line holding the offset starts.
    func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0, scalars[start - 1] != "\n" { start -= 1 }
        return start
    }

    /// Just past the line end (the `\n`) of the line holding the offset, or the text's end.
    func nextLineStart(of offset: Int) -> Int {
        var end = offset
        while end < scalars.count, scalars[end] != "\n" { end += 1 }
        return min(end + 1, scalars.count)
    }

    /// Whether only blanks stand before the offset on its line.
    func startsItsLine(_ offset: Int) -> Bool {
        scalars[lineStart(of: offset)..<offset].allSatisfy { $0 == " " }
    }

    /// The end of the scalar token at the offset: a quoted one's closing quote, or a plain one's
    /// last scalar before a flow indicator, a comment or the line end.
    func tokenEnd(from start: Int) -> Int {
        guard let first = self[start] else { return start }
        if first == "'" || first == "\"" {
            var index = start + 1
            while index < scalars.count {
                if scalars[index] == "\\", first == "\"" {
                    index += 2
                    continue
                }
                if scalars[index] == first {
                    if first == "'", self[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    return index + 1
                }
                index += 1
            }
            return scalars.count
        }
        var end = start
        while end < scalars.count, !",]}\n\r#".unicodeScalars.contains(scalars[end]) {
            // A key's colon ends it too.
            if scalars[end] == ":", self[end + 1].map({ " \n,]}".unicodeScalars.contains($0) }) ?? true { break }
            end += 1
        }
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        return end
    }

    /// The offset of the bracket closing the flow collection opened at `open`, quotes and comments skipped.
    func closing(_ open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < scalars.count {
            switch scalars[index] {
            case "[", "{": depth += 1
            case "]", "}":
                depth -= 1
                if depth == 0 { return index }
            case "'", "\"":
                index = tokenEnd(from: index) - 1
            case "#" where index > 0 && (scalars[index - 1] == " " || scalars[index - 1] == "\n"):
                index = nextLineStart(of: index) - 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The offset just past the last non-blank scalar before `offset`.
    func endOfTextBefore(_ offset: Int) -> Int {
        var end = offset
        while end > 0, " \t\n\r".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
        return end
    }

    mutating func replace(_ range: Range<Int>, with text: String) {
        edits.append((range, text))
    }

    mutating func insert(_ text: String, at offset: Int) {
        edits.append((offset..<offset, text))
    }

    var isEmpty: Bool { edits.isEmpty }

    var count: Int { scalars.count }

    /// Whether an edit touches the range.
    func hasEdits(in range: Range<Int>) -> Bool {
        edits.contains { $0.range.overlaps(range) || range.contains($0.range.lowerBound) }
    }

    /// The lines of a block list whose items start at `marks`: from the first item's line to the
    /// last line indented past the items' dashes, with the dashes' indent; nil for a flow list.
    func blockRegion(of marks: [YAMLMark], startingAt start: YAMLMark) -> (range: Range<Int>, indent: Int)? {
        guard let first = marks.first, let last = marks.last, self[offset(of: start)] != "[" else { return nil }
        // Indented as the items' dashes: the blanks that start the first item's line.
        let indent = scalars[lineStart(of: offset(of: first))...].prefix { $0 == " " }.count
        var end = nextLineStart(of: offset(of: last))
        while end < scalars.count {
            let lineEnd = nextLineStart(of: end)
            let line = scalars[end..<lineEnd]
            let blanks = line.prefix { $0 == " " }.count
            guard blanks > indent, blanks < line.count, line[end + blanks] != "\n" else { break }
            end = lineEnd
        }
        return (lineStart(of: offset(of: first))..<end, indent)
    }

    /// The text of a range with this value's edits made, each edit lying in it.
    func editedText(of range: Range<Int>) -> String {
        let whole = Array(editedText.unicodeScalars)
        var text = ""
        text.unicodeScalars.append(contentsOf: whole[range.lowerBound..<range.upperBound + whole.count - scalars.count])
        return text
    }

    /// Lines indented from one column to another: each line moved right (or left) by the difference.
    static func reindent(_ text: String, from: Int, to: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard !line.isEmpty else { return String(line) }
            let blanks = line.prefix { $0 == " " }.count
            return String(repeating: " ", count: max(0, blanks - from + to)) + line.dropFirst(blanks)
        }.joined(separator: "\n")
    }

    /// The text with every edit made, the later places first so that each offset still holds.
    var editedText: String {
        var result = scalars
        let ordered = edits.enumerated().sorted { lhs, rhs in
            (lhs.element.range.lowerBound, lhs.offset) > (rhs.element.range.lowerBound, rhs.offset)
        }
        for (_, edit) in ordered {
            result.replaceSubrange(edit.range, with: Array(edit.text.unicodeScalars))
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: result)
        return text
    }
}
