/// What a failed run found different: the rules of the `expect` step that failed (its own
/// `rules`, or the case's), and the shape of the mismatch.
public struct Difference: Sendable, Hashable, Codable {
    /// The ids of the rules the failing step checks: the run's failure is filed under them.
    public var rules: [String]
    /// The mismatch's shape, the same for every run that differs the same way:
    /// `sequence: an unexpected displayed`, `stack: a different stack`, ...
    public var mismatch: String

    /// A difference under these rules, of this shape.
    public init(rules: [String], mismatch: String) {
        self.rules = rules
        self.mismatch = mismatch
    }
}
