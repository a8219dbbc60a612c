import IAMSpec
import IAMSpecReferenceEngine

/// Makes the engines of one capability variant: reference engines given the variant's setup and
/// rules.
///
/// It declares every capability but the variant's when `declaresLacking`, and every capability
/// when it claims the behaviour anyway: the capability audit runs the suite both ways.
package struct CapabilityVariantEngineProvider: EngineProvider {
    package let variant: CapabilityVariant
    /// Whether the engine says it lacks the variant's capability.
    package let declaresLacking: Bool

    package init(variant: CapabilityVariant, declaresLacking: Bool) {
        self.variant = variant
        self.declaresLacking = declaresLacking
    }

    package var description: EngineDescription {
        var description = ReferenceEngineProvider().description
        description.name = "variant:\(variant.id)"
        if declaresLacking { description.capabilities.remove(variant.capability) }
        return description
    }

    /// A reference engine set up as the variant reads the setup, applying the variant's rules.
    package func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try ReferenceEngine(setup: variant.changed(setup), rules: variant.rules(for: setup.profile))
    }
}
