import CYAML

/// A problem libyaml stopped at, as a diagnostic says it: at the place the problem is, naming
/// what was found, and saying plainly when the text is valid YAML 1.2 that libyaml, a YAML 1.1
/// parser, does not accept (Specs/README.md, "YAML version and parser limits").
struct LibYAMLProblem {
    let message: String
    let mark: YAMLMark
    /// The file is not text (not UTF-8, or with control characters): named, never quoted.
    var isUnreadableText = false

    /// What the diagnostics say of YAML 1.2 text libyaml refuses.
    static let yaml11Limit = "this is valid YAML 1.2 that libyaml, a YAML 1.1 parser, does not accept"

    init(_ parser: yaml_parser_t, source: YAMLSourceText) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            self.init(message: "out of memory while reading the file", mark: YAMLMark(line: 1, column: 1))
        case YAML_READER_ERROR:
            self.init(readerProblem: problem, parser: parser, source: source)
        default:
            let mark = YAMLMark(line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
            var message = "YAML syntax error: \(problem)"
            if let context = parser.context.map({ String(cString: $0) }) {
                let line = parser.context_mark.line + 1
                let column = parser.context_mark.column + 1
                message += " (\(context) at line \(line), column \(column))"
            }
            self.init(syntaxError: message, problem: problem, at: mark, source: source)
        }
    }

    private init(message: String, mark: YAMLMark) {
        self.message = message
        self.mark = mark
    }

    /// Bytes libyaml cannot read: for text that is not UTF-8, the first bad sequence itself.
    private init(readerProblem problem: String, parser: yaml_parser_t, source: YAMLSourceText) {
        let isUTF16 = source.bytes.starts(with: [0xFE, 0xFF]) || source.bytes.starts(with: [0xFF, 0xFE])
        let isEncoding = problem.contains("UTF-8") || problem.contains("Unicode")
        if isEncoding, !isUTF16, let invalid = UTF8Violation.first(in: source.bytes, end: "the file") {
            self.init(
                message: "unreadable text: \(invalid.problem); expected UTF-8 text",
                mark: source.mark(atByteOffset: invalid.offset)
            )
            isUnreadableText = true
            return
        }
        let value = parser.problem_value
        let found = value >= 0 ? " (found byte or character 0x\(String(value, radix: 16, uppercase: true)))" : ""
        self.init(
            message: "unreadable text: \(problem)\(found); expected UTF-8 text without control characters",
            mark: source.mark(atByteOffset: parser.problem_offset)
        )
        isUnreadableText = true
    }

    /// A scanner or parser error at libyaml's mark, moved or explained where libyaml's own words
    /// mislead.
    private init(syntaxError message: String, problem: String, at mark: YAMLMark, source: YAMLSourceText) {
        let offset = source.byteOffset(of: mark)
        if let lineBreak = source.firstYAML11LineBreak(before: offset) {
            let escape = "\\u" + String(lineBreak.scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            self.init(
                message: "found \(lineBreak.name), which libyaml reads as a line break and then stops at line "
                    + "\(mark.line), column \(mark.column) (\(message)); \(Self.yaml11Limit): write the character "
                    + "as \(escape) in a double-quoted scalar",
                mark: lineBreak.mark
            )
            return
        }
        let line = source.line(mark.line)
        let before = line.prefix(max(0, mark.column - 1))
        if problem == "found character that cannot start any token", mark.column <= line.count,
            line[mark.column - 1] == "\t",
            let last = before.last(where: { $0 != " " && $0 != "\t" }), ["-", "?", ":"].contains(last)
        {
            self.init(
                message: "\(message); found a tab after '\(last)': \(Self.yaml11Limit): separate with spaces",
                mark: mark
            )
            return
        }
        if problem == "did not find expected <document start>", source.anyLine(before: mark.line, startsWith: "...") {
            self.init(
                message: "\(message); a document after '...' without '---': \(Self.yaml11Limit): "
                    + "start the document with '---'",
                mark: mark
            )
            return
        }
        if problem == "found invalid Unicode character escape code",
            let backslash = before.lastIndex(of: "\\")
        {
            self.init(
                message: "\(message); expected an escape of a Unicode scalar, not a UTF-16 surrogate (U+D800 to "
                    + "U+DFFF, alone or paired; write a character above U+FFFF as \\U0001F600 or as itself)",
                mark: YAMLMark(line: mark.line, column: backslash + 1)
            )
            return
        }
        self.init(message: message, mark: mark)
    }
}

extension String {
    /// The string with zeros in front, at least `width` characters long.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
