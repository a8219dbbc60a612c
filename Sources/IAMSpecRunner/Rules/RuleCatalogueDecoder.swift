import IAMSpec

/// Decodes `rules.yaml`: one document, a list of rules, each checked key by key.
struct RuleCatalogueDecoder {
    static let ruleKeys = KeySet([
        "id", "title", "kind", "profiles", "quotes", "source", "note", "capability", "needs", "platforms",
    ])
    static let platformKeys = KeySet(["web", "note"])
    static let quoteKeys = KeySet(["seed", "language", "text", "translation"])

    private(set) var reader: NodeReader
    private var firstMarks: [String: YAMLMark] = [:]

    init(file: String) {
        reader = NodeReader(file: file)
    }

    /// The rules of the composed documents; problems go to ``reader``'s diagnostics.
    mutating func decode(_ documents: [YAMLNode]) -> RuleCatalogue {
        guard let items = reader.catalogueList(documents, of: "rules", in: "the rule catalogue") else {
            return RuleCatalogue()
        }
        return RuleCatalogue(rules: items.compactMap { rule($0) })
    }

    private mutating func rule(_ node: YAMLNode) -> Rule? {
        let problemsBefore = reader.diagnostics.count
        guard let mapping = reader.mapping(node, for: "a rule") else { return nil }
        reader.checkKeys(mapping, Self.ruleKeys, in: "a rule")
        let id = reader.required("id", of: mapping, in: "a rule", at: node).flatMap { ruleID($0) }
        let title = reader.required("title", of: mapping, in: "a rule", at: node).flatMap {
            reader.nonEmptyString($0, for: "'title'")
        }
        let kind: Rule.Kind? = reader.required("kind", of: mapping, in: "a rule", at: node).flatMap {
            reader.choice($0, for: "'kind'")
        }
        var profiles = Profile.allCases
        if let value = mapping["profiles"], let items = reader.list(value, for: "'profiles'", nonEmpty: true) {
            profiles = items.compactMap { reader.choice($0, for: "a profile in 'profiles'") }
        }
        var quotes: [Rule.Quote] = []
        if let value = kind == .documented
            ? reader.required("quotes", of: mapping, in: "a documented rule", at: node) : mapping["quotes"],
            let items = reader.list(value, for: "'quotes'", nonEmpty: true)
        {
            quotes = items.compactMap { quote($0) }
        }
        var source: String?
        if let value = kind == .clarification
            ? reader.required("source", of: mapping, in: "a clarification", at: node) : mapping["source"]
        {
            source = reader.nonEmptyString(value, for: "'source'")
            if let source { checkCitations(in: source, at: value) }
        }
        let note = mapping["note"].flatMap { reader.string($0, for: "'note'") }
        let capability: Capability? = mapping["capability"].flatMap { reader.choice($0, for: "'capability'") }
        let needs = mapping["needs"].flatMap { self.needs($0) } ?? []
        let platforms = mapping["platforms"].flatMap { self.platforms($0) }
        guard reader.diagnostics.count == problemsBefore, let id, let title, let kind else { return nil }
        return Rule(
            id: id,
            title: title,
            kind: kind,
            profiles: profiles,
            quotes: quotes,
            source: source,
            note: note,
            capability: capability,
            needs: needs,
            platforms: platforms,
            location: reader.location(of: node)
        )
    }

    /// Reports each citation of code in `text` that does not name its repository, version or
    /// commit, file and function (``CodeCitation``), at the scalar `node`.
    private mutating func checkCitations(in text: String, at node: YAMLNode) {
        for problem in CodeCitation.problems(in: text) {
            reader.report("a source that cites code must name what it read: \(problem)", at: node)
        }
    }

    /// `needs`: a non-empty list, each entry a capability or a non-empty list of capabilities (any one enough).
    private mutating func needs(_ node: YAMLNode) -> [[Capability]]? {
        guard let entries = reader.list(node, for: "'needs'", nonEmpty: true) else { return nil }
        var needs: [[Capability]] = []
        for entry in entries {
            if entry.sequence != nil {
                guard let choices = reader.list(entry, for: "an entry of 'needs'", nonEmpty: true) else { continue }
                let capabilities: [Capability] = choices.compactMap {
                    reader.choice($0, for: "a capability in an entry of 'needs'")
                }
                if capabilities.count == choices.count { needs.append(capabilities) }
            } else if let capability: Capability = reader.choice(entry, for: "an entry of 'needs'") {
                needs.append([capability])
            }
        }
        return needs
    }

    private mutating func platforms(_ node: YAMLNode) -> Rule.Platforms? {
        guard let mapping = reader.mapping(node, for: "'platforms'") else { return nil }
        reader.checkKeys(mapping, Self.platformKeys, in: "'platforms'")
        let web: Rule.Platforms.Verdict? = reader.required("web", of: mapping, in: "'platforms'", at: node).flatMap {
            reader.choice($0, for: "'web'")
        }
        var note: String?
        if let value = mapping["note"] {
            note = reader.nonEmptyString(value, for: "'note' of 'platforms'")
            if let note { checkCitations(in: note, at: value) }
        } else if web == .differs {
            reader.report(
                "missing required key 'note' in 'platforms' whose 'web' is 'differs': show the code",
                at: node
            )
        }
        guard let web else { return nil }
        return Rule.Platforms(web: web, note: note)
    }

    private mutating func ruleID(_ node: YAMLNode) -> String? {
        guard let id = reader.string(node, for: "'id'") else { return nil }
        guard IdentifierSyntax.isRuleID(id) else {
            reader.report(
                "expected \(IdentifierSyntax.ruleIDSpelling) for 'id', found \(node.summary)",
                at: node
            )
            return nil
        }
        if let first = firstMarks[id] {
            reader.report(
                "duplicate rule id '\(id)'; first defined at line \(first.line), column \(first.column)",
                at: node
            )
            return nil
        }
        firstMarks[id] = node.mark
        return id
    }

    private mutating func quote(_ node: YAMLNode) -> Rule.Quote? {
        guard let mapping = reader.mapping(node, for: "a quote") else { return nil }
        reader.checkKeys(mapping, Self.quoteKeys, in: "a quote")
        let seed = reader.required("seed", of: mapping, in: "a quote", at: node).flatMap { seedNode in
            reader.nonEmptyString(seedNode, for: "'seed'").flatMap { name -> String? in
                guard Seed.isFileName(name) else {
                    reader.report("'seed' is \(QuotedText.line(name)); expected \(Seed.fileNameSpelling)", at: seedNode)
                    return nil
                }
                return name
            }
        }
        let language = reader.required("language", of: mapping, in: "a quote", at: node).flatMap {
            reader.nonEmptyString($0, for: "'language'")
        }
        let text = reader.required("text", of: mapping, in: "a quote", at: node).flatMap {
            reader.nonEmptyString($0, for: "'text'")
        }
        var translation: String?
        if let value = mapping["translation"] {
            translation = reader.nonEmptyString(value, for: "'translation'")
        } else if let language, language != "en" {
            reader.report("missing required key 'translation' in a quote whose language is '\(language)'", at: node)
        }
        guard let seed, let language, let text else { return nil }
        return Rule.Quote(seed: seed, language: language, text: text, translation: translation)
    }
}
