import IAMSpec
import IAMSpecPlatform

/// A hook for iamspec's own end-to-end tests of crash isolation (`EngineWorkers`) and of an
/// engine that ends the process (`EngineExitRefusal`): with `IAMSPEC_TEST_TRAP=[HOW:]SUBSTRING@ENGINE`
/// in its environment, the engine `ENGINE` (`reference`, or `mutant:ID`) that iamspec makes, in a
/// worker process (`iamspec engine --stdio`) or in its own, misbehaves on the first stimulus of
/// every case whose id contains `SUBSTRING` (every case when it is empty). `HOW` is
/// `precondition` (the default: a failed check that ends the process with its message, a
/// `fatalError`, whose message every build prints), `overflow` (an arithmetic overflow: a bare trap, whose text only a backtrace gives)
/// or `exit` (`exit(0)`). Worker processes inherit the variable from the `iamspec run` (or
/// `mutate`, `fuzz`) that starts them.
struct TestTrap: Sendable {
    /// How the engine misbehaves.
    enum Misbehaviour: String, Sendable {
        case precondition
        case overflow
        case exit
    }

    /// Part of the case ids where the engine misbehaves.
    var caseSubstring: String
    var misbehaviour: Misbehaviour

    /// The trap `environment` asks of `engine`, if any.
    init?(environment: [String: String] = ProcessInfo.processInfo.environment, engine: String) {
        guard let value = environment["IAMSPEC_TEST_TRAP"], let at = value.lastIndex(of: "@"),
            value[value.index(after: at)...] == engine
        else { return nil }
        var substring = value[..<at]
        misbehaviour = .precondition
        if let colon = substring.firstIndex(of: ":"), let how = Misbehaviour(rawValue: String(substring[..<colon])) {
            misbehaviour = how
            substring = substring[substring.index(after: colon)...]
        }
        caseSubstring = String(substring)
    }

    /// `provider`, whose engines misbehave as asked.
    func wrapping(_ provider: any EngineProvider) -> any EngineProvider {
        Provider(base: provider, trap: self)
    }

    private struct Provider: EngineProvider {
        var base: any EngineProvider
        var trap: TestTrap

        var description: EngineDescription { base.description }

        func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
            let engine = try base.makeEngine(for: setup)
            guard trap.caseSubstring.isEmpty || setup.caseID.contains(trap.caseSubstring) else { return engine }
            return TrappingEngine(misbehaviour: trap.misbehaviour)
        }
    }

    private struct TrappingEngine: DeliveryEngine {
        var misbehaviour: Misbehaviour

        func handle(_ stimulus: Stimulus) throws -> [Observation] {
            switch misbehaviour {
            case .precondition:
                fatalError("IAMSPEC_TEST_TRAP: the engine traps on purpose")
            case .overflow:
                // The stimulus's name is never empty: the sum overflows, which no build reports in words.
                _ = Self.sum(Int.max, stimulus.kind.nameText.utf8.count)
                return []
            case .exit:
                exit(0)
            }
        }

        @inline(never)
        private static func sum(_ first: Int, _ second: Int) -> Int {
            first + second
        }
    }
}
