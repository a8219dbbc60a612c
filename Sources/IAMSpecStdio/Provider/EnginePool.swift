import IAMSpec
import IAMSpecPlatform
import IAMSpecPortable
import Synchronization

/// The engine processes of one provider: idle ones waiting for a case, busy ones running one.
///
/// A worker checks a process out for a case and back in afterwards, so `--jobs N` keeps at most
/// N processes; a process that failed is stopped and reaped, and the next check-out starts a
/// fresh one. Each start is one handshake.
///
/// A worker gets back the process it checked in last when that one is idle, so that with
/// `--jobs N` each worker keeps its own process case after case, as N separate runs would: the two
/// take turns on one processor, where the scheduler keeps a process near the one that wakes it.
/// Handed from worker to worker instead, a process would be woken on another processor than its
/// worker's, with cold caches, at the first request of many cases (`scripts/bench-support/PROFILE.md`
/// gives what that cost).
final class EnginePool: Sendable {
    /// An idle process and the thread that checked it in (``currentThread``).
    private struct IdleEngine {
        let connection: EngineConnection
        let checkedInBy: UInt
    }

    private struct State {
        var idle: [IdleEngine] = []
        var busy: [ObjectIdentifier: EngineConnection] = [:]
        var consecutiveStartFailures = 0
        var fatalError: EngineError?
        var isShutDown = false
        var lateLines: [String] = []
    }

    /// Starts one engine program; the pool owns what it returns.
    typealias Launcher = @Sendable () throws(EngineError) -> any EngineChannel

    let command: String
    let settings: StdioEngineSettings
    private let launch: Launcher
    private let state = Mutex(State())

    init(command: String, settings: StdioEngineSettings, launch: @escaping Launcher) {
        self.command = command
        self.settings = settings
        self.launch = launch
    }

    /// Set once starts have failed too often in a row; every later check-out throws it.
    var startupFailure: EngineError? {
        state.withLock { $0.fatalError }
    }

    /// Lines engines wrote after a case had ended (``StdioEngineProvider/lateLines``).
    var lateLines: [String] {
        state.withLock { $0.lateLines }
    }

    func recordLateLine(_ line: String) {
        state.withLock { $0.lateLines.append(line) }
    }

    /// Starts a process and shakes hands with it; the process is then idle in the pool.
    func startFirst() throws(EngineError) -> (
        description: EngineDescription, protocolVersion: Int, namedBeyondProtocol1: Set<Capability>
    ) {
        do {
            let (connection, description, namedBeyondProtocol1) = try start()
            state.withLock { $0.idle.append(IdleEngine(connection: connection, checkedInBy: Self.currentThread)) }
            return (description, connection.version.rawValue, namedBeyondProtocol1)
        } catch {
            throw EngineError(
                "the engine `\(command)` could not be started: \(error.message)",
                diagnostics: error.diagnostics
            )
        }
    }

    /// A process for one case: an idle one (the one `thread` checked in last, if it is idle), or a
    /// newly started one when `fresh` or none is idle.
    ///
    /// - Throws: `EngineError` when a start fails (the case is an error), or
    ///   `EngineError` once starts have failed too often in a row.
    func checkOut(fresh: Bool = false, by thread: UInt = currentThread) throws -> EngineConnection {
        let reused: EngineConnection? = try state.withLock { state throws(EngineError) in
            if let fatal = state.fatalError { throw fatal }
            if state.isShutDown { throw EngineError("the engine `\(command)` was shut down") }
            guard !fresh, !state.idle.isEmpty else { return nil }
            let own = state.idle.lastIndex { $0.checkedInBy == thread } ?? state.idle.count - 1
            let connection = state.idle.remove(at: own).connection
            state.busy[ObjectIdentifier(connection)] = connection
            return connection
        }
        if let reused { return reused }
        do {
            let (connection, _, _) = try start()
            let isShutDown = state.withLock { state in
                state.consecutiveStartFailures = 0
                state.busy[ObjectIdentifier(connection)] = connection
                return state.isShutDown
            }
            if isShutDown { connection.interrupt() }
            return connection
        } catch {
            // Stopped by an interruption (SIGINT, SIGTERM), the start says nothing of the engine:
            // it is no failure, and does not count towards the limit.
            guard !EngineHandshakes.areInterrupted else {
                throw EngineError("the engine was stopped in its handshake: iamspec was interrupted")
            }
            let fatal = state.withLock { state -> EngineError? in
                state.consecutiveStartFailures += 1
                guard state.consecutiveStartFailures >= settings.startFailureLimit else { return nil }
                let fatal = EngineError(
                    "the engine `\(command)` failed to start \(state.consecutiveStartFailures) times in a row; "
                        + "the last time: \(error.message)",
                    diagnostics: error.diagnostics
                )
                state.fatalError = fatal
                return fatal
            }
            if let fatal { throw fatal }
            throw EngineError(
                "the engine had to be restarted, and failed to start: \(error.message)",
                diagnostics: error.diagnostics
            )
        }
    }

