/// Everything loaded from a set of spec paths: the cases, the rule catalogue, and every problem found.
public struct LoadedSuite: Sendable {
    /// The valid cases, sorted by id.
    public var cases: [SpecCase]
    /// The rule catalogue (`rules.yaml` found at the root of a loaded folder), empty when none was found.
    public var rules: RuleCatalogue
    /// Every problem in every file, sorted by location. The suite is usable only when this is empty.
    public var diagnostics: [Diagnostic]
}

/// Loads spec files and folders.
public enum SuiteLoader {
    /// Loads every `*.yaml` file below each path (a file or a folder), reporting all problems.
    public static func load(paths: [String]) -> LoadedSuite {
        fatalError("SuiteLoader.load(paths:) is written by the loader work")
    }
}
