import IAMSpecRunner

/// A seed document as a page of the site (written when `iamspec docs --seeds DIR` gives its
/// text): the text line by line, as written (the text is data: nothing in it is read as markup),
/// with each passage a rule quotes marked and an anchor where it starts, to which the quote links.
///
/// A passage is found as the quote check finds it (Specs/README.md, "The rule catalogue"):
/// characters compared canonically (as Unicode NFC), each run of whitespace as one space, so a
/// quote that joins the lines of a paragraph is found across them. Quotes that overlap are
/// marked together, each with its own anchor.
struct SeedPage: Sendable {
    /// A run of a line's text, quoted or not, with the anchors of the quotes that start at it.
    struct Segment: Sendable, Hashable {
        var text: String
        var isQuoted: Bool
        var anchors: [String]
    }

    /// The seed's file name.
    var file: String
    /// The page's file name, without extension (through ``DerivedFileNames``).
    var pageName: String
    /// The text's lines, each as segments; a blank line has none.
    var lines: [[Segment]]
    /// The anchor of each quote's passage (by the quote's text), for the quotes found.
    private var anchorOfQuote: [String: String]

    /// The page of the seed `file`, whose text is `text`, with the passages of `quotes` marked.
    init(file: String, pageName: String, text: String, quotes: [String]) {
        self.file = file
        self.pageName = pageName
        let characters = Array(text)
        var quoted = Array(repeating: false, count: characters.count)
        var anchorsAt: [Int: [String]] = [:]
        var anchorOfQuote: [String: String] = [:]
        let searchable = Self.collapsed(characters)
        for quote in quotes where anchorOfQuote[quote] == nil {
            let wanted = Self.collapsed(Array(quote)).map(\.character)
            guard let range = Self.find(wanted, in: searchable) else { continue }
            let anchor = Self.anchor(for: quote)
            anchorOfQuote[quote] = anchor
            if anchorsAt[range.lowerBound]?.contains(anchor) != true {
                anchorsAt[range.lowerBound, default: []].append(anchor)
            }
            for index in range { quoted[index] = true }
        }
        self.anchorOfQuote = anchorOfQuote
        self.lines = Self.lines(of: characters, quoted: quoted, anchorsAt: anchorsAt)
    }

    /// The anchor of the quote's passage, or nil when the text does not hold it.
    func anchor(ofQuote quote: String) -> String? {
        anchorOfQuote[quote]
    }

    /// How many distinct passages are marked.
    var markedCount: Int {
        Set(anchorOfQuote.values).count
    }

    /// `quote-` and a hash of the quote's words, whitespace collapsed: the same for the same
    /// words wherever they are quoted.
    static func anchor(for quote: String) -> String {
        let words = String(collapsed(Array(quote)).map(\.character))
        return "quote-" + DerivedFileNames.hash(of: words)
    }

    /// The characters with each run of whitespace as one space and none at either end, each
    /// with the position in `characters` where it (or its run) starts.
    private static func collapsed(_ characters: [Character]) -> [(character: Character, position: Int)] {
        var result: [(character: Character, position: Int)] = []
        var pendingSpace: Int?
        for (position, character) in characters.enumerated() {
            if character.isWhitespace {
                if pendingSpace == nil { pendingSpace = position }
                continue
            }
            if let space = pendingSpace, !result.isEmpty { result.append((" ", space)) }
            pendingSpace = nil
            result.append((character, position))
        }
        return result
    }

    /// The positions in the original characters of the first occurrence of `wanted`.
    private static func find(
        _ wanted: [Character],
        in text: [(character: Character, position: Int)]
    ) -> Range<Int>? {
        guard let first = wanted.first, wanted.count <= text.count else { return nil }
        for start in 0...(text.count - wanted.count) where text[start].character == first {
            var matched = 1
            while matched < wanted.count && text[start + matched].character == wanted[matched] { matched += 1 }
            if matched == wanted.count {
                return text[start].position..<(text[start + wanted.count - 1].position + 1)
            }
        }
        return nil
    }

    /// The characters split into lines (at each line break), each line into segments where the
    /// quoted state changes or an anchor starts; a line's indentation is never marked.
    private static func lines(
        of characters: [Character],
        quoted: [Bool],
        anchorsAt: [Int: [String]]
    ) -> [[Segment]] {
        var lines: [[Segment]] = []
        var line: [Segment] = []
        for (position, character) in characters.enumerated() {
            if character.isNewline {
                lines.append(line)
                line = []
                continue
            }
            let anchors = anchorsAt[position] ?? []
            let isIndentation = character.isWhitespace && line.allSatisfy { $0.text.allSatisfy(\.isWhitespace) }
            let isQuoted = quoted[position] && !isIndentation
            if let last = line.last, last.isQuoted == isQuoted, anchors.isEmpty {
                line[line.count - 1].text.append(character)
            } else {
                line.append(Segment(text: String(character), isQuoted: isQuoted, anchors: anchors))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { segments in
            segments.allSatisfy { $0.text.allSatisfy(\.isWhitespace) && $0.anchors.isEmpty } ? [] : segments
        }
    }
}
