/// A mapping key's text, equal to another only when their Unicode scalars are the same.
///
/// YAML compares keys by their characters as written: `café` spelled with U+00E9 and spelled
/// `e` + U+0301 are two keys. Swift's `String ==` compares canonical equivalence and would call
/// them one, so mappings are indexed, and duplicate keys found, by this type instead.
struct YAMLKeyText: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: YAMLKeyText, rhs: YAMLKeyText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var contiguous = text
        contiguous.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
