import IAMSpec

/// An engine run by a program over the stdio protocol, for one run of one case.
///
/// It holds one engine process, checked out of the provider's pool; when it is released the
/// process gets `end_case` and goes back to the pool, or, if anything went wrong, is stopped.
final class StdioEngine: InterruptibleEngine {
    private let connection: EngineConnection
    private let pool: EnginePool
    private let replyTimeout: Duration

    init(connection: EngineConnection, pool: EnginePool, replyTimeout: Duration) {
        self.connection = connection
        self.pool = pool
        self.replyTimeout = replyTimeout
    }

    deinit {
        pool.checkIn(connection, endsCase: true)
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
        case .hello, .ready, .skipped:
            // The connection lets through only the replies a stimulus allows.
            throw EngineError("the engine answered \(request.summary) with `\(reply.type)`")
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
