import IAMSpec
import IAMSpecPortable

/// Runs engines written in any language: a program that speaks iamspec's stdio protocol
/// (`Specs/PROTOCOL.md`) on its stdin and stdout, started with `/bin/sh -c COMMAND`.
///
/// One process serves many cases, one at a time; the provider keeps a pool of them, so `--jobs N`
/// runs at most N processes. The first process starts when the provider is made, and its
/// handshake gives ``description``; if that fails, there is no point in running anything and
/// the initializer throws `EngineError`, naming the command, with the tail of the program's stderr
/// in its diagnostics; ``startupFailure`` tells such a failure from one run's.
///
/// Whatever the program does, each case ends with an honest result: a crash, a hang (the
/// runner's timeout calls `InterruptibleEngine.interrupt()`; ``StdioEngineSettings/replyTimeout``
/// is the safety net), garbage on stdout, or an answer that breaks the protocol makes that case
/// an error whose `EngineError.diagnostics` hold the tail of the program's stderr; the process
/// is stopped and reaped, and the next case gets a fresh one. Call ``shutdown()`` when the run
/// ends, or when iamspec is interrupted, so that no process outlives iamspec.
public final class StdioEngineProvider: EngineProvider, SettingUpEngineProvider {
    /// What the engine program said of itself when it answered `hello`.
    public let description: EngineDescription
    /// The shell command that starts the engine.
    public let command: String
    /// How it talks to the engine program's processes.
    public let settings: StdioEngineSettings
    /// The protocol version the first process answered `hello` with (1 or 2).
    package let protocolVersion: Int
    /// The capabilities beyond protocol 1's eight that a protocol-1 engine named in its `hello_reply`
    /// (none for protocol 2): it is taken to have every one of them, named or not.
    package let namedBeyondProtocol1: Set<Capability>
    private let pool: EnginePool

    /// Starts the first engine process and shakes hands with it.
    ///
    /// - Throws: `EngineError` when it cannot be started, exits, does not answer
    ///   `hello` within ``StdioEngineSettings/startTimeout``, or speaks another protocol version.
    public convenience init(
        command: String,
        settings: StdioEngineSettings = StdioEngineSettings()
    ) throws(EngineError) {
        try self.init(command: command, settings: settings) { () throws(EngineError) -> any EngineChannel in
            try ChildProcess(command: command, stderrCapacity: settings.stderrTailBytes)
        }
    }

    /// A provider whose engines come from `launch` (tests serve an engine from a thread this way).
    init(
        command: String,
        settings: StdioEngineSettings,
        launch: @escaping EnginePool.Launcher
    ) throws(EngineError) {
        self.command = command
        self.settings = settings
        self.pool = EnginePool(command: command, settings: settings, launch: launch)
        let first = try pool.startFirst()
        self.description = first.description
        self.protocolVersion = first.protocolVersion
        self.namedBeyondProtocol1 = first.namedBeyondProtocol1
    }

    deinit {
        pool.shutdown()
    }

    /// Sends the case to an engine process, which answers `ready` (the engine is returned),
    /// `skipped` (`CaseSkipped` is thrown) or `error` (`EngineError`).
    ///
    /// - Throws: also `EngineError` once the program has failed to start too often in a
    ///   row; the run should stop.
    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try makeEngine(for: setup) { _ in }
    }

    /// As ``makeEngine(for:)``, handing `settingUp` the process while it answers `case`
    /// (``SettingUpEngineProvider``): a run given up meanwhile says it awaited that answer, with
    /// the engine's stderr.
    package func makeEngine(
        for setup: EngineSetup,
        settingUp: (any InterruptibleEngine) -> Void
    ) throws -> any DeliveryEngine {
        var connection = try pool.checkOut()
        settingUp(EngineBeingSetUp(connection: connection))
        let isReused = !connection.isFresh
        var reply: EngineReply
        do {
            reply = try connection.exchange(.startCase(setup), timeout: settings.replyTimeout)
        } catch  where (error.endedBeforeAnswering || error.lateLine != nil) && isReused {
            // An idle process that exited since its last case, or wrote what that case had no
            // business writing: that case is over, and this one is not to blame, so start afresh
            // (should a fresh process answer `case` wrongly too, that is this case's error).
            if let lateLine = error.lateLine { pool.recordLateLine(lateLine) }
            pool.checkIn(connection, endsCase: false)
            connection = try pool.checkOut(fresh: true)
            settingUp(EngineBeingSetUp(connection: connection))
            do {
                reply = try connection.exchange(.startCase(setup), timeout: settings.replyTimeout)
            } catch {
                pool.checkIn(connection, endsCase: false)
                throw error.error
            }
        } catch {
            pool.checkIn(connection, endsCase: false)
            throw error.error
        }
        switch reply {
        case .ready:
            return StdioEngine(
                connection: connection,
                pool: pool,
                replyTimeout: settings.replyTimeout,
                declared: settings.validatesProtocol ? description.capabilities : nil
            )
        case .skipped(let reason):
            pool.checkIn(connection, endsCase: false)
            throw CaseSkipped(reason: reason)
        case .error(let message):
            let diagnostics = connection.diagnostics
            pool.checkIn(connection, endsCase: false)
            throw EngineError(message, diagnostics: diagnostics)
        case .hello, .observations, .unsupported, .ended:
            pool.checkIn(connection, endsCase: false)
            throw EngineError("the engine answered case with `\(reply.type)`")
        }
    }

    /// Lines the engine wrote after a case had ended (in protocol 2 after `ended`; in protocol 1
    /// after the case's last answer), each quoted with the case it followed, in the order found:
    /// a line a process wrote in place of its answer to its next `case`, whatever its `seq` or
    /// type. (A line before `ended` is that case's error.) That process was stopped and the next
    /// case ran on a fresh one, untouched; the case the line followed had its result already, so
    /// the line is charged to it here: a run should put these in its summary
    /// (`RunSummary.lateLines`), where every report shows them and they fail the run, as the tool
    /// does.
    public var lateLines: [String] {
        pool.lateLines
    }

    /// Set once the program has failed to start ``StdioEngineSettings/startFailureLimit`` times in a
    /// row during the run; from then on every ``makeEngine(for:)`` throws it at once. A run that
    /// ends with it set should report it and exit with status 2.
    public var startupFailure: EngineError? {
        pool.startupFailure
    }

    /// Stops every engine process and reaps it; thread-safe, and harmless to repeat. Engines in
    /// use fail their pending call at once; later ``makeEngine(for:)`` calls fail.
    ///
    /// Call it when the run is over, and from the handler of SIGINT / SIGTERM.
    public func shutdown() {
        pool.shutdown()
    }
}

/// An engine process while it answers `case`, as a watchdog sees it: it can be stopped, and says
/// what it awaits and what it wrote on stderr. It handles no stimulus: the run gets the engine
/// `case` makes.
private final class EngineBeingSetUp: ConnectionBackedEngine {
    let connection: EngineConnection

    init(connection: EngineConnection) {
        self.connection = connection
    }

    func handle(_ stimulus: Stimulus) throws -> [Observation] {
        throw EngineError("the engine is still being set up")
    }
}
