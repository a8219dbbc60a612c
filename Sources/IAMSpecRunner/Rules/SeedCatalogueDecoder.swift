import IAMSpec

/// Decodes `seeds.yaml`, the description of the seed documents beside `rules.yaml`: one
/// document, a list of seeds, each checked key by key; then checks the rule catalogue's quotes
/// against it (each quote's seed described, in the language the seed is written in).
struct SeedCatalogueDecoder {
    static let seedKeys = KeySet(["file", "title", "language", "profile"])

    private(set) var reader: NodeReader
    private var firstMarks: [String: YAMLMark] = [:]

    init(file: String) {
        reader = NodeReader(file: file)
    }

    /// The seeds of the composed documents; problems go to ``reader``'s diagnostics.
    mutating func decode(_ documents: [YAMLNode]) -> SeedCatalogue {
        guard let items = reader.catalogueList(documents, of: "seeds", in: "the seed catalogue") else {
            return SeedCatalogue()
        }
        return SeedCatalogue(seeds: items.compactMap { seed($0) })
    }

    private mutating func seed(_ node: YAMLNode) -> Seed? {
        let problemsBefore = reader.diagnostics.count
        guard let mapping = reader.mapping(node, for: "a seed") else { return nil }
        reader.checkKeys(mapping, Self.seedKeys, in: "a seed")
        let file = reader.required("file", of: mapping, in: "a seed", at: node).flatMap { fileName($0) }
        let title = reader.required("title", of: mapping, in: "a seed", at: node).flatMap {
            reader.nonEmptyString($0, for: "'title'")
        }
        let language = reader.required("language", of: mapping, in: "a seed", at: node).flatMap {
            reader.nonEmptyString($0, for: "'language'")
        }
        let profile: Profile? = reader.required("profile", of: mapping, in: "a seed", at: node).flatMap {
            reader.choice($0, for: "'profile' (the SDK generation the seed documents)")
        }
        guard reader.diagnostics.count == problemsBefore, let file, let title, let language, let profile else {
            return nil
        }
        return Seed(file: file, title: title, language: language, profile: profile, location: reader.location(of: node))
    }

    private mutating func fileName(_ node: YAMLNode) -> String? {
        guard let file = reader.nonEmptyString(node, for: "'file'") else { return nil }
        guard Seed.isFileName(file) else {
            reader.report("'file' is \(QuotedText.line(file)); expected \(Seed.fileNameSpelling)", at: node)
            return nil
        }
        if let first = firstMarks[file] {
            reader.report(
                "the seed '\(file)' is described twice; first at line \(first.line), column \(first.column)",
                at: node
            )
            return nil
        }
        firstMarks[file] = node.mark
        return file
    }

    /// A diagnostic at each rule whose quote names a seed the catalogue does not describe, or
    /// gives a language other than the seed's.
    static func checkQuotes(of rules: RuleCatalogue, against seeds: SeedCatalogue, seedFile: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for rule in rules.rules {
            for quote in rule.quotes {
                guard let seed = seeds.seed(quote.seed) else {
                    problems.append(
                        Diagnostic(
                            "rule '\(rule.id)' quotes the seed '\(quote.seed)', which \(seedFile) does not describe; "
                                + "expected one of: \(seeds.seeds.map(\.file).joined(separator: ", "))",
                            at: rule.location
                        )
                    )
                    continue
                }
                if quote.language != seed.language {
                    problems.append(
                        Diagnostic(
                            "rule '\(rule.id)' quotes the seed '\(quote.seed)' in '\(quote.language)'; expected "
                                + "'\(seed.language)', the seed's language in \(seedFile)",
                            at: rule.location
                        )
                    )
                }
            }
        }
        return problems
    }
}
