/// The keys a mapping may hold, in the order a diagnostic lists them, with O(1) membership.
struct KeySet: Sendable {
    let names: [String]
    private let members: Set<String>

    init(_ names: [String]) {
        self.names = names
        self.members = Set(names)
    }

    func contains(_ name: String) -> Bool {
        members.contains(name)
    }

    /// `a, b, c`, for "expected one of" messages.
    var listing: String {
        names.joined(separator: ", ")
    }
}
