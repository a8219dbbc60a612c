import IAMSpec
import IAMSpecReferenceEngine

/// A mutant engine: the reference engine with exactly one rule broken.
///
/// The conformance suite "kills" a mutant when a case that passes on the reference engine fails
/// (or errors) on it; a mutant that survives points at a rule the suite does not pin down. Two
/// mutants are the same when their ids are.
package struct Mutant: Sendable, Hashable, Identifiable {
    /// The mutant's stable id, as `mutant:<id>` names it on the command line.
    package let id: String

    /// The id, in `Specs/rules.yaml`, of the rule this mutant breaks.
    package let rule: String

    /// One line: the rule this mutant breaks, and how.
    package let summary: String

    /// The rules its engines apply under each profile: the reference ones with this mutant's change.
    private let brazeSwiftRules: DeliveryRules
    private let appboyLegacyRules: DeliveryRules

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
        var brazeSwift = DeliveryRules.reference(for: .brazeSwift)
        breaking(&brazeSwift)
        brazeSwiftRules = brazeSwift
        var appboyLegacy = DeliveryRules.reference(for: .appboyLegacy)
        breaking(&appboyLegacy)
        appboyLegacyRules = appboyLegacy
    }

    /// The rules a mutant engine applies under the profile.
    package func rules(for profile: Profile) -> DeliveryRules {
        switch profile {
        case .brazeSwift: brazeSwiftRules
        case .appboyLegacy: appboyLegacyRules
        }
    }

    package static func == (left: Mutant, right: Mutant) -> Bool {
        left.id == right.id
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
