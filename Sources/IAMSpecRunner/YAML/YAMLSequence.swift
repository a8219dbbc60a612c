/// The items of a YAML list, in source order: a range of a ``YAMLDocument``'s children.
struct YAMLSequence: RandomAccessCollection, Sendable {
    let document: YAMLDocument
    /// The first item's position in the document's children.
    let start: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "YAMLSequence index out of range")
        return YAMLNode(document: document, index: document.children[start + position])
    }
}
