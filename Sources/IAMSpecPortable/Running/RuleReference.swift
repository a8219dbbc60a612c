/// A rule a case checks, with where the rule comes from, as results record it.
///
/// The results stream records the id and the sources; the title and the quoted line are for the
/// console's failure report, which is made from the run's results in memory.
public struct RuleReference: Sendable, Hashable, Codable {
    /// The rule's id, `area.name`.
    public var id: String
    /// Where the rule is stated: `seed NAME (LANGUAGE)` for each quote of a documented rule,
    /// or the public source of a clarification. Empty when the catalogue does not know the rule.
    public var sources: [String]
    /// The rule's title; empty when the catalogue does not know the rule.
    public var title: String
    /// One line of the rule's words: the first quote's first line (its English translation when
    /// it is not English), after its source (`seed 003 (en): "..."`), or a clarification's source.
    public var quotedLine: String

    /// A reference to the rule `id`, with what the console's failure report shows of it; a
    /// results stream records only `id` and `sources`.
    public init(id: String, sources: [String] = [], title: String = "", quotedLine: String = "") {
        self.id = id
        self.sources = sources
        self.title = title
        self.quotedLine = quotedLine
    }

    package enum CodingKeys: String, CodingKey {
        case id
        case sources
    }

    /// Reads a reference as a results stream records it: the id and the sources, with no title
    /// or quoted line.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            sources: try container.decode([String].self, forKey: .sources)
        )
    }

    /// The rule area: the part of the id before the first `.`.
    public var area: String {
        String(id.prefix { $0 != "." })
    }
}
