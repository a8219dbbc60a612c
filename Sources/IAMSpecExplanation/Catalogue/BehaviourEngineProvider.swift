import IAMSpec
import IAMSpecReferenceEngine

/// Makes the engines of one behaviour of ``BehaviourCatalogue``: reference engines that read the
/// setup and apply the rules as the behaviour does.
///
/// It describes itself as the reference engine does (every profile, every capability), so the
/// suite runs exactly the same cases on it; with `declaringLacking`, it says it lacks the
/// capability the behaviour lacks (``Behaviour/lacks``), as an honest engine with it would.
package struct BehaviourEngineProvider: EngineProvider, ReferenceRulesProvider {
    package let behaviour: Behaviour
    /// Whether the engine says it lacks the behaviour's capability.
    package let declaresLacking: Bool
    /// The capabilities its engines go without (``LackedCapabilities``); none unless made so.
    package private(set) var lacked: Set<Capability> = []

    package init(behaviour: Behaviour, declaringLacking: Bool = false) {
        self.behaviour = behaviour
        self.declaresLacking = declaringLacking
    }

    package var description: EngineDescription {
        var description = ReferenceEngineProvider().description
        description.name = "mutant:\(behaviour.id)"
        if declaresLacking, let capability = behaviour.lacks { description.capabilities.remove(capability) }
        return description
    }

    /// The same engines, going without the capabilities besides (``LackedCapabilities``); the
    /// description is unchanged.
    package func lacking(_ capabilities: Set<Capability>) -> any EngineProvider {
        var provider = self
        provider.lacked.formUnion(capabilities)
        return provider
    }

    /// A fresh reference engine with the behaviour, for the setup's profile.
    package func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try behaviour.makeEngine(for: setup, lacking: lacked)
    }
}
