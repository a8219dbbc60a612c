import IAMSpec
import IAMSpecExplanation
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
/// the signal, the stimulus it was handling and its case, whose diagnostics (the worker's stderr)
/// hold the trap's text: the Swift runtime's `Fatal error: ...` line where it prints one, and,
/// for `run`, the crash report of the runtime's backtracer, which names every trap (`Swift runtime
/// failure: arithmetic overflow`, which no build prints otherwise) and where it happened. The
/// next case gets a fresh worker. In this process (`--in-process`), a trap ends iamspec at once,
/// as it ends any program (an `exit` the engine calls is refused: `EngineExitRefusal`); that is
/// cheaper, and what a library user of `ConformanceRun` gets in their own process.
enum EngineWorkers {
    /// Whether engines run in worker processes.
    case isolated(timeout: Duration)
    /// Whether engines run in this process.
    case inProcess

    init(inProcess: Bool, timeoutSeconds: Double) {
        self = inProcess ? .inProcess : .isolated(timeout: CaseTimeout.duration(timeoutSeconds))
    }

    /// The backtracer's settings for a worker that explains its traps: the crashed thread only,
    /// no registers, no images, on stderr (stdout is the protocol's), never waiting for a debugger.
    private static let backtraceSettings =
        "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=16,top=0,sanitize=yes,"
        + "output-to=stderr"

    /// The reference engine, or `mutant`'s engine. `mutate` and `fuzz` keep the reference engine
    /// in this process (`isolatingReference: false`): it is the yardstick, it must pass the suite,
    /// and a trap in it is iamspec's own bug; their mutants, broken on purpose, run in workers.
    /// A worker `explainingTraps` (for `run`) has the runtime's backtracer report a trap on its
    /// stderr, which takes about half a second per trap; `mutate` and `fuzz` only need to know
    /// that a mutant trapped, and go without.
    ///
    /// - Throws: `CommandFailure` when a worker cannot be started (exit status 2).
    func provider(
        serving mutant: Behaviour? = nil,
        isolatingReference: Bool = true,
        explainingTraps: Bool = false
    ) throws -> any EngineProvider {
        switch self {
        case .isolated where mutant == nil && !isolatingReference, .inProcess:
            let provider = MutationAnalysis.inProcess(mutant)
            return TestTrap(engine: mutant.map { "mutant:\($0.id)" } ?? "reference")?.wrapping(provider) ?? provider
        case .isolated(let timeout):
            var arguments = [Self.executablePath, "engine", "--stdio"]
            if let mutant { arguments += ["--mutant", mutant.id] }
            let backtrace = explainingTraps ? Self.backtraceSettings : "enable=no"
            do {
                return try StdioEngineProvider(
                    command: "SWIFT_BACKTRACE=\(backtrace) exec "
                        + arguments.map(Self.shellQuoted).joined(separator: " "),
                    settings: StdioEngineSettings(replyTimeout: timeout)
                )
            } catch {
                throw CommandFailure.engineStartup(error)
            }
        }
    }

    /// This executable, as the kernel started it.
    static let executablePath: String = {
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
