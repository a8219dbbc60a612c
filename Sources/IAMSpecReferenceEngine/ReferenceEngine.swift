public import IAMSpec

/// Makes reference engines; the default engine of `iamspec run`.
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

    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        fatalError("the reference engine is written by the engine work")
    }
}
