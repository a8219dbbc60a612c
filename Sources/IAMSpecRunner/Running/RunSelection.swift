import IAMSpec

/// Which case runs to make: the `--filter`, `--tag`, `--tags`, `--profile` and `--shard` options.
///
/// Each repeatable option is an OR of its values; the options combine with AND. An empty option
/// selects everything: `RunSelection()` selects every case under every profile it holds for.
public struct RunSelection: Sendable, Hashable, Codable {
    /// Case id patterns; a case is selected when any matches its id.
    public var filters: [GlobPattern]
    /// Tags; a case is selected when it has any of them.
    public var tags: [String]
    /// Profiles; only these profiles of each case are run.
    public var profiles: [Profile]
    /// A boolean expression the case's tags must satisfy; nil selects every case.
    public var tagExpression: TagExpression?
    /// The share of the cases to run; nil runs them all.
    public var shard: Shard?

    public init(
        filters: [GlobPattern] = [],
        tags: [String] = [],
        profiles: [Profile] = [],
        tagExpression: TagExpression? = nil,
        shard: Shard? = nil
    ) {
        self.filters = filters
        self.tags = tags
        self.profiles = profiles
        self.tagExpression = tagExpression
        self.shard = shard
    }

    enum CodingKeys: String, CodingKey {
        case filters
        case tags
        case profiles
        case tagExpression = "tag_expression"
        case shard
    }

    /// Whether the case passes the id filters, the tags, the tag expression and the shard
    /// (profiles aside).
    package func includes(_ specCase: SpecCase) -> Bool {
        let idSelected = filters.isEmpty || filters.contains { $0.matches(specCase.id) }
        let tagSelected = tags.isEmpty || specCase.tags.contains { tags.contains($0) }
        let expressionSelected = tagExpression?.matches(tags: specCase.tags) ?? true
        let shardSelected = shard?.contains(caseID: specCase.id) ?? true
        return idSelected && tagSelected && expressionSelected && shardSelected
    }

    /// The profiles of the case this selection runs, in profile order.
    package func profiles(of specCase: SpecCase) -> [Profile] {
        Set(specCase.profiles).filter { profiles.isEmpty || profiles.contains($0) }.sorted()
    }

    /// Every selected run of the cases, sorted by case id, then profile; each run refers to its
    /// case by index, so no case is copied.
    package func runs(of cases: [SpecCase]) -> [CaseRun] {
        // Cases are sorted through their indices: swapping whole cases would copy them.
        let order = cases.indices.filter { includes(cases[$0]) }.sorted { cases[$0].id < cases[$1].id }
        let shared = SelectedCases(cases)
        var runs: [CaseRun] = []
        runs.reserveCapacity(order.count)
        for index in order {
            for profile in profiles(of: cases[index]) {
                runs.append(CaseRun(cases: shared, caseIndex: index, profile: profile))
            }
        }
        return runs
    }
}
