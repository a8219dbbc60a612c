import IAMSpec

/// One rule of in-app message delivery, as `Specs/rules.yaml` records it.
public struct Rule: Sendable, Hashable {
    /// Stable id, `area.name`.
    public var id: String
    public var title: String
    public var kind: Kind
    public var profiles: [Profile]
    /// The rule's words from each seed that states it (documented rules).
    public var quotes: [Quote]
    /// The public source that settles it (clarifications).
    public var source: String?
    public var note: String?
    public var location: SourceLocation

    public init(
        id: String,
        title: String,
        kind: Kind,
        profiles: [Profile] = Profile.allCases,
        quotes: [Quote] = [],
        source: String? = nil,
        note: String? = nil,
        location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.profiles = profiles
        self.quotes = quotes
        self.source = source
        self.note = note
        self.location = location
    }

    /// The rule area: the part of the id before the first `.`.
    public var area: String {
        String(id.prefix { $0 != "." })
    }

    /// Whether a seed states the rule or the semantics notes settle it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case documented
        case clarification
    }

    /// A rule's words as one seed states them.
    public struct Quote: Sendable, Hashable {
        /// The seed file's name.
        public var seed: String
        /// The seed's language, as a BCP 47 code (`en`, `de`, `ja`, `ko`, `pt`).
        public var language: String
        public var text: String
        /// An English translation, for a quote in another language.
        public var translation: String?

        public init(seed: String, language: String, text: String, translation: String? = nil) {
            self.seed = seed
            self.language = language
            self.text = text
            self.translation = translation
        }
    }
}

/// The rules of the suite, in catalogue order, found by id in constant time.
public struct RuleCatalogue: Sendable {
    public var rules: [Rule] {
        didSet { positions = Self.positions(of: rules) }
    }
    private var positions: [String: Int]

    public init(rules: [Rule] = []) {
        self.rules = rules
        self.positions = Self.positions(of: rules)
    }

    /// The rule with this id, if the catalogue has it.
    public func rule(_ id: String) -> Rule? {
        positions[id].map { rules[$0] }
    }

    /// The position of each id's first rule.
    private static func positions(of rules: [Rule]) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (position, rule) in rules.enumerated() where positions[rule.id] == nil {
            positions[rule.id] = position
        }
        return positions
    }
}
