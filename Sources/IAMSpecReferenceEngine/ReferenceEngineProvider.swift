public import IAMSpec

/// Makes reference engines; the default engine of `iamspec run`.
///
/// It runs both profiles and has every capability, unless made ``lacking(_:)`` some.
public struct ReferenceEngineProvider: EngineProvider, ReferenceRulesProvider {
    /// The capabilities its engines go without (``LackedCapabilities``); none unless made so.
    package private(set) var lacked: Set<Capability> = []

    /// The provider of reference engines; it has no settings.
    public init() {}

    /// Reference engines that go without the capabilities (``LackedCapabilities``), as well as
    /// those already lacked; the description still declares every capability.
    package func lacking(_ capabilities: Set<Capability>) -> any EngineProvider {
        var provider = self
        provider.lacked.formUnion(capabilities)
        return provider
    }

    /// `iamspec-reference`, both profiles and every capability; its version is iamspec's own
    /// (`IAMSpecVersion.current`, written once in the core), since the engine is released with it.
    public var description: EngineDescription {
        EngineDescription(
            name: "iamspec-reference",
            version: IAMSpecRelease.version,
            profiles: Set(Profile.allCases),
            capabilities: Set(Capability.allCases)
        )
    }

    /// A fresh ``ReferenceEngine`` for the setup's profile, configuration and messages.
    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try ReferenceEngine(setup: setup, rules: .reference(for: setup.profile), lacking: lacked)
    }
}
