/// Escaping for GitHub-flavoured Markdown, and inline code spans that survive any content.
enum MarkdownText {
    /// The characters Markdown (or the HTML it allows) could read as markup, backslash-escaped;
    /// `<` and `>` as character references, so no tag can form.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "#", "|", "~", "!", "(", ")", "{", "}", "+":
                result += "\\\(character)"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            default: result.append(character)
            }
        }
        return result
    }

    /// An escaped line that cannot start a list item, a setext heading's underline or a thematic
    /// break either: its leading `-` or `=`, or the `.` or `)` after leading digits, backslash-escaped.
    static func escapeLineStart(_ escaped: String) -> String {
        if let first = escaped.first, first == "-" || first == "=" {
            return "\\" + escaped
        }
        let digits = escaped.prefix { $0.isASCII && $0.isNumber }
        let rest = escaped.dropFirst(digits.count)
        if !digits.isEmpty, let marker = rest.first, marker == "." || marker == ")" {
            return digits + "\\" + rest
        }
        return escaped
    }

    /// Escaped text, with its backtick code spans kept as code spans; `inTable` escapes the
    /// pipes in code spans too, as a table cell needs.
    static func inline(_ text: String, inTable: Bool = false) -> String {
        InlineText(text).segments.map { segment in
            switch segment {
            case .plain(let plain): escape(plain)
            case .code(let code): codeSpan(code, inTable: inTable)
            }
        }.joined()
    }

    /// A code span: fenced with one more backtick than the longest run inside. Code spans are
    /// literal, so nothing but a table's pipes needs escaping.
    static func codeSpan(_ code: String, inTable: Bool = false) -> String {
        var longest = 0
        var run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let body = inTable ? code.replacing("|", with: "\\|") : code
        let padded = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") ? " \(body) " : body
        return fence + padded + fence
    }
}
