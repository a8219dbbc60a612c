#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Text a report quotes from outside iamspec (a spec file, the rule catalogue, an engine, a
/// results stream, a file name), made inert for where the report puts it: shown, never
/// interpreted, by a terminal, a CI log, Markdown, HTML or XML. Every report and diagnostic that
/// quotes such text goes through here.
///
/// The one rule, ``line(_:)``, which every format applies first:
/// - a line feed (or CR LF) shows as `⏎`, a tab as `\t`;
/// - every other control character (C0, DEL, C1, so NEL), the line and paragraph separators
///   U+2028 and U+2029, the bidirectional marks, embeddings, overrides and isolates (U+061C,
///   U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the invisible characters that join or split
///   nothing a reader sees (the zero-width space U+200B, the word joiner and the invisible
///   operators U+2060–U+2064, the byte order mark U+FEFF) and the non-characters U+FFFE and
///   U+FFFF (which XML forbids) show as `\u{…}`, their value in hexadecimal: ESC is `\u{1b}`. So
///   no escape sequence (CSI, OSC) reaches a terminal, quoted text never returns to the start of
///   its line or begins another, nothing reorders the text around it, and two names that differ
///   only by an invisible character look different;
/// - `##[` and `##vso[`, which GitHub's and Azure's runners take for a command anywhere in a log
///   line, show as `#\u{23}[` (`#\u{23}vso[`); text beginning with `::` (after spaces) begins
///   `\u{3a}:`.
///
/// Reports put quoted text after fixed text on its line (an engine's lines after `| `:
/// ``lines(_:after:)``), so no line of a console or CI log begins with it, and no `::error` or
/// `::add-mask::` command can be forged. A backslash is shown as it is: quoted text may itself
/// hold the six characters `\u{1b}`.
///
/// Then each format escapes its own syntax: ``markdown(_:)`` and ``markdownCode(_:inTable:)``,
/// ``html(_:)``, ``xml(_:)`` and ``xmlLines(_:)``; a results stream's JSON escapes the same
/// characters its own way (``json(_:)``).
package enum QuotedText {
    /// One line of a terminal or a CI log: the text with every character that would act shown
    /// visibly (see ``QuotedText``).
    package static func line(_ text: String) -> String {
        render(text, syntax: .plain, keepsLineFeeds: false)
    }

    /// A line of Unicode scalars as ``line(_:)`` shows it, and how many characters of that show
    /// what comes before the scalar at `offset` (where a caret goes under it).
    package static func line(_ scalars: [Unicode.Scalar], marking offset: Int) -> (text: String, marked: Int) {
        var output = Output(syntax: .plain)
        let marked = render(scalars, into: &output, keepsLineFeeds: false, marking: offset)
        let text = output.text
        return (text, marked ?? text.count)
    }

    /// Text of several lines (what an engine wrote on stderr): a line per line feed (a last,
    /// empty one left out), each ``line(_:)`` after `prefix`, which must hold more than
    /// whitespace (CI runners trim leading spaces before looking for a command).
    package static func lines(_ text: String, after prefix: String) -> [String] {
        precondition(prefix.contains { !$0.isWhitespace }, "quoted lines need a visible prefix")
        var parts = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        return parts.map { prefix + line(String($0)) }
    }

    /// Inline Markdown (GitHub's): ``line(_:)``, then every character Markdown or its HTML could
    /// read as markup backslash-escaped (`\`, `` ` ``, `*`, `_`, `[`, `]`, `#`, `|` (so a table
    /// cell too), `~`, `!`, `(`, `)`, `{`, `}`, `+`, `$`), `<`, `>` and `&` as character
    /// references, and a `-` or `=` first, or the `.` after leading digits, escaped: placed at
    /// the start of a line, it still starts no heading, list, quote or rule.
    package static func markdown(_ text: String) -> String {
        render(text, syntax: .markdown, keepsLineFeeds: false)
    }

    /// A Markdown code span of ``line(_:)``: fenced with one more backtick than its longest run;
    /// `inTable` escapes its pipes, which would end a table cell even there.
    package static func markdownCode(_ text: String, inTable: Bool = false) -> String {
        let shown = line(text)
        let fence = String(repeating: "`", count: longestBacktickRun(shown) + 1)
        let body = inTable ? shown.replacing("|", with: "\\|") : shown
        let padded = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") ? " \(body) " : body
        return fence + padded + fence
    }

    /// A fenced Markdown code block of the lines, each ``line(_:)``: its fence (at least three
    /// backticks) longer than any run of backticks inside, so nothing in them can end it.
    package static func markdownCodeBlock(_ lines: [String], language: String) -> [String] {
        let shown = lines.map(line)
        let fence = String(repeating: "`", count: max(3, (shown.map(longestBacktickRun).max() ?? 0) + 1))
        return [fence + language] + shown + [fence]
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// HTML text or an attribute value: ``line(_:)``, then `&`, `<`, `>`, `"` and `'` as
    /// character references.
    package static func html(_ text: String) -> String {
        render(text, syntax: .markup, keepsLineFeeds: false)
    }

    /// One line of XML 1.0 text or an attribute value between double quotes: ``line(_:)``
    /// (which leaves no character XML forbids), then `&`, `<`, `>`, `"` and `'` as character
    /// references, as ``html(_:)``.
    package static func xml(_ text: String) -> String {
        render(text, syntax: .markup, keepsLineFeeds: false)
    }

    /// Text of several lines that iamspec composed (a failure's report, as the runners' records
    /// carry it): as ``line(_:)`` with its line feeds kept, each line feed the report's.
    package static func lines(_ text: String) -> String {
        render(text, syntax: .plain, keepsLineFeeds: true)
    }

    /// XML text of several lines (a JUnit failure's report), as ``xml(_:)`` with its line feeds
    /// kept: the lines' quoted parts are already ``line(_:)``s, so each line feed is the report's.
    package static func xmlLines(_ text: String) -> String {
        render(text, syntax: .markup, keepsLineFeeds: true)
    }

    /// A line of JSON (a results stream's, as an encoder wrote it): every character ``line(_:)``
    /// would show visibly, and the second `#` of a CI log command's `##`, written as a `\uXXXX`
    /// escape in its string instead (JSON's own escape: the value read back is the same), so the
    /// file holds none of them as they are.
    package static func json(_ encoded: [UInt8]) -> [UInt8] {
        guard mayAct(encoded) else { return encoded }
        let scalars = Array(String(decoding: encoded, as: UTF8.self).unicodeScalars)
        var output = ""
        output.reserveCapacity(encoded.count + 16)
        for (position, scalar) in scalars.enumerated() {
            let isCommand =
                scalar == "#" && position > 0 && scalars[position - 1] == "#"
                && startsLogCommand(scalars[(position + 1)...])
            if isCommand || visibleForm(of: scalar) != nil {
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return Array(output.utf8)
    }

    /// Whether encoded JSON may hold a character ``json(_:)`` escapes: a byte that is not
    /// printable ASCII, or `##` (a single `#` starts no log command). Most lines hold none, and are
    /// passed over eight bytes at a time (``PlainASCII``), not made into scalars.
    private static func mayAct(_ encoded: [UInt8]) -> Bool {
        encoded.withUnsafeBufferPointer { bytes in
            let hash = UInt8(ascii: "#")
            var position = PlainASCII.end(of: bytes, excluding: hash, hash)
            while position < bytes.count {
                guard bytes[position] == hash else { return true }
                if position + 1 < bytes.count && bytes[position + 1] == hash { return true }
                position = PlainASCII.end(of: bytes, from: position + 1, excluding: hash, hash)
            }
            return false
        }
    }

    /// `text` as a double-quoted literal that reads back as the same string (YAML's, Swift's):
    /// `"` and `\` escaped with a backslash, each scalar `escape` has a form for written so, every
    /// other as it is.
    package static func doubleQuoted(_ text: String, escaping escape: (Unicode.Scalar) -> String?) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                result += "\\"
                result.unicodeScalars.append(scalar)
            } else if let escaped = escape(scalar) {
                result += escaped
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// How a character that would act is shown, or nil for one shown as it is; a line feed is
    /// `⏎` (CR LF too, as one).
    package static func visibleForm(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: "⏎"
        case 0x09: "\\t"
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064,
            0x2066...0x2069, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
            "\\u{\(String(scalar.value, radix: 16))}"
        default: nil
        }
    }

    /// The syntax escaped after the visible forms (HTML and XML alike: markup).
    private enum Syntax {
        case plain
        case markdown
        case markup
    }

    /// Printable ASCII without `#`, not beginning with `::`: shown as it is (ids, most messages),
    /// in `syntax` too when it holds none of the syntax's own characters (markup's `&<>"'`), and
    /// with its line feeds when they are kept.
    private static func isInert(_ text: String, syntax: Syntax = .plain, keepsLineFeeds: Bool = false) -> Bool {
        guard syntax != .markdown else { return false }
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\n") where keepsLineFeeds: continue
                case 0..<0x20, 0x7F..., UInt8(ascii: "#"): return false
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                    if syntax == .markup { return false }
                default: continue
                }
            }
            guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return true }
            return !(bytes[first...].starts(with: "::".utf8))
        }
    }

    private static func render(_ text: String, syntax: Syntax, keepsLineFeeds: Bool) -> String {
        if isInert(text, syntax: syntax, keepsLineFeeds: keepsLineFeeds) { return text }
        var output = Output(syntax: syntax)
        output.bytes.reserveCapacity(text.utf8.count + 16)
        render(Array(text.unicodeScalars), into: &output, keepsLineFeeds: keepsLineFeeds, marking: nil)
        return output.text
    }

    /// Adds the scalars to `output`; returns how many characters it had when the scalar at
    /// `mark` came, if it did.
    @discardableResult
    private static func render(
        _ scalars: [Unicode.Scalar],
        into output: inout Output,
        keepsLineFeeds: Bool,
        marking mark: Int?
    ) -> Int? {
        var marked: Int?
        let firstVisible = scalars.firstIndex { $0 != " " }
        let escapesLeadingColon =
            firstVisible.map { $0 + 1 < scalars.count && scalars[$0] == ":" && scalars[$0 + 1] == ":" } ?? false
        var position = 0
        while position < scalars.count {
            if position == mark { marked = output.text.count }
            let scalar = scalars[position]
            position += 1
            if scalar == "\r", position < scalars.count, scalars[position] == "\n" {
                position += 1
                keepsLineFeeds ? output.appendLineFeed() : output.append("⏎")
            } else if scalar == "\n" && keepsLineFeeds {
                output.appendLineFeed()
            } else if let visible = visibleForm(of: scalar) {
                output.append(visible)
            } else if scalar == ":" && escapesLeadingColon && position - 1 == firstVisible {
                output.append("\\u{3a}")
            } else if scalar == "#" && position >= 2 && scalars[position - 2] == "#"
                && startsLogCommand(scalars[position...])
            {
                output.append("\\u{23}")
            } else {
                output.append(scalar)
            }
        }
        return marked
    }

    /// Whether a `##` is followed by `[` or `vso[` (any case): a CI runner's command.
    private static func startsLogCommand(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = rest.first else { return false }
        if first == "[" { return true }
        let word = rest.prefix(4).map { Character($0).lowercased() }.joined()
        return word == "vso["
    }

    /// The text being made, each character escaped for its syntax as it is added, gathered as
    /// UTF-8 bytes (a byte appended to an array, not a scalar to a string's storage).
    private struct Output {
        let syntax: Syntax
        var bytes: [UInt8] = []
        /// Markdown: nothing but digits added since the start of the line.
        private var onlyDigits = true
        private var atLineStart = true

        init(syntax: Syntax) {
            self.syntax = syntax
        }

        /// The text made so far.
        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// Adds `text` as it is.
        private mutating func add(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// Adds `scalar` as it is.
        private mutating func addScalar(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if let encoded = UTF8.encode(scalar) {
                bytes.append(contentsOf: encoded)
            }
        }

        mutating func appendLineFeed() {
            add("\n")
            onlyDigits = true
            atLineStart = true
        }

        mutating func append(_ visible: String) {
            for scalar in visible.unicodeScalars { append(scalar) }
        }

        mutating func append(_ scalar: Unicode.Scalar) {
            switch syntax {
            case .plain:
                addScalar(scalar)
            case .markdown:
                appendMarkdown(scalar)
            case .markup:
                switch scalar {
                case "&": add("&amp;")
                case "<": add("&lt;")
                case ">": add("&gt;")
                case "\"": add("&quot;")
                case "'": add("&#39;")
                default: addScalar(scalar)
                }
            }
        }

        private mutating func appendMarkdown(_ scalar: Unicode.Scalar) {
            defer {
                onlyDigits = onlyDigits && ("0"..."9").contains(scalar)
                atLineStart = false
            }
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "#", "|", "~", "!", "(", ")", "{", "}", "+", "$":
                add("\\")
            case "-" where atLineStart, "=" where atLineStart:
                add("\\")
            case "." where onlyDigits && !atLineStart:
                add("\\")
            case "<":
                add("&lt;")
                return
            case ">":
                add("&gt;")
                return
            case "&":
                add("&amp;")
                return
            default:
                break
            }
            addScalar(scalar)
        }
    }
}
