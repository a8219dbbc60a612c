/// Which case runs to make: the `--filter`, `--tag` and `--profile` options.
///
/// Each option is an OR of its values; the options combine with AND. An empty option selects
/// everything: `RunSelection()` selects every case under every profile it holds for.
public struct RunSelection: Sendable, Hashable, Codable {
    /// Case id patterns; a case is selected when any matches its id.
    public var filters: [GlobPattern]
    /// Tags; a case is selected when it has any of them.
    public var tags: [String]
    /// Profiles; only these profiles of each case are run.
    public var profiles: [Profile]

    public init(filters: [GlobPattern] = [], tags: [String] = [], profiles: [Profile] = []) {
        self.filters = filters
        self.tags = tags
        self.profiles = profiles
    }

    /// Whether the case passes the id filters and the tags (profiles aside).
    public func includes(_ specCase: SpecCase) -> Bool {
        let idSelected = filters.isEmpty || filters.contains { $0.matches(specCase.id) }
        let tagSelected = tags.isEmpty || specCase.tags.contains { tags.contains($0) }
        return idSelected && tagSelected
    }

    /// The profiles of the case this selection runs, in profile order.
    public func profiles(of specCase: SpecCase) -> [Profile] {
        Set(specCase.profiles).filter { profiles.isEmpty || profiles.contains($0) }.sorted()
    }

    /// Every selected run of the cases, sorted by case id, then profile.
    public func runs(of cases: [SpecCase]) -> [CaseRun] {
        cases.filter(includes)
            .flatMap { specCase in profiles(of: specCase).map { CaseRun(specCase: specCase, profile: $0) } }
            .sorted(by: CaseRun.precedes)
    }
}
