/// A compiled suite, or a baseline in JSON a suite is judged by, that cannot be loaded: where in
/// the file, what was found there and what the format expects (`suite.json:3:1: error: cases[1].steps[0].stimulus.kind: found "jump",
/// expected one of "session_start", ...`).
///
/// Text that is not JSON is placed at the byte where it stops being JSON; a value the format does
/// not allow, at the start of the rule, case or run that holds it (a compiled suite has one a
/// line), and named by its path inside the document.
public struct CompiledSuiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as it was named when loaded.
    public var file: String
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, in bytes.
    public var column: Int
    /// What was found there, and what was expected.
    public var message: String

    /// A problem at `line` and `column` of `file`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`.
    public var description: String { "\(QuotedText.line(file)):\(line):\(column): error: \(message)" }

    /// Text that is not JSON, at the byte the parser stopped.
    init(file: String, bytes: [UInt8], syntax: JSONSyntaxError) {
        let (line, column) = Self.lineAndColumn(ofOffset: syntax.column - 1, in: bytes)
        self.init(file: file, line: line, column: column, message: "found text that is not JSON: \(syntax.message)")
    }

    /// A value the format does not allow, at the start of the top-level entry that holds it.
    init(file: String, bytes: [UInt8], format: WireFormatError) {
        let offset = Self.offset(ofEntryAt: format.path, in: bytes) ?? 0
        let (line, column) = Self.lineAndColumn(ofOffset: offset, in: bytes)
        // Keys, paths and strings of the file (a version, say) are shown inert, as the loader
        // shows a spec file's.
        self.init(file: file, line: line, column: column, message: QuotedText.line(format.description))
    }

    /// The line and column of the byte at `offset`.
    static func lineAndColumn(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, end - lineStart + 1)
    }

    /// Where the entry that holds the value at `path` starts: for `cases[3].steps[1]`, the fourth
    /// element of the top-level `cases`; for `selection.shard`, the value of `selection`. Nil when
    /// the document has no such entry. Only called for a document that parsed: its strings and
    /// nesting are well formed.
    private static func offset(ofEntryAt path: String, in bytes: [UInt8]) -> Int? {
        let head = path.prefix { $0 != "." }
        let key = String(head.prefix { $0 != "[" })
        let element = head.firstIndex(of: "[").flatMap { Int(head[head.index(after: $0)...].prefix { $0 != "]" }) }
        guard let index = valueOffset(ofTopLevelKey: key, in: bytes) else { return nil }
        guard let element, bytes[index] == UInt8(ascii: "[") else { return index }
        var position = index + 1
        for _ in 0..<element {
            position = skipWhitespace(bytes, from: skipValue(bytes, from: skipWhitespace(bytes, from: position)))
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return index }
            position += 1
        }
        return skipWhitespace(bytes, from: position)
    }

    /// Where the value of the document's top-level `key` starts; nil when it has none.
    static func valueOffset(ofTopLevelKey key: String, in bytes: [UInt8]) -> Int? {
        var index = skipWhitespace(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while true {
            index = skipWhitespace(bytes, from: index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyEnd = skipValue(bytes, from: index)
            let name = String(decoding: bytes[(index + 1)..<(keyEnd - 1)], as: UTF8.self)
            index = skipWhitespace(bytes, from: skipWhitespace(bytes, from: keyEnd) + 1)
            if name == key { return index < bytes.count ? index : nil }
            index = skipWhitespace(bytes, from: skipValue(bytes, from: index))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// The offset of the first byte at or after `index` that is not JSON white space.
    static func skipWhitespace(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The offset just past the value that starts at `start`: a string, an array or an object
    /// (with whatever it nests), or a number or literal.
    static func skipValue(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
                if depth == 0 { return index }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return index }
                depth -= 1
                index += 1
                if depth == 0 { return index }
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","):
                guard depth > 0 else { return index }
                index += 1
            default:
                index += 1
            }
        }
        return index
    }
}
