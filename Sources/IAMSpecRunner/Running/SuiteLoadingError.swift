/// Thrown when the spec paths hold problems: the suite is not run at all.
public struct SuiteLoadingError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, sorted by location.
    public var diagnostics: [Diagnostic]

    package init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One `path:line:col: error: ...` line per problem.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
