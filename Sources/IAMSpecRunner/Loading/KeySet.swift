/// The keys a mapping may hold, in the order a diagnostic lists them.
///
/// Membership compares bytes (Unicode scalars, as YAML compares keys), by a scan: sets hold
/// at most a few dozen names.
struct KeySet: Sendable {
    let names: [String]

    init(_ names: [String]) {
        self.names = names
    }

    func contains(_ name: String) -> Bool {
        names.contains { YAMLDocument.sameUTF8($0, name) }
    }

    /// Whether the key node's text is one of the names, compared without making a `String`.
    func contains(key node: YAMLNode) -> Bool {
        names.contains { node.document.textOf(node.index, equals: $0) }
    }

    /// `a, b, c`, for "expected one of" messages.
    var listing: String {
        names.joined(separator: ", ")
    }
}
