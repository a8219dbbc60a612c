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

    /// A selection; each option left out selects everything.
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

    /// Whether it selects every run of the suite: no option narrows it.
    package var selectsEveryRun: Bool {
        filters.isEmpty && tags.isEmpty && profiles.isEmpty && tagExpression == nil && shard == nil
    }

    package enum CodingKeys: String, CodingKey {
        case filters
        case tags
        case profiles
        case tagExpression = "tag_expression"
        case shard
    }
}
