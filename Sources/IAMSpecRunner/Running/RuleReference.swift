/// A rule a case checks, with where the rule comes from, as results record it.
public struct RuleReference: Sendable, Hashable, Codable {
    /// The rule's id, `area.name`.
    public var id: String
    /// Where the rule is stated: `seed NAME (LANGUAGE)` for each quote of a documented rule,
    /// or the public source of a clarification. Empty when the catalogue does not know the rule.
    public var sources: [String]

    public init(id: String, sources: [String] = []) {
        self.id = id
        self.sources = sources
    }

    /// The reference to a rule id, with its sources from the catalogue.
    public init(id: String, catalogue: RuleCatalogue) {
        guard let rule = catalogue.rule(id) else {
            self.init(id: id)
            return
        }
        let quoted = rule.quotes.map { "seed \($0.seed) (\($0.language))" }
        self.init(id: id, sources: quoted + (rule.source.map { [$0] } ?? []))
    }

    /// The rule area: the part of the id before the first `.`.
    public var area: String {
        String(id.prefix { $0 != "." })
    }
}
