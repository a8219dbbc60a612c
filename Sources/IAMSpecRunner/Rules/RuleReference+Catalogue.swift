import IAMSpec

extension RuleReference {
    /// The reference to a rule id, with its title, sources and words from the catalogue.
    public init(id: String, catalogue: RuleCatalogue) {
        guard let rule = catalogue.rule(id) else {
            self.init(id: id)
            return
        }
        let quoted = rule.quotes.map { "seed \($0.seed) (\($0.language))" }
        var line = rule.source.map { "source: \($0)" } ?? ""
        if let quote = rule.quotes.first {
            let words = (quote.translation ?? quote.text).split(separator: "\n").first.map(String.init) ?? ""
            line = "seed \(quote.seed) (\(quote.language)): \"\(Self.shortened(words))\""
        }
        self.init(id: id, sources: quoted + (rule.source.map { [$0] } ?? []), title: rule.title, quotedLine: line)
    }

    /// At most 160 characters, cut at a word with `...`.
    private static func shortened(_ text: String) -> String {
        guard text.count > 160 else { return text }
        let cut = text.prefix(157)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "..."
    }
}

extension RuleCatalogue {
    /// The reference of every rule of the catalogue, in its order.
    package var references: [RuleReference] {
        rules.map { RuleReference(id: $0.id, catalogue: self) }
    }
}
