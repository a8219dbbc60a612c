/// A node of a composed YAML document, with the place it starts in the source.
///
/// Nodes are shared, not copied: an alias (`*name`) is the very node its anchor (`&name`) marks.
final class YAMLNode: Sendable {
    /// Where the node starts.
    let mark: YAMLMark
    let content: Content
    /// The nodes this subtree materialises, counting every alias as the full subtree it stands for.
    let weight: Int

    /// What a node holds.
    enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping(YAMLMapping)
    }

    init(mark: YAMLMark, content: Content, weight: Int) {
        self.mark = mark
        self.content = content
        self.weight = weight
    }

    var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { scalar } else { nil }
    }

    var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { items } else { nil }
    }

    var mapping: YAMLMapping? {
        if case .mapping(let mapping) = content { mapping } else { nil }
    }

    /// Whether the node is an empty plain scalar (an empty value or an empty document).
    var isEmptyNull: Bool {
        guard let scalar else { return false }
        return scalar.value == .null && scalar.text.isEmpty && !scalar.isQuoted
    }

    /// The node as a diagnostic describes what it found: `string "30"`, `integer 30`, `a mapping`.
    var summary: String {
        switch content {
        case .scalar(let scalar): scalar.summary
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
