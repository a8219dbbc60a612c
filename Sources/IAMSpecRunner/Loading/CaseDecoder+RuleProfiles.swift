import IAMSpec

extension CaseDecoder {
    /// Reports each rule the case names (in `rules`, or in an expectation's `rules` or `setup`)
    /// that does not hold for every profile the case runs under: a run under a profile the rule
    /// does not hold for would file its failure under a rule that says nothing of that SDK, and
    /// block the rules the case checks.
    mutating func checkRuleProfiles(of mapping: YAMLMapping, profiles: [Profile], catalogue: RuleCatalogue) {
        if let rules = mapping["rules"]?.sequence { checkRuleProfiles(rules, under: "'rules'", profiles, catalogue) }
        guard let steps = mapping["steps"]?.sequence else { return }
        for step in steps {
            guard let expectation = step.mapping?["expect"]?.mapping else { continue }
            for key in ["rules", "setup"] {
                guard let rules = expectation[key]?.sequence else { continue }
                checkRuleProfiles(rules, under: "'\(key)' of an expectation", profiles, catalogue)
            }
        }
    }

    private mutating func checkRuleProfiles(
        _ items: YAMLSequence,
        under key: String,
        _ profiles: [Profile],
        _ catalogue: RuleCatalogue
    ) {
        for item in items {
            guard let id = item.scalar?.text, let rule = catalogue.rule(id) else { continue }
            let outside = profiles.filter { !rule.profiles.contains($0) }
            guard !outside.isEmpty else { continue }
            let holdsFor = rule.profiles.map(\.rawValue).joined(separator: ", ")
            let runsUnder = outside.map(\.rawValue).joined(separator: ", ")
            reader.report(
                "rule '\(id)' in \(key) holds only under \(holdsFor), not under \(runsUnder), which the case runs under; "
                    + "expected a rule that holds under every profile of the case (another rule, or the case's "
                    + "`profiles` narrowed)",
                at: item
            )
        }
    }
}
