/// Text made safe for XML 1.0 report files.
///
/// Characters XML 1.0 forbids, even as character references (most C0 controls, U+FFFE, U+FFFF),
/// are replaced by a visible escape such as `\u{7}`. Text longer than a limit keeps its head and
/// tail with a marker between, so no text node approaches the 10 MB that libxml2-based readers
/// refuse.
enum XMLText {
    /// Text content: `&`, `<`, `>` escaped.
    static func content(_ text: String, limit: Int) -> String {
        escaped(cut(text, limit: limit), forAttribute: false)
    }

    /// An attribute value, to be written between double quotes: also `"` escaped, and tabs and
    /// line breaks kept as character references (readers would otherwise turn them into spaces).
    static func attribute(_ text: String, limit: Int) -> String {
        escaped(cut(text, limit: limit), forAttribute: true)
    }

    private static func escaped(_ text: String, forAttribute: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where forAttribute: escaped += "&quot;"
            case "\t" where forAttribute: escaped += "&#9;"
            case "\n" where forAttribute: escaped += "&#10;"
            case "\r" where forAttribute: escaped += "&#13;"
            default: escaped += visible(scalar)
            }
        }
        return escaped
    }

    /// An `xs:token` attribute value: whitespace runs become one space, none at either end.
    static func token(_ text: String, limit: Int) -> String {
        attribute(text.split(whereSeparator: \.isWhitespace).joined(separator: " "), limit: limit)
    }

    /// The text itself when within `limit` characters; otherwise its head and tail, with a
    /// marker saying how much was cut.
    static func cut(_ text: String, limit: Int) -> String {
        let count = text.count
        guard count > limit else { return text }
        let kept = keptCounts(limit: limit)
        return marked(head: String(text.prefix(kept.head)), tail: String(text.suffix(kept.tail)), count: count)
    }

    /// How many characters of the head and of the tail a text longer than `limit` keeps.
    static func keptCounts(limit: Int) -> (head: Int, tail: Int) {
        let kept = max(0, limit - 80)
        return (kept / 2, kept - kept / 2)
    }

    /// The head and tail of a text of `count` characters, with the marker between them.
    static func marked(head: String, tail: String, count: Int) -> String {
        let marker = "\n[... iamspec cut \(count - head.count - tail.count) characters here ...]\n"
        return head + marker + tail
    }

    /// Text content (as ``content(_:limit:)``) of a text already cut: its head, tail and length.
    static func content(head: String, tail: String, count: Int) -> String {
        escaped(marked(head: head, tail: tail, count: count), forAttribute: false)
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
            String(scalar)
        default:
            "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
}
