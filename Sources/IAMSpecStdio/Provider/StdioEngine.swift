import IAMSpec
import Synchronization

/// An engine run by a program over the stdio protocol, for one run of one case.
///
/// It holds one engine process, checked out of the provider's pool. ``endCase()`` sends `end_case`
/// (in protocol 2 the engine must answer `ended` before anything else); when the engine is
/// released the process goes back to the pool (getting `end_case` then if it has not had it), or,
/// if anything went wrong, is stopped.
final class StdioEngine: InterruptibleEngine {
    private let connection: EngineConnection
    private let pool: EnginePool
    private let replyTimeout: Duration
    /// Whether ``endCase()`` has sent `end_case`.
    private let hasEnded = Atomic(false)

    init(connection: EngineConnection, pool: EnginePool, replyTimeout: Duration) {
        self.connection = connection
        self.pool = pool
        self.replyTimeout = replyTimeout
    }

    deinit {
        pool.checkIn(connection, endsCase: !hasEnded.load(ordering: .relaxed))
    }

    /// The engine process's id.
    var processID: Int32? {
        connection.channel.processID
    }

    func handle(_ stimulus: Stimulus) throws -> [Observation] {
        let request = EngineRequest.stimulus(stimulus)
        let reply: EngineReply
        do {
            reply = try connection.exchange(request, timeout: replyTimeout)
        } catch {
            throw error.error
        }
        switch reply {
        case .observations(let observations):
            return observations
        case .unsupported(let reason):
            throw CaseSkipped(reason: reason)
        case .error(let message):
            // The runner says which step was being handled.
            throw EngineError("the engine answered `error`: \(message)", diagnostics: connection.diagnostics)
        case .hello, .ready, .skipped, .ended:
            // The connection lets through only the replies a stimulus allows.
            throw EngineError("the engine answered \(request.summary) with `\(reply.type)`")
        }
    }

    func endCase() throws {
        hasEnded.store(true, ordering: .relaxed)
        do {
            try connection.endCase(timeout: replyTimeout)
        } catch {
            throw error.error
        }
    }

    func interrupt() {
        connection.interrupt()
    }

    /// The engine's stderr since the case began, everything the pipe holds read first.
    var diagnostics: String {
        connection.diagnostics
    }
}
