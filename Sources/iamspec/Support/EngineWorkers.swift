import IAMSpec
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecStdio

/// Where the tool runs its own engines (the reference engine, mutants): in worker processes, or
/// in this process.
///
/// In worker processes (the default), each worker is this very executable serving the engine
/// over the stdio protocol (`iamspec engine --stdio`, with `--mutant ID` for a mutant), driven by a
/// `StdioEngineProvider` like any engine program. A trap in the engine (a failed `precondition`,
/// an overflow, an index out of range) then kills one worker only: that case is an error naming
/// the signal and the stimulus it was handling, with the trap's message from the worker's stderr,
/// and the next case gets a fresh worker. In this process (`--in-process`), a trap ends iamspec at
/// once, as it ends any program; that is cheaper, and what a library user of `ConformanceRun`
/// gets in their own process.
enum EngineWorkers {
    /// Whether engines run in worker processes.
    case isolated(timeout: Duration)
    /// Whether engines run in this process.
    case inProcess

    init(inProcess: Bool, timeoutSeconds: Double) {
        self = inProcess ? .inProcess : .isolated(timeout: .milliseconds(Int64((timeoutSeconds * 1000).rounded())))
    }

    /// The reference engine, or `mutant`'s engine. `mutate` and `fuzz` keep the reference engine
    /// in this process (`isolatingReference: false`): it is the yardstick, it must pass the suite,
    /// and a trap in it is iamspec's own bug; their mutants, broken on purpose, run in workers.
    ///
    /// - Throws: `CommandFailure` when a worker cannot be started (exit status 2).
    func provider(serving mutant: Mutant? = nil, isolatingReference: Bool = true) throws -> any EngineProvider {
        switch self {
        case .isolated where mutant == nil && !isolatingReference, .inProcess:
            return MutationAnalysis.inProcess(mutant)
        case .isolated(let timeout):
            var arguments = [Self.executablePath, "engine", "--stdio"]
            if let mutant { arguments += ["--mutant", mutant.id] }
            do {
                return try StdioEngineProvider(
                    // No crash backtrace: a trap costs its case only, and its message is enough.
                    command: "SWIFT_BACKTRACE=enable=no exec " + arguments.map(Self.shellQuoted).joined(separator: " "),
                    settings: StdioEngineSettings(replyTimeout: timeout)
                )
            } catch {
                throw CommandFailure.engineStartup(error)
            }
        }
    }

    /// This executable, as the kernel started it.
    private static let executablePath: String = {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments[0]
        #else
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }()

    /// `text` quoted for `/bin/sh`.
    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}
