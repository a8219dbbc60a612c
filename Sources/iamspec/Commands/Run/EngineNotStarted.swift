import IAMSpec

/// The engine of a run interrupted (SIGINT, SIGTERM) during the engine's handshake: it never said
/// what it is, and runs nothing. The run that stands in for it is interrupted before its first
/// case, so its reports hold the header and a footer marked interrupted.
struct EngineNotStarted: EngineProvider {
    /// The engine's command, or `reference`.
    var name: String

    var description: EngineDescription {
        EngineDescription(name: name, version: "not started", profiles: [], capabilities: [])
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        throw EngineError("the run was interrupted before the engine finished its handshake")
    }
}
