import IAMSpec
import IAMSpecReferenceEngine

/// Makes mutant engines: reference engines that apply the mutant's rules.
///
/// It describes itself as the reference engine does (every profile, every capability), so the
/// suite runs exactly the same cases on it.
package struct MutantEngineProvider: EngineProvider {
    package let mutant: Mutant

    package init(mutant: Mutant) {
        self.mutant = mutant
    }

    package var description: EngineDescription {
        var description = ReferenceEngineProvider().description
        description.name = "mutant:\(mutant.id)"
        return description
    }

    /// A fresh reference engine applying the mutant's rules for the setup's profile.
    package func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try ReferenceEngine(setup: setup, rules: mutant.rules(for: setup.profile))
    }
}
