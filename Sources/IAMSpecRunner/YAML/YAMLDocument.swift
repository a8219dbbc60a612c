import IAMSpecPlatform

/// One composed YAML document, held flat: every node in one array, every collection's children
/// in another (by node index), every scalar's text in one byte buffer.
///
/// Nodes are read through ``YAMLNode``, a document and an index; nothing else is allocated per
/// node, and a scalar becomes a `String` only when its text is read.
final class YAMLDocument: Sendable {
    /// One node: its kind, where it starts, and where its text or children are.
    struct Node: Sendable {
        enum Kind: UInt8, Sendable {
            case scalar
            case sequence
            case mapping
        }

        let kind: Kind
        /// Quoted (single or double) or block scalars are always strings; only plain ones resolve.
        let isQuoted: Bool
        /// A scalar with an explicit core tag, which gave its value: `!!float 12` is a real, though
        /// its text is written as an integer.
        var isTagged = false
        /// A scalar's type and value; `.null` for a collection.
        let value: YAMLScalarValue
        /// Where the node starts.
        private(set) var mark: YAMLMark
        /// A scalar's first byte in ``YAMLDocument/text``, or a collection's first child in
        /// ``YAMLDocument/children`` (a mapping's children are key, value pairs).
        let start: Int
        /// A scalar's bytes, a list's items, or a mapping's entries.
        let count: Int
        /// The nodes this subtree materialises, counting every alias as the full subtree it stands for.
        let weight: Int

        /// A scalar whose text is `count` bytes of the document's text from `start`.
        static func scalar(
            isQuoted: Bool,
            isTagged: Bool = false,
            value: YAMLScalarValue,
            mark: YAMLMark,
            start: Int,
            count: Int
        ) -> Node {
            Node(
                kind: .scalar,
                isQuoted: isQuoted,
                isTagged: isTagged,
                value: value,
                mark: mark,
                start: start,
                count: count,
                weight: 1
            )
        }

        /// The same node, starting elsewhere (an alias used as a mapping key).
        func moved(to mark: YAMLMark) -> Node {
            var moved = self
            moved.mark = mark
            return moved
        }
    }

    let nodes: [Node]
    /// The children of every collection, as node indices.
    let children: [Int]
    /// The text of every scalar, after unescaping and folding, as UTF-8.
    let text: [UInt8]

    init(nodes: [Node], children: [Int], text: [UInt8]) {
        self.nodes = nodes
        self.children = children
        self.text = text
    }

    /// Calls `body` with a scalar node's text.
    func withText<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let node = nodes[index]
        return text.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[node.start..<(node.start + node.count)]))
        }
    }

    /// Whether two byte strings are the same (YAML compares keys by their Unicode scalars, so
    /// bytes, never canonically as Swift's `String ==` does).
    static func sameBytes(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard one.count == other.count else { return false }
        // Keys and names are short: compared in place, without a call.
        guard one.count > 16 else {
            for position in 0..<one.count where one[position] != other[position] { return false }
            return true
        }
        return memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0
    }

    /// A scalar node's text.
    func string(of index: Int) -> String {
        withText(of: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a scalar node's text is all ASCII.
    func isASCII(_ index: Int) -> Bool {
        withText(of: index) { $0.allSatisfy { $0 < 0x80 } }
    }
}
