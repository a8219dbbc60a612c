/// A YAML mapping: its entries in source order, and an index from key text (compared scalar by
/// scalar, as YAML does: ``YAMLKeyText``) to entry.
struct YAMLMapping: Sendable {
    /// One key/value pair.
    struct Entry: Sendable {
        let key: YAMLNode
        /// The key's text (keys are scalars; a non-scalar key is a diagnostic when composing).
        let name: String
        let value: YAMLNode
    }

    let entries: [Entry]
    private let index: [YAMLKeyText: Int]

    /// Entries must have distinct names (the composer reports and drops duplicates).
    init(entries: [Entry], index: [YAMLKeyText: Int]) {
        self.entries = entries
        self.index = index
    }

    /// The entry for a key, found without scanning.
    func entry(_ name: String) -> Entry? {
        guard let position = index[YAMLKeyText(name)] else { return nil }
        return entries[position]
    }

    /// The value for a key, found without scanning.
    subscript(name: String) -> YAMLNode? {
        entry(name)?.value
    }
}
