/// A file's text as Unicode scalars, and the edits to make to it at places libyaml marked: the
/// rest of the file (comments, anchors, layout) is left as it is written.
///
/// Lines are counted as libyaml counts them: a line ends at `\r\n`, a lone `\r`, `\n`, or
/// U+0085, U+2028 or U+2029; a line an edit adds ends as most of the file's lines do.
struct SourceEdits {
    private(set) var scalars: [Unicode.Scalar]
    /// The offset of each line's first scalar.
    private let lineStarts: [Int]
    /// Each edit: the scalars replaced, and the text put in their place.
    private var edits: [(range: Range<Int>, text: String)] = []
    /// The line break most of the file's lines end with (the first of those most used; `\n` for
    /// a file of one line): what ends a line an edit writes.
    let lineEnd: String

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        var offset = 0
        // How often each kind of line break ends a line, and the order they came in.
        var breaks: [String: Int] = [:]
        var order: [String] = []
        while offset < scalars.count {
            let length = Self.breakLength(in: scalars, at: offset)
            guard length > 0 else {
                offset += 1
                continue
            }
            var found = ""
            found.unicodeScalars.append(contentsOf: scalars[offset..<offset + length])
            if breaks[found] == nil { order.append(found) }
            breaks[found, default: 0] += 1
            offset += length
            starts.append(offset)
        }
        lineStarts = starts
        lineEnd = order.max { breaks[$0, default: 0] < breaks[$1, default: 0] } ?? "\n"
    }

    /// Whether the scalar breaks a line, as libyaml reads one.
    static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// How many scalars the line break at the offset takes (2 for `\r\n`), 0 where none is.
    private static func breakLength(in scalars: [Unicode.Scalar], at offset: Int) -> Int {
        guard offset < scalars.count, isBreak(scalars[offset]) else { return 0 }
        return scalars[offset] == "\r" && offset + 1 < scalars.count && scalars[offset + 1] == "\n" ? 2 : 1
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
        while start > 0, !Self.isBreak(scalars[start - 1]) { start -= 1 }
        return start
    }

    /// Just past the line break of the line holding the offset, or the text's end.
    func nextLineStart(of offset: Int) -> Int {
        var end = offset
        while end < scalars.count, !Self.isBreak(scalars[end]) { end += 1 }
        return end + Self.breakLength(in: scalars, at: end)
    }

    /// Whether only blanks stand before the offset on its line.
    func startsItsLine(_ offset: Int) -> Bool {
        scalars[lineStart(of: offset)..<offset].allSatisfy { $0 == " " }
    }

    /// The offset of a mapping value written after the key at `keyOffset` on its line: past the
    /// key, its colon and the blanks after it.
    func valueStart(afterKeyAt keyOffset: Int) -> Int {
        var offset = tokenEnd(from: keyOffset)
        if self[offset] == ":" { offset += 1 }
        while self[offset] == " " || self[offset] == "\t" { offset += 1 }
        return offset
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
        while end < scalars.count, !",]}#".unicodeScalars.contains(scalars[end]), !Self.isBreak(scalars[end]) {
            // A key's colon ends it too.
            if scalars[end] == ":",
                self[end + 1].map({ " \t,]}".unicodeScalars.contains($0) || Self.isBreak($0) }) ?? true
            {
                break
            }
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
            case "#"
            where index > 0
                && (scalars[index - 1] == " " || scalars[index - 1] == "\t" || Self.isBreak(scalars[index - 1])):
                index = nextLineStart(of: index) - 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The offset just past the last scalar of the flow collection opened at `open` and closed at
    /// `close` that is neither blank nor in a comment: where an entry added to it goes, so that a
    /// comment on a line before the closing bracket stays a comment after it.
    func endOfContent(from open: Int, to close: Int) -> Int {
        var end = open + 1
        var index = open + 1
        while index < close {
            switch scalars[index] {
            case "'", "\"":
                index = tokenEnd(from: index)
                end = index
                continue
            case "#" where scalars[index - 1] == " " || scalars[index - 1] == "\t" || Self.isBreak(scalars[index - 1]):
                index = nextLineStart(of: index)
                continue
            case "[", "{":
                guard let inner = closing(index) else { return end }
                index = inner + 1
                end = index
                continue
            case " ", "\t": break
            case let scalar where Self.isBreak(scalar): break
            default: end = index + 1
            }
            index += 1
        }
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
            guard blanks > indent, blanks < line.count, !Self.isBreak(line[end + blanks]) else { break }
            end = lineEnd
        }
        return (lineStart(of: offset(of: first))..<end, indent)
    }

    /// The text of a range with this value's edits made, each edit lying in it: in the time of the
    /// range and its edits, not of the file (a file's every case may copy steps it shares).
    func editedText(of range: Range<Int>) -> String {
        edited(range, making: edits)
    }

    /// The same text with no edit: its scalars and lines shared, not copied.
    var withoutEdits: SourceEdits {
        var copy = self
        copy.edits = []
        return copy
    }

    /// Lines indented from one column to another: each line moved right (or left) by the
    /// difference, its line break kept; a blank line is left as it is.
    static func reindent(_ text: String, from: Int, to: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var lineStart = 0
        while lineStart < scalars.count {
            var end = lineStart
            while end < scalars.count, !isBreak(scalars[end]) { end += 1 }
            let blanks = scalars[lineStart..<end].prefix { $0 == " " }.count
            if end > lineStart {
                result += String(repeating: " ", count: max(0, blanks - from + to))
                result.unicodeScalars.append(contentsOf: scalars[(lineStart + blanks)..<end])
            }
            let next = end + breakLength(in: scalars, at: end)
            result.unicodeScalars.append(contentsOf: scalars[end..<next])
            lineStart = next
        }
        return result
    }

    /// The text with every edit made.
    var editedText: String { edited(0..<scalars.count, making: edits) }

    /// The text of `range` with `edits` (lying in it) made, in one pass from its start: each edit
    /// in the order of its place, those at one place in the order they were made, the scalars
    /// between them as they are. (Making each edit in place, the later places first, moved the
    /// rest of the file at each: a file of a thousand cases took minutes.)
    private func edited(_ range: Range<Int>, making edits: [(range: Range<Int>, text: String)]) -> String {
        let ordered = edits.enumerated().sorted { lhs, rhs in
            (lhs.element.range.lowerBound, lhs.offset) < (rhs.element.range.lowerBound, rhs.offset)
        }
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(range.count + edits.count * 16)
        var next = range.lowerBound
        for (_, edit) in ordered {
            if edit.range.lowerBound > next { result += scalars[next..<edit.range.lowerBound] }
            result += edit.text.unicodeScalars
            next = max(next, edit.range.upperBound)
        }
        if next < range.upperBound { result += scalars[next..<range.upperBound] }
        var text = ""
        text.unicodeScalars.append(contentsOf: result)
        return text
    }
}
