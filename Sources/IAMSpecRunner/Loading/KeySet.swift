/// The keys a mapping may hold, in the order a diagnostic lists them.
///
/// Membership compares UTF-8 bytes (Unicode scalars, as YAML compares keys), by a scan over the
/// names' bytes kept beside them: sets hold at most a few dozen names, and a key is read
/// without making a `String`.
struct KeySet: Sendable {
    let names: [String]
    /// Each name's UTF-8.
    private let utf8: [[UInt8]]

    init(_ names: [String]) {
        self.names = names
        self.utf8 = names.map { Array($0.utf8) }
    }

    /// Whether the key node's text (a scalar's) is one of the names.
    func contains(key node: YAMLNode) -> Bool {
        position(of: node) != nil
    }

    /// The position in ``names`` of the key node's text (a scalar's), when it is one of them.
    func position(of node: YAMLNode) -> Int? {
        node.document.withText(of: node.index) { bytes in
            utf8.firstIndex { name in
                name.count == bytes.count && name.withUnsafeBufferPointer { YAMLDocument.sameBytes($0, bytes) }
            }
        }
    }

    /// `a, b, c`, for "expected one of" messages.
    var listing: String {
        names.joined(separator: ", ")
    }
}
