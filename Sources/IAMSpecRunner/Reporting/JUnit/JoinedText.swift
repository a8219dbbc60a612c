/// A text node of a JUnit report made piece by piece: the pieces joined by line breaks, keeping
/// only what ``XMLText/content(_:limit:)`` shows of the whole (all of it within the limit; else
/// its head, its tail and its length), so a suite's `<system-out>` takes bounded memory however
/// many runs it has.
struct JoinedText {
    private let limit: Int
    private let kept: (head: Int, tail: Int)
    /// The whole text, while it is within the limit.
    private var whole = ""
    /// Once past the limit: the first characters, and (at least) the last ones, never fewer than
    /// one (a piece's first character may join the text's last into one character).
    private var head = ""
    private var tail = ""
    private var isCut = false
    /// Characters in the whole text.
    private var count = 0
    private var isEmpty = true

    init(limit: Int) {
        self.limit = limit
        self.kept = XMLText.keptCounts(limit: limit)
    }

    /// Adds a piece, after a line break unless it is the first.
    mutating func append(_ piece: String) {
        let added = isEmpty ? piece : "\n" + piece
        isEmpty = false
        count += added.count - (mergesAcrossBoundary(isCut ? tail : whole, added) ? 1 : 0)
        if isCut {
            tail += added
            if tail.utf8.count > 4 * kept.tail + 65_536 {
                tail = String(tail.suffix(max(kept.tail, 1)))
            }
        } else {
            whole += added
            if count > limit {
                isCut = true
                head = String(whole.prefix(kept.head))
                tail = String(whole.suffix(max(kept.tail, 1)))
                whole = ""
            }
        }
    }

    /// The text node's content, escaped.
    var content: String {
        guard isCut else { return XMLText.content(whole, limit: limit) }
        return XMLText.content(head: head, tail: String(tail.suffix(kept.tail)), count: count)
    }

    /// Whether the last character of `text` and the first of `next` make one character together
    /// (`\r` and `\n`, a letter and a combining mark): the joined text has one fewer.
    private func mergesAcrossBoundary(_ text: String, _ next: String) -> Bool {
        guard let last = text.last, let first = next.first else { return false }
        return (String(last) + String(first)).count == 1
    }
}
