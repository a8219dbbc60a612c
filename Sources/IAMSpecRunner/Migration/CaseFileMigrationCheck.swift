import IAMSpec

/// The check a migrated file's new text passes before it is written: read again as a case file
/// is, it must hold each planned case, every one of its parts as the file held it but the rules,
/// `requires` and step filings the migration changes, and those as planned. An edit that lands in
/// the wrong place (inside a comment, say) changes what the text reads as, and the file is then
/// left as it was.
struct CaseFileMigrationCheck {
    let file: String
    let catalogue: RuleCatalogue
    /// The cases as the migration means the new text to read: each as read before, with the
    /// planned rules, `requires` and step filings.
    let planned: [SpecCase]

    /// Why the new text may not be written, at the place of the case it fails; nil when it reads
    /// as planned.
    func refusal(of edited: [UInt8]) -> Diagnostic? {
        var decoder = CaseDecoder(file: file, catalogue: (catalogue, SpecFiles.catalogueName))
        decoder.readsEarlierFormat = true
        let syntax = YAMLComposer(file: file).compose(edited) { decoder.decode(document: $0) }
        let start = SourceLocation(file: file, line: 1, column: 1)
        if let first = syntax.first {
            return Diagnostic(Self.leftAsItWas("would not read as YAML (\(first.message))"), at: start)
        }
        var read: [String: SpecCase] = [:]
        for specCase in decoder.cases where read[specCase.id] == nil { read[specCase.id] = specCase }
        for expected in planned {
            guard let found = read[expected.id] else {
                return Diagnostic(
                    Self.leftAsItWas("would no longer hold case '\(expected.id)' whole"),
                    at: expected.location
                )
            }
            if let part = Self.firstDifference(found, expected) {
                return Diagnostic(
                    Self.leftAsItWas("would read case '\(expected.id)' with \(part) other than planned"),
                    at: expected.location
                )
            }
        }
        return nil
    }

    private static func leftAsItWas(_ found: String) -> String {
        "cannot migrate the file: its text with the changes made \(found); expected the planned changes "
            + "and nothing else (a comment or layout the edits cannot place them around); the file is left as "
            + "it was: make the changes by hand"
    }

    /// The first part in which the cases differ, named as a message says it; nil when none does.
    private static func firstDifference(_ found: SpecCase, _ expected: SpecCase) -> String? {
        if found.rules != expected.rules {
            return
                "rules [\(found.rules.joined(separator: ", "))] (planned: [\(expected.rules.joined(separator: ", "))])"
        }
        if found.requires != expected.requires {
            let names = { (capabilities: Set<Capability>) in
                capabilities.map(\.rawValue).sorted().joined(separator: ", ")
            }
            return "`requires` [\(names(found.requires))] (planned: [\(names(expected.requires))])"
        }
        if found.title != expected.title { return "a title" }
        if found.tags != expected.tags { return "tags" }
        if found.profiles != expected.profiles { return "profiles" }
        if found.configuration != expected.configuration || found.messages != expected.messages {
            return "a `given`"
        }
        if found.steps.map(\.action) != expected.steps.map(\.action) { return "steps" }
        return nil
    }
}
