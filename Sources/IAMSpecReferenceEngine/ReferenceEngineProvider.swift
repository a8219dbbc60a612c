public import IAMSpec

/// Makes reference engines; the default engine of `iamspec run`.
///
/// It runs both profiles and has every capability.
public struct ReferenceEngineProvider: EngineProvider {
    public init() {}

    public var description: EngineDescription {
        EngineDescription(
            name: "iamspec-reference",
            version: "0.1.0",
            profiles: Set(Profile.allCases),
            capabilities: Set(Capability.allCases)
        )
    }

    /// A fresh ``ReferenceEngine`` for the setup's profile, configuration and messages.
    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try ReferenceEngine(setup: setup)
    }
}
