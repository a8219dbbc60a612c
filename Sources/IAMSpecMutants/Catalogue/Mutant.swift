import IAMSpec
import IAMSpecReferenceEngine

/// A mutant engine: the reference engine with exactly one rule broken.
///
/// The conformance suite "kills" a mutant when a case that passes on the reference engine fails
/// (or errors) on it; a mutant that survives points at a rule the suite does not pin down. Two
/// mutants are the same when their ids are.
public struct Mutant: Sendable, Hashable, Identifiable {
    /// The mutant's stable id, as `mutant:<id>` names it on the command line.
    public let id: String

    /// The id, in `Specs/rules.yaml`, of the rule this mutant breaks.
    public let rule: String

    /// One line: the rule this mutant breaks, and how.
    public let summary: String

    /// The rules its engines apply, per profile: the reference ones with this mutant's change.
    private let rulesByProfile: [Profile: DeliveryRules]

    /// A mutant whose engines apply the reference rules after `breaking` changes them.
    package init(
        _ id: String,
        rule: String,
        summary: String,
        breaking: (inout DeliveryRules) -> Void
    ) {
        self.id = id
        self.rule = rule
        self.summary = summary
        var rulesByProfile: [Profile: DeliveryRules] = [:]
        for profile in Profile.allCases {
            var rules = DeliveryRules.reference(for: profile)
            breaking(&rules)
            rulesByProfile[profile] = rules
        }
        self.rulesByProfile = rulesByProfile
    }

    /// The rules a mutant engine applies under the profile.
    package func rules(for profile: Profile) -> DeliveryRules {
        rulesByProfile[profile] ?? .reference(for: profile)
    }

    public static func == (left: Mutant, right: Mutant) -> Bool {
        left.id == right.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
