import IAMSpec
import IAMSpecStdio

extension RunCommand {
    /// The engine under test: the one place `iamspec run` picks it.
    ///
    /// The reference engine by default, in worker processes (`EngineWorkers`), or in this process
    /// with `--in-process`; with `--engine-command`, a child process speaking the stdio protocol
    /// (Specs/PROTOCOL.md). An engine that cannot start is a configuration error (exit status 2).
    func makeEngineProvider() throws -> any EngineProvider {
        guard let engineCommand else {
            return try EngineWorkers(inProcess: inProcess, timeoutSeconds: timeout).provider(explainingTraps: true)
        }
        do {
            return try StdioEngineProvider(
                command: engineCommand,
                settings: StdioEngineSettings(
                    validatesProtocol: validateProtocol,
                    replyTimeout: CaseTimeout.duration(timeout)
                )
            )
        } catch {
            throw CommandFailure.engineStartup(error)
        }
    }
}
