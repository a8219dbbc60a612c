/// A YAML mapping: its entries in source order, keys distinct (the composer reports and drops
/// a repeated key). Keys are compared by their Unicode scalars (their UTF-8 bytes), as YAML
/// compares them, never canonically as Swift's `String ==` does: `café` spelled with U+00E9 and
/// spelled `e` + U+0301 are two keys.
///
/// Mappings in cases have a handful of keys: a key is found by a linear scan of the bytes.
struct YAMLMapping: Sendable {
    /// One key/value pair.
    struct Entry: Sendable {
        /// The key node (a scalar: a non-scalar key is a diagnostic when composing).
        let key: YAMLNode
        let value: YAMLNode

        /// The key's text.
        var name: String { key.document.string(of: key.index) }
    }

    /// The entries, in source order: the mapping's children read two at a time, a key and its
    /// value.
    struct Entries: RandomAccessCollection, Sendable {
        let children: YAMLSequence

        var startIndex: Int { 0 }
        var endIndex: Int { children.count / 2 }

        subscript(position: Int) -> Entry {
            Entry(key: children[2 * position], value: children[2 * position + 1])
        }
    }

    let document: YAMLDocument
    /// The first entry's key in the document's children (then its value, then the next key).
    let start: Int
    /// The number of entries.
    let count: Int

    var entries: Entries { Entries(children: YAMLSequence(document: document, start: start, count: 2 * count)) }

    /// The entry for a key.
    func entry(_ name: StaticString) -> Entry? {
        position(ofKey: name).map { entries[$0] }
    }

    /// The position of the entry whose key is the name. The names a decoder asks for are written in
    /// its source: read as a `StaticString`'s bytes, not a `String` copied to reach them (a retain
    /// and a release per lookup, 1.6 M instructions on the generated 1,000-case suite).
    private func position(ofKey name: StaticString) -> Int? {
        positionOfKey(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// The position of the entry whose key is these bytes.
    private func positionOfKey(_ wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        document.nodes.withUnsafeBufferPointer { nodes -> Int? in
            document.children.withUnsafeBufferPointer { children -> Int? in
                document.text.withUnsafeBufferPointer { text -> Int? in
                    for position in 0..<count {
                        let key = nodes[children[start + 2 * position]]
                        guard key.count == wanted.count else { continue }
                        let bytes = UnsafeBufferPointer(rebasing: text[key.start..<(key.start + key.count)])
                        if YAMLDocument.sameBytes(bytes, wanted) { return position }
                    }
                    return nil
                }
            }
        }
    }

    /// The value for a key.
    subscript(name: StaticString) -> YAMLNode? {
        position(ofKey: name).map { YAMLNode(document: document, index: document.children[start + 2 * $0 + 1]) }
    }
}
