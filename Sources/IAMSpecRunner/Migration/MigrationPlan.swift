import IAMSpec

/// What `iamspec migrate` found to change in the cases of a suite written for an earlier format,
/// besides what the files show by themselves (``CaseFileMigration`` finds those): the rules each
/// unnamed expectation checks, derived by running the case, and the behavioural capabilities the
/// needs proof asks each case to declare or to drop.
package struct MigrationPlan: Sendable {
    /// The rules an `expect` step checks, as it is to name them.
    package struct Naming: Sendable, Hashable {
        /// `rules` (some of the case's own) or `setup` (the rules of the state the case sets up).
        package var isSetup: Bool
        package var rules: [String]
        /// Whether the rules are the case's own the step was filed under, named because the case
        /// takes another rule (rather than derived from the behaviours failing first at it).
        package var keepsFiling: Bool
        /// The rules among ``rules`` named because an observation the step expects is their subject
        /// (``PatternSubjects``).
        package var subjects: [String] = []

        package init(isSetup: Bool, rules: [String], keepsFiling: Bool = false) {
            self.isSetup = isSetup
            self.rules = rules
            self.keepsFiling = keepsFiling
        }

        /// The entry as it is written in the expectation: `rules: [a, b]`.
        var entry: String { "\(isSetup ? "setup" : "rules"): [\(rules.joined(separator: ", "))]" }
    }

    /// What changes in one case.
    package struct CaseChanges: Sendable {
        /// The naming of each `expect` step that names neither `rules` nor `setup`, by where the step
        /// is written (line, column).
        package var namings: [StepPlace: Naming] = [:]
        /// Rules to add to the case's rules: the subjects of observations its steps expect.
        package var addedRules: [String] = []
        /// The rules to add to the `rules` or `setup` an `expect` step names, so that it names the
        /// subject of each observation it expects, by where the step is written.
        package var addedSubjects: [StepPlace: [String]] = [:]
        /// Behavioural capabilities the needs proof shows the case needs, to add to `requires`.
        package var addedRequirements: [Capability] = []
        /// Behavioural capabilities `requires` declares that no behaviour shows the case needs.
        package var droppedRequirements: [Capability] = []

        package init() {}
    }

    /// Where a step is written in its file.
    package struct StepPlace: Sendable, Hashable {
        package var line: Int
        package var column: Int

        package init(_ location: SourceLocation) {
            line = location.line
            column = location.column
        }
    }

    /// The changes of each case, by case id.
    package var cases: [String: CaseChanges] = [:]
    /// The cases a run of which overran the timeout while the plan was derived, each with the
    /// first such run's message: what was derived for them would be a guess, so their files are
    /// left as they are.
    package var timedOut: [String: String] = [:]

    package init() {}

    /// The rules an expectation naming `rules` (or `setup`) is filed under once migrated: `setup`
    /// as written; `rules` naming none of the case's rules become `setup`; otherwise the case's among
    /// them. Nil when it names none.
    package static func filing(of expectation: Expectation, caseRules: [String]) -> Naming? {
        guard !expectation.rules.isEmpty else { return nil }
        if expectation.isSetup { return Naming(isSetup: true, rules: expectation.rules) }
        let inCase = expectation.rules.filter(caseRules.contains)
        return inCase.isEmpty ? Naming(isSetup: true, rules: expectation.rules) : Naming(isSetup: false, rules: inCase)
    }

    /// The rules of the catalogue gated by a capability that is not behavioural and that nothing
    /// in the case uses: 0.1.0 gated no rule, and the loader now refuses a case naming one (a case
    /// about the background naming `reenqueue.swift-situations`, gated by `keyboard`). They are
    /// dropped from the case's rules, unless they are all it names.
    package static func unusedGatedRules(of specCase: SpecCase, in catalogue: RuleCatalogue) -> [String] {
        let used = CapabilityNeeds.of(specCase)
        let dropped = specCase.rules.filter { id in
            guard let capability = catalogue.rule(id)?.capability else { return false }
            return !Capability.behavioural.contains(capability) && !used.contains(capability)
        }
        return dropped.count < specCase.rules.count ? dropped : []
    }
}
