import IAMSpec

/// One rule of in-app message delivery, as `Specs/rules.yaml` records it.
public struct Rule: Sendable, Hashable {
    /// Stable id, `area.name`.
    public var id: String
    /// What the rule says, in one sentence.
    public var title: String
    /// Whether a seed states the rule, or the semantics notes settle it.
    public var kind: Kind
    /// The SDK generations the rule holds for.
    public var profiles: [Profile]
    /// The rule's words from each seed that states it (documented rules).
    public var quotes: [Quote]
    /// The public source that settles it (clarifications).
    public var source: String?
    /// What the rule means in iamspec's terms, if the catalogue says.
    public var note: String?
    /// The capability that gates the rule, if any (test262's `features`): every case that checks
    /// the rule needs it, so an engine that lacks it skips those cases.
    public var capability: Capability?
    /// What the rule needs beyond ``capability`` to be judged at all, when its note says why
    /// (`needs` in the catalogue): each entry a choice of capabilities, any one of which is enough
    /// (a discard of any kind; a push click or a push open). An engine that lacks every capability
    /// of an entry is rightly not judged on the rule; no case is skipped for it.
    public var needs: [[Capability]]
    /// Whether Braze's other platforms follow the rule, if the catalogue says.
    public var platforms: Platforms?
    /// Where the rule is written in the catalogue.
    public var location: SourceLocation

    /// A rule made in code, as the loader makes one from the catalogue.
    public init(
        id: String,
        title: String,
        kind: Kind,
        profiles: [Profile] = Profile.allCases,
        quotes: [Quote] = [],
        source: String? = nil,
        note: String? = nil,
        capability: Capability? = nil,
        needs: [[Capability]] = [],
        platforms: Platforms? = nil,
        location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.profiles = profiles
        self.quotes = quotes
        self.source = source
        self.note = note
        self.capability = capability
        self.needs = needs
        self.platforms = platforms
        self.location = location
    }

    /// The rule area: the part of the id before the first `.`.
    public var area: String {
        String(id.prefix { $0 != "." })
    }

    /// Whether a seed states the rule or the semantics notes settle it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A seed states the rule; ``Rule/quotes`` holds its words.
        case documented
        /// No seed states it; the semantics notes settle it, and ``Rule/source`` names their public source.
        case clarification
    }

    /// Whether Braze's other platforms follow a rule written for the iOS SDKs (Specs/README.md,
    /// "Platforms").
    public struct Platforms: Sendable, Hashable {
        /// Whether the Braze Web SDK follows the rule.
        public var web: Verdict
        /// The code that shows it, or what else is known; always given for a difference.
        public var note: String?

        /// The Web SDK's `web` verdict, with its `note`.
        public init(web: Verdict, note: String? = nil) {
            self.web = web
            self.note = note
        }

        /// Whether a platform follows a rule.
        public enum Verdict: String, Sendable, Hashable, CaseIterable {
            /// It does what the rule says.
            case follows
            /// It does otherwise by design; the note shows the code.
            case differs
            /// Not compared with its code.
            case unknown
        }
    }

    /// A rule's words as one seed states them.
    public struct Quote: Sendable, Hashable {
        /// The seed file's name.
        public var seed: String
        /// The seed's language, as a BCP 47 code (`en`, `de`, `ja`, `ko`, `pt`).
        public var language: String
        /// The rule's words, verbatim, in the seed's language.
        public var text: String
        /// An English translation, for a quote in another language.
        public var translation: String?

        /// The words `text` of the seed `seed`, in `language`, with their English `translation` if any.
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
    /// Every rule, in catalogue order.
    public var rules: [Rule] {
        didSet {
            positions = Self.positions(of: rules)
            limitedProfiles = Self.limitedProfiles(of: rules)
        }
    }
    private var positions: [String: Int]
    /// For each rule, in catalogue order, the profiles it holds for when it does not hold for all.
    private var limitedProfiles: [[Profile]?]

    /// A catalogue of `rules`; the first of two rules with the same id is the one found.
    public init(rules: [Rule] = []) {
        self.rules = rules
        self.positions = Self.positions(of: rules)
        self.limitedProfiles = Self.limitedProfiles(of: rules)
    }

    /// The rule with this id, if the catalogue has it.
    public func rule(_ id: String) -> Rule? {
        positions[id].map { rules[$0] }
    }

    /// The catalogue's own copy of a rule id it has, without copying the rule: what a case holds,
    /// one string for each rule however many cases cite it; with the profiles the rule holds for
    /// when it does not hold for all of them (nil for most rules): a case that runs under another
    /// profile may not name it.
    package func sharedIDAndLimitedProfiles(_ id: String) -> (id: String, profiles: [Profile]?)? {
        positions[id].map { (rules[$0].id, limitedProfiles[$0]) }
    }

    private static func limitedProfiles(of rules: [Rule]) -> [[Profile]?] {
        rules.map { rule in Profile.allCases.allSatisfy(rule.profiles.contains) ? nil : rule.profiles }
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
