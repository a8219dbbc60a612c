import IAMSpec
import IAMSpecPlatform

/// A hook for iamspec's own end-to-end tests of crash isolation (`EngineWorkers`): with
/// `IAMSPEC_TEST_TRAP=SUBSTRING@ENGINE` in its environment, `iamspec engine --stdio` serving
/// `ENGINE` (`reference`, or `mutant:ID`) traps (a failed `precondition`) on the first stimulus of
/// every case whose id contains `SUBSTRING` (every case when it is empty). Worker processes
/// inherit the variable from the `iamspec run` (or `mutate`, `fuzz`) that starts them.
struct TestTrap: Sendable {
    /// Part of the case ids where the engine traps.
    var caseSubstring: String

    /// The trap `environment` asks of `engine`, if any.
    init?(environment: [String: String] = ProcessInfo.processInfo.environment, engine: String) {
        guard let value = environment["IAMSPEC_TEST_TRAP"], let at = value.lastIndex(of: "@"),
            value[value.index(after: at)...] == engine
        else { return nil }
        caseSubstring = String(value[..<at])
    }

    /// `provider`, whose engines trap as asked.
    func wrapping(_ provider: any EngineProvider) -> any EngineProvider {
        Provider(base: provider, caseSubstring: caseSubstring)
    }

    private struct Provider: EngineProvider {
        var base: any EngineProvider
        var caseSubstring: String

        var description: EngineDescription { base.description }

        func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
            let engine = try base.makeEngine(for: setup)
            guard caseSubstring.isEmpty || setup.caseID.contains(caseSubstring) else { return engine }
            return TrappingEngine()
        }
    }

    private struct TrappingEngine: DeliveryEngine {
        func handle(_ stimulus: Stimulus) throws -> [Observation] {
            preconditionFailure("IAMSPEC_TEST_TRAP: the engine traps on purpose")
        }
    }
}
