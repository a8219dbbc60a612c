public import IAMSpec
import IAMSpecReferenceEngine

/// Makes mutant engines: reference engines that apply the mutant's rules.
///
/// It describes itself as the reference engine does (every profile, every capability), so the
/// suite runs exactly the same cases on it.
public struct MutantEngineProvider: EngineProvider {
    public let mutant: Mutant

    public init(mutant: Mutant) {
        self.mutant = mutant
    }

    public var description: EngineDescription {
        var description = ReferenceEngineProvider().description
        description.name = "mutant:\(mutant.id)"
        return description
    }

    /// A fresh reference engine applying the mutant's rules for the setup's profile.
    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try ReferenceEngine(setup: setup, rules: mutant.rules(for: setup.profile))
    }
}
