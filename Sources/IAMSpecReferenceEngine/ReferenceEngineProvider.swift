public import IAMSpec
import IAMSpecPortable

/// Makes reference engines; the default engine of `iamspec run`.
///
/// It runs both profiles and has every capability.
public struct ReferenceEngineProvider: EngineProvider {
    /// The provider of reference engines; it has no settings.
    public init() {}

    /// `iamspec-reference`, both profiles and every capability; its version is iamspec's own
    /// (``IAMSpecPortable/IAMSpecVersion/current``), since the engine is released with it.
    public var description: EngineDescription {
        EngineDescription(
            name: "iamspec-reference",
            version: IAMSpecVersion.current,
            profiles: Set(Profile.allCases),
            capabilities: Set(Capability.allCases)
        )
    }

    /// A fresh ``ReferenceEngine`` for the setup's profile, configuration and messages.
    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try ReferenceEngine(setup: setup)
    }
}
