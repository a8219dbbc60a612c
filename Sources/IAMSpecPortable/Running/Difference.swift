/// What a failed run found different: the rules of the `expect` step that failed (its own
/// `rules` or `setup`, or the case's), the shape of the mismatch, and the case's rules it left
/// unchecked when that step only set the case up.
public struct Difference: Sendable, Hashable, Codable {
    /// The ids of the rules the failing step checks: the run's failure is filed under them.
    public var rules: [String]
    /// The mismatch's shape, the same for every run that differs the same way:
    /// `sequence: an unexpected displayed`, `stack: a different stack`, ...
    public var mismatch: String
    /// When the failing step only checks the state the case sets up (`setup`): the case's rules
    /// that the steps after it check, never checked. The run is *blocked* for them, not failed.
    /// Empty otherwise.
    public var blocked: [String]

    /// A difference under these rules, of this shape, blocking these rules of the case.
    public init(rules: [String], mismatch: String, blocked: [String] = []) {
        self.rules = rules
        self.mismatch = mismatch
        self.blocked = blocked
    }

    private enum CodingKeys: String, CodingKey {
        case rules
        case mismatch
        case blocked
    }

    /// Reads a difference as a results stream records it; `blocked` may be left out (none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rules: try container.decode([String].self, forKey: .rules),
            mismatch: try container.decode(String.self, forKey: .mismatch),
            blocked: try container.decodeIfPresent([String].self, forKey: .blocked) ?? []
        )
    }

    /// Writes the difference as a results stream records it, `blocked` only when the run is
    /// blocked.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rules, forKey: .rules)
        try container.encode(mismatch, forKey: .mismatch)
        if !blocked.isEmpty { try container.encode(blocked, forKey: .blocked) }
    }
}
