/// Text of a limited length for XML 1.0 report files, escaped by `QuotedText`.
///
/// Text longer than a limit keeps its head and tail with a marker between, so no text node
/// approaches the 10 MB that libxml2-based readers refuse.
enum XMLText {
    /// Text content of several lines (`QuotedText.xmlLines(_:)`), cut at `limit` characters.
    static func content(_ text: String, limit: Int) -> String {
        QuotedText.xmlLines(cut(text, limit: limit))
    }

    /// An attribute value of one line, to be written between double quotes
    /// (`QuotedText.xml(_:)`: a line break or tab shows as `⏎` or `\t`), cut at `limit`.
    static func attribute(_ text: String, limit: Int) -> String {
        QuotedText.xml(cut(text, limit: limit))
    }

    /// An `xs:token` attribute value: ``attribute(_:limit:)``, its runs of spaces made one, none
    /// at either end.
    static func token(_ text: String, limit: Int) -> String {
        let value = attribute(text, limit: limit)
        // A value with no space at either end and none after another (an id, a class name) is a
        // token already.
        let bytes = value.utf8
        let space = UInt8(ascii: " ")
        guard
            bytes.first == space || bytes.last == space
                || zip(bytes, bytes.dropFirst()).contains(where: { $0 == space && $1 == space })
        else { return value }
        return value.split(separator: " ").joined(separator: " ")
    }

    /// The text itself when within `limit` characters; otherwise its head and tail, with a
    /// marker saying how much was cut.
    static func cut(_ text: String, limit: Int) -> String {
        // No more characters than bytes: most text is within the limit without counting them.
        guard text.utf8.count > limit else { return text }
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
        QuotedText.xmlLines(marked(head: head, tail: tail, count: count))
    }
}
