import IAMSpec
import IAMSpecPortable
import Synchronization

/// An engine run by a program over the stdio protocol, for one run of one case.
///
/// It holds one engine process, checked out of the provider's pool. ``endCase()`` sends `end_case`
/// (in protocol 2 the engine must answer `ended` before anything else); when the engine is
/// released the process goes back to the pool (getting `end_case` then if it has not had it), or,
/// if anything went wrong, is stopped.
///
/// With a program that declared pipelining, the run's requests (``expect(_:)``), then `end_case`,
/// are sent ahead of their answers, within the connection's window; ``handle(_:)`` reads the
/// answer to the next. Whatever was sent ahead and not asked for is answered before `ended`.
final class StdioEngine: LookaheadEngine, ConnectionBackedEngine {
    /// The requests a run will make if every step passes, and how far it went.
    private struct Plan {
        /// The run's requests, `end_case` last; empty when nothing is sent ahead.
        var requests: [EngineRequest] = []
        /// How many were asked for (answered, or being answered).
        var asked = 0
        /// How many were sent.
        var sent = 0
    }

    let connection: EngineConnection
    private let pool: EnginePool
    private let replyTimeout: Duration
    /// Whether ``endCase()`` has sent `end_case`.
    private let hasEnded = Atomic(false)
    private let plan = Mutex(Plan())
    /// With `--validate-protocol`, the capabilities the engine declared: an observation of another
    /// is a protocol fault (an impression from an engine without `analytics` would silently defeat
    /// the explanation, whose replays leave such observations out). Nil when not validating.
    private let declared: Set<Capability>?

    init(connection: EngineConnection, pool: EnginePool, replyTimeout: Duration, declared: Set<Capability>? = nil) {
        self.connection = connection
        self.pool = pool
        self.replyTimeout = replyTimeout
        self.declared = declared
    }

    deinit {
        pool.checkIn(connection, endsCase: !hasEnded.load(ordering: .relaxed))
    }

    /// The engine process's id.
    var processID: Int32? {
        connection.channel.processID
    }

    /// Plans to send the run's requests ahead, if the program declared pipelining.
    func expect(_ requests: [Stimulus]) {
        guard connection.pipelines else { return }
        var planned: [EngineRequest] = []
        planned.reserveCapacity(requests.count + 1)
        for stimulus in requests { planned.append(.stimulus(stimulus)) }
        planned.append(.endCase)
        plan.withLock { $0 = Plan(requests: planned) }
    }

    func handle(_ stimulus: Stimulus) throws -> [Observation] {
        let request = EngineRequest.stimulus(stimulus)
        let reply: EngineReply
        do {
            reply = try answer(to: request)
        } catch {
            throw error.error
        }
        switch reply {
        case .observations(let observations):
            if let declared,
                let needed = observations.lazy.compactMap({ observation in
                    observation.kind.capability.map { (observation.kind, $0) }
                }).first(where: { !declared.contains($0.1) })
            {
                throw EngineError(
                    "protocol: the engine answered \(request.summary) with the observation `\(needed.0.name)`, which needs "
                        + "the capability \(needed.1.rawValue), and it did not declare \(needed.1.rawValue)"
                )
            }
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

    /// The reply to `request`: when it is the next of the plan, read after the window is topped
    /// up with the requests after it; otherwise sent alone, once nothing else is unanswered.
    private func answer(to request: EngineRequest) throws(ConnectionFailure) -> EngineReply {
        try plan.withLock { plan throws(ConnectionFailure) -> EngineReply in
            guard plan.asked < plan.requests.count, plan.requests[plan.asked] == request else {
                // Off the plan: an answer read now would be another request's.
                plan.requests = []
                if connection.hasUnanswered { throw connection.refuse(request) }
                return try connection.exchange(request, timeout: replyTimeout)
            }
            plan.sent += try connection.sendAhead(plan.requests[plan.sent...], timeout: replyTimeout)
            plan.asked += 1
            return try connection.receive(timeout: replyTimeout, waitingToBeSent: plan.requests.count - plan.sent)
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
}
