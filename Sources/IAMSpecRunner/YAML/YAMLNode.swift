/// A node of a composed YAML document, with the place it starts in the source: a position in a
/// ``YAMLDocument``.
///
/// Nodes are shared, not copied: an alias (`*name`) is the very node its anchor (`&name`) marks.
struct YAMLNode: Sendable {
    let document: YAMLDocument
    /// The node's position in the document's nodes.
    let index: Int

    /// What a node holds.
    enum Content {
        case scalar(YAMLScalar)
        case sequence(YAMLSequence)
        case mapping(YAMLMapping)
    }

    private var node: YAMLDocument.Node { document.nodes[index] }

    /// Where the node starts.
    var mark: YAMLMark { node.mark }

    var content: Content {
        let node = self.node
        switch node.kind {
        case .scalar: return .scalar(YAMLScalar(document: document, index: index))
        case .sequence: return .sequence(YAMLSequence(document: document, start: node.start, count: node.count))
        case .mapping: return .mapping(YAMLMapping(document: document, start: node.start, count: node.count))
        }
    }

    var scalar: YAMLScalar? {
        node.kind == .scalar ? YAMLScalar(document: document, index: index) : nil
    }

    var sequence: YAMLSequence? {
        let node = self.node
        return node.kind == .sequence ? YAMLSequence(document: document, start: node.start, count: node.count) : nil
    }

    var mapping: YAMLMapping? {
        let node = self.node
        return node.kind == .mapping ? YAMLMapping(document: document, start: node.start, count: node.count) : nil
    }

    /// Whether the node is an empty plain scalar (an empty value or an empty document).
    var isEmptyNull: Bool {
        let node = self.node
        return node.kind == .scalar && node.value == .null && node.count == 0 && !node.isQuoted
    }

    /// The node as a diagnostic describes what it found: `string "30"`, `integer 30`, `a mapping`.
    var summary: String {
        switch node.kind {
        case .scalar: YAMLScalar(document: document, index: index).summary
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