    /// Takes back a process after a case. A usable one gets `end_case` when `endsCase` (and, in
    /// protocol 2, must answer `ended`) and waits for the next case, kept for `thread`'s next
    /// check-out; any other is stopped and reaped.
    func checkIn(_ connection: EngineConnection, endsCase: Bool, by thread: UInt = currentThread) {
        defer { for line in connection.takeStrayLines() { recordLateLine(line) } }
        let isShutDown = state.withLock { state in
            state.busy[ObjectIdentifier(connection)] = nil
            return state.isShutDown
        }
        guard !isShutDown, !connection.isUnusable else {
            connection.close(gracePeriod: .zero)
            return
        }
        if endsCase {
            do {
                try connection.endCase(timeout: settings.replyTimeout)
            } catch {
                return
            }
        }
        state.withLock { $0.idle.append(IdleEngine(connection: connection, checkedInBy: thread)) }
    }

    /// The calling thread, as the pool tells workers apart.
    static var currentThread: UInt {
        UInt(bitPattern: Int(bitPattern: pthread_self()))
    }

    /// Stops every process: idle ones are asked to `shutdown` and given a second to exit, busy
    /// ones are killed (their pending calls return at once); all are reaped. Later check-outs fail.
    func shutdown() {
        let (idle, busy) = state.withLock { state in
            state.isShutDown = true
            defer {
                state.idle = []
                state.busy = [:]
            }
            return (state.idle.map(\.connection), Array(state.busy.values))
        }
        for connection in busy {
            connection.interrupt()
            _ = connection.channel.waitForExit(gracePeriod: .zero)
        }
        for connection in idle {
            // A line written after its last case is charged to that case, whichever case ran last.
            for late in connection.shutDown(gracePeriod: .seconds(1)) { recordLateLine(late) }
        }
    }

    private func start() throws(EngineError) -> (EngineConnection, EngineDescription, Set<Capability>) {
        let connection = EngineConnection(
            channel: try launch(),
            unknownKeys: settings.validatesProtocol ? .refused : .ignored
        )
        let reply: EngineReply
        do {
            reply = try EngineHandshakes.during(connection) { () throws(ConnectionFailure) in
                try connection.exchange(
                    .hello(protocolVersion: Int64(ProtocolVersion.latest.rawValue)),
                    timeout: settings.startTimeout
                )
            }
        } catch {
            throw error.error
        }
        switch reply {
        case .hello(let offered, let description, let pipelines, let namedBeyondProtocol1):
            guard let version = ProtocolVersion(rawValue: Int(offered)) else {
                connection.close(gracePeriod: .zero)
                throw EngineError(
                    "the engine speaks protocol \(offered), and iamspec speaks protocols \(ProtocolVersion.spokenInWords)",
                    diagnostics: connection.diagnostics
                )
            }
            connection.speak(version, pipelining: pipelines)
            return (connection, description, namedBeyondProtocol1)
        case .error(let message):
            connection.close(gracePeriod: .zero)
            throw EngineError(
                "the engine refused the handshake: \(message)",
                diagnostics: connection.diagnostics
            )
        case .ready, .skipped, .observations, .unsupported, .ended:
            connection.close(gracePeriod: .zero)
            throw EngineError(
                "the engine answered hello with `\(reply.type)`",
                diagnostics: connection.diagnostics
            )
        }
    }
}
