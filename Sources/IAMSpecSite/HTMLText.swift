/// Escaping for HTML text and attribute values, and inline code spans as `<code>`.
enum HTMLText {
    /// Every character with a meaning in HTML, as a character reference: `&`, `<`, `>`, `"`, `'`.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Escaped text, with its backtick code spans (``InlineText``) as `<code>` elements.
    static func inline(_ text: String) -> String {
        InlineText(text).segments.map { segment in
            switch segment {
            case .plain(let plain): escape(plain)
            case .code(let code): "<code>\(escape(code))</code>"
            }
        }.joined()
    }
}
