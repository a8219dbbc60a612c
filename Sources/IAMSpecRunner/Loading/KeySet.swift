/// The keys a mapping may hold, in the order a diagnostic lists them, with O(1) membership
/// (by Unicode scalars, as YAML compares keys: ``YAMLKeyText``).
struct KeySet: Sendable {
    let names: [String]
    private let members: Set<YAMLKeyText>

    init(_ names: [String]) {
        self.names = names
        self.members = Set(names.map(YAMLKeyText.init))
    }

    func contains(_ name: String) -> Bool {
        members.contains(YAMLKeyText(name))
    }

    /// `a, b, c`, for "expected one of" messages.
    var listing: String {
        names.joined(separator: ", ")
    }
}
