import IAMSpec
import IAMSpecPlatform
import IAMSpecPortable
import Synchronization

/// One engine process and the protocol conversation with it: requests out, replies in, each
/// reply checked against what the request allows.
///
/// Requests are answered in the order they were written. Strictly, each is written once the one
/// before is answered; with an engine that declared pipelining, requests can be sent ahead
/// (``sendAhead(_:timeout:)``), within ``pipeliningWindow`` bytes written and unanswered, and their
/// answers read in turn (``receive(timeout:)``).
///
/// One thread at a time talks to a connection (the worker that checked it out);
/// ``interrupt()`` may come from any thread. Any failure stops the process for good: a
/// connection that failed is never used again.
final class EngineConnection: Sendable {
    private struct State {
        var isInterrupted = false
        var hasFailed = false
        var casesStarted = 0
        /// Where stderr stood when the current case began.
        var caseStderrPosition = 0
        /// The current case and the one before, as `case "id" (profile)`.
        var currentCase: String?
        var previousCase: String?
        /// Each case this process was given, as ``currentCase`` names it, with the `seq` of its
        /// `case` request (protocol 2), oldest first: whose run a stale `seq` belongs to.
        var caseSeqs: [(first: Int64, name: String)] = []
        /// Lines of an earlier case's run read during a later case (``takeStrayLines()``).
        var strayLines: [String] = []
        /// The request whose answer is being read, and how many requests of the run were waiting
        /// to be sent ahead then: what a timeout says was awaited.
        var awaited: (request: UnansweredRequest, waitingToBeSent: Int)?
        /// The version negotiated by `hello`; protocol 1 until then.
        var version = ProtocolVersion.v1
        /// The `seq` of the last request sent (protocol 2).
        var lastSeq: Int64 = 0
        /// Whether the engine declared pipelining (protocol 2 only).
        var pipelines = false
        /// The requests written and not yet answered, oldest first, from `firstUnanswered` on
        /// (those before it are answered; all are dropped once all are answered).
        var unanswered: [UnansweredRequest] = []
        var firstUnanswered = 0
        /// The bytes of their lines, line ends included.
        var unansweredBytes = 0
    }

    /// A request written whose answer is still to be read.
    private struct UnansweredRequest {
        var request: EngineRequest
        var seq: Int64?
        /// Its line's length, line end included.
        var size: Int
    }

    /// The most bytes of requests (line ends included) iamspec keeps written and unanswered when
    /// it pipelines (`Specs/PROTOCOL.md`, "Pipelining"): at most what any pipe holds, so that
    /// neither side can block on a full pipe while the other waits for it. A longer request is
    /// sent alone.
    static let pipeliningWindow = 4096

    let channel: any EngineChannel
    /// What the replies' decoding does with keys the protocol does not define.
    private let unknownKeys: UnknownKeys
    private let state = Mutex(State())
    /// Apart from `state`, so that ``interrupt()`` never waits for a blocked read.
    private let reader: Mutex<LineReader>
    private let wake: (read: Int32, write: Int32)

    init(channel: any EngineChannel, unknownKeys: UnknownKeys) {
        self.channel = channel
        self.unknownKeys = unknownKeys
        self.reader = Mutex(LineReader(descriptor: channel.outputDescriptor))
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(descriptors[1], F_SETFL, O_NONBLOCK)
        }
        self.wake = (descriptors[0], descriptors[1])
    }

    deinit {
        channel.kill()
        channel.closeStreams()
        _ = channel.waitForExit(gracePeriod: .zero)
        closeDescriptor(wake.read)
        closeDescriptor(wake.write)
    }

    /// Whether the connection has failed or been interrupted, and must not be used again.
    var isUnusable: Bool {
        state.withLock { $0.hasFailed || $0.isInterrupted }
    }

    /// The protocol version spoken with this process: protocol 1 until ``speak(_:)``.
    var version: ProtocolVersion {
        state.withLock { $0.version }
    }

    /// Speaks `version` from now on: the one the engine chose in its `hello_reply`; `pipelining`
    /// when the engine declared it, which only protocol 2 can.
    func speak(_ version: ProtocolVersion, pipelining: Bool) {
        state.withLock { state in
            state.version = version
            state.pipelines = pipelining && version.numbersMessages
        }
    }

    /// Whether requests may be sent ahead of their answers (``sendAhead(_:timeout:)``).
    var pipelines: Bool {
        state.withLock { $0.pipelines }
    }

    /// Whether requests written still wait for their answers.
    var hasUnanswered: Bool {
        state.withLock { $0.firstUnanswered < $0.unanswered.count }
    }

    /// Whether this process has not yet been given a case.
    var isFresh: Bool {
        state.withLock { $0.casesStarted == 0 }
    }

    /// The tail of what the engine wrote on stderr since the current case began (since it
    /// started, before the first case).
    var diagnostics: String {
        channel.diagnostics(since: state.withLock { $0.caseStderrPosition })
    }

    /// What the connection waits for now, in words, for a run given up as overdue: the request
    /// whose answer it reads (with its `seq`, and the case it belongs to), and, with pipelining,
    /// how full the window is; nil when it waits for nothing.
    var awaitedDescription: String? {
        awaitedNow.map { $0.request + ($0.window.map { "; \($0)" } ?? "") }
    }

    /// The request whose answer is being read, and the window (``describe(_:waitingToBeSent:in:)``).
    private var awaitedNow: (request: String, window: String?)? {
        state.withLock { state in
            state.awaited.map { describe($0.request, waitingToBeSent: $0.waitingToBeSent, in: state) }
        }
    }

    /// The request awaited, `stimulus advance (seq 7) of case "b" (braze-swift)`, and, with
    /// pipelining, what else was sent ahead and unanswered, and whether the window was full.
    private func describe(
        _ awaited: UnansweredRequest,
        waitingToBeSent: Int,
        in state: State
    ) -> (request: String, window: String?) {
        var request = awaited.request.summary
        if let seq = awaited.seq { request += " (seq \(seq))" }
        switch awaited.request {
        case .startCase:
            break
        case .hello, .stimulus, .endCase, .shutdown:
            if let currentCase = state.currentCase { request += " of \(currentCase)" }
        }
        guard state.pipelines else { return (request, nil) }
        let ahead = state.unanswered.count - state.firstUnanswered
        let bytes = state.unansweredBytes + awaited.size
        var window =
            "\(ahead + 1) request\(ahead == 0 ? " was" : "s were") sent ahead and unanswered, \(bytes) of the "
            + "\(Self.pipeliningWindow) bytes of the pipelining window"
        window +=
            waitingToBeSent > 0
            ? ", and \(waitingToBeSent) more waited to be sent: the window was full"
            : ", and none waited to be sent: the window was not full"
        return (request, window)
    }

    /// Stops the engine from any thread: a pending ``exchange(_:timeout:)`` returns at once.
    func interrupt() {
        guard state.withLock({ $0.isInterrupted.setForTheFirstTime() }) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        channel.kill()
    }

    /// Ends the current case with `end_case`. In protocol 2 the engine answers `ended`, and any
    /// other line before it (a second answer to the case's last request, an unasked line, a wrong
    /// `seq`) is this case's failure; in protocol 1 nothing is answered.
    ///
    /// Requests sent ahead and not asked for (the run stopped early) are answered first: each
    /// answer is read and checked as any answer is, and dropped. `end_case` itself is written
    /// unless it was sent ahead.
    func endCase(timeout: Duration) throws(ConnectionFailure) {
        guard version.answersEndCase else { return try send(.endCase, timeout: timeout) }
        while let next = nextUnanswered {
            if case .endCase = next { break }
            _ = try receive(timeout: timeout)
        }
        if nextUnanswered == nil { try transmit(.endCase, timeout: timeout) }
        _ = try receive(timeout: timeout)
    }

    /// The oldest request written and not yet answered.
    private var nextUnanswered: EngineRequest? {
        state.withLock { state in
            state.firstUnanswered < state.unanswered.count ? state.unanswered[state.firstUnanswered].request : nil
        }
    }

    /// Sends a request that is not answered (`end_case` in protocol 1, `shutdown`).
    func send(_ request: EngineRequest, timeout: Duration) throws(ConnectionFailure) {
        try transmit(request, timeout: timeout, awaitsAnswer: false)
    }

    /// Writes a request, numbered in protocol 2; when it `awaitsAnswer` (all but those ``send(_:timeout:)`` writes), its
    /// answer is then the last awaited (``receive(timeout:)``).
    private func transmit(
        _ request: EngineRequest,
        timeout: Duration,
        awaitsAnswer: Bool = true
    ) throws(ConnectionFailure) {
        try checkUsable(request)
        let (version, seq): (ProtocolVersion, Int64?) = state.withLock { state in
            guard state.version.numbersMessages, request.type != "hello" else { return (state.version, nil) }
            state.lastSeq += 1
            return (state.version, state.lastSeq)
        }
        let line = WireCodec.line(request, seq: seq, version: version)
        do {
            try writeRequests(line, timeout: timeout)
        } catch {
            throw fail(
                writeFailureReason(error, request: request, timeout: timeout),
                outputEnded: error == .closed,
                endedBeforeAnswering: error == .closed
            )
        }
        guard awaitsAnswer else { return }
        state.withLock { state in
            state.unanswered.append(UnansweredRequest(request: request, seq: seq, size: line.count))
            state.unansweredBytes += line.count
        }
    }

    /// Writes `bytes` on the engine's stdin, waiting while the pipe is full.
    private func writeRequests(_ bytes: [UInt8], timeout: Duration) throws(LineWriteFailure) {
        let hold = BrokenPipeSignalHold()
        try writeLine(bytes, to: channel.inputDescriptor, deadline: .now + timeout, wake: wake.read, hold: hold)
    }

    /// Pipelining: writes, in one write, as many of `requests` as fit, from the first, without
    /// waiting for answers: while the requests written and unanswered stay within
    /// ``pipeliningWindow`` bytes, line ends included. A request longer than that is sent alone,
    /// once nothing is unanswered. Returns how many were sent; at least one when nothing was
    /// unanswered.
    ///
    /// An engine found to have closed its input while answers are due is not failed here: those
    /// answers, or the end of its output, say what happened, as without pipelining.
    func sendAhead(_ requests: ArraySlice<EngineRequest>, timeout: Duration) throws(ConnectionFailure) -> Int {
        guard let first = requests.first else { return 0 }
        try checkUsable(first)
        let (version, firstSeq, unansweredBytes) = state.withLock { ($0.version, $0.lastSeq + 1, $0.unansweredBytes) }
        var batch: [UInt8] = []
        var sent: [UnansweredRequest] = []
        sent.reserveCapacity(requests.count)
        for request in requests {
            let seq = firstSeq + Int64(sent.count)
            let line = WireCodec.line(request, seq: seq, version: version)
            let isAlone = unansweredBytes == 0 && sent.isEmpty
            guard isAlone || unansweredBytes + batch.count + line.count <= Self.pipeliningWindow else { break }
            batch += line
            sent.append(UnansweredRequest(request: request, seq: seq, size: line.count))
            if batch.count > Self.pipeliningWindow { break }
        }
        guard !sent.isEmpty else { return 0 }
        do {
            // At most a pipe's capacity in all is unread: the write does not wait for the engine.
            try writeRequests(batch, timeout: timeout)
        } catch {
            if error == .closed && unansweredBytes > 0 { return 0 }
            throw fail(
                writeFailureReason(error, request: first, timeout: timeout),
                outputEnded: error == .closed,
                endedBeforeAnswering: error == .closed
            )
        }
        state.withLock { state in
            state.lastSeq = firstSeq + Int64(sent.count) - 1
            state.unanswered += sent
            state.unansweredBytes += batch.count
        }
        return sent.count
    }

    /// Stops the engine because iamspec asked it for `request` off the order it had sent requests
    /// ahead in: no answer read now could be the right one.
    func refuse(_ request: EngineRequest) -> ConnectionFailure {
        let next = nextUnanswered?.summary ?? "nothing"
        return fail("iamspec asked the engine for \(request.summary), where it had sent \(next) ahead")
    }

    /// Sends a request and reads its reply, which must be one of the types the request allows.
    /// Nothing may be unanswered before.
    func exchange(_ request: EngineRequest, timeout: Duration) throws(ConnectionFailure) -> EngineReply {
        if case .startCase(let setup) = request {
            // A line the process wrote since its last case, unasked, is that case's (or, by its
            // stale `seq`, an earlier one's): found before the new case is sent, it is not the
            // new case's answer.
            if !isFresh { try checkNothingWritten(before: request, timeout: timeout) }
            let position = channel.stderrPosition
            state.withLock { state in
                state.casesStarted += 1
                state.caseStderrPosition = position
                state.previousCase = state.currentCase
                state.currentCase = "\(request.summary) (\(setup.profile.rawValue))"
                if state.version.numbersMessages {
                    state.caseSeqs.append((state.lastSeq + 1, state.currentCase ?? request.summary))
                }
            }
        }
        try transmit(request, timeout: timeout)
        return try receive(timeout: timeout)
    }

    /// The most late lines ``shutDown(gracePeriod:)`` reads.
    static let lateLinesReadAtShutdown = 16

    /// Tells the idle process to shut down and ends the conversation: every line it writes before
    /// its output closes (within `gracePeriod`, at most ``lateLinesReadAtShutdown``), already
    /// waiting or written since, came after its last case ended, and is returned as a late line
    /// charged to that case, as the next case's request would have found it.
    func shutDown(gracePeriod: Duration) -> [String] {
        try? send(.shutdown, timeout: gracePeriod)
        let deadline = ContinuousClock.now + gracePeriod
        var late: [String] = []
        // A process that floods its output instead of exiting is not read for ever.
        while late.count < Self.lateLinesReadAtShutdown {
            do {
                let line = try reader.withLock { reader throws(LineReadFailure) in
                    try reader.readLine(deadline: deadline, wake: wake.read, exited: channel.exitDescriptor)
                }
                // Blank lines are not messages, here as before an answer.
                if Self.isBlank(line) { continue }
                late += [lateLineText(line, seq: nil, beforeCase: true)].compactMap { $0 }
            } catch {
                if case .endOfStream(let partial) = error, !Self.isBlank(partial) {
                    late += [lateLineText(partial, seq: nil, beforeCase: true)].compactMap { $0 }
                }
                break
            }
        }
        close(gracePeriod: gracePeriod)
        return late
    }

    /// Throws a failure with a ``ConnectionFailure/lateLine`` when the idle process wrote a line
    /// since its last case ended (charged to the case its `seq` belongs to, else to that last
    /// case), or one that ended before answering when it closed its output.
    private func checkNothingWritten(before request: EngineRequest, timeout: Duration) throws(ConnectionFailure) {
        var line: [UInt8] = []
        // Blank lines are not messages, here as before an answer: read past them.
        repeat {
            var ready = pollfd(fd: channel.outputDescriptor, events: Int16(POLLIN), revents: 0)
            let pending = reader.withLock { $0.hasBufferedLine } || poll(&ready, 1, 0) > 0
            guard pending else { return }
            do {
                line = try reader.withLock { reader throws(LineReadFailure) in
                    try reader.readLine(deadline: .now + timeout, wake: wake.read, exited: channel.exitDescriptor)
                }
            } catch {
                guard case .endOfStream(let partial) = error, !Self.isBlank(partial) else {
                    // Closed (it exited since its last case) or stopped: as before any request.
                    throw fail(
                        readFailureReason(error, request: request, timeout: timeout),
                        outputEnded: true,
                        endedBeforeAnswering: true
                    )
                }
                var failure = fail("the engine wrote an unfinished line before \(request.summary)", outputEnded: true)
                failure.lateLine = lateLineText(partial, seq: nil, beforeCase: true)
                throw failure
            }
        } while Self.isBlank(line)
        var failure = fail("the engine wrote a line before \(request.summary)")
        failure.lateLine = lateLineText(line, seq: nil, beforeCase: true)
        throw failure
    }

    /// Whether `line` is blank (spaces and tabs only): no message, wherever it comes.
    private static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// A late line: charged to the case whose run its `seq` belongs to when that is an earlier
    /// case's (before `caseSeq`, the `seq` of the `case` being answered, if any); else, found
    /// before a `case` was sent (`beforeCase`), to the last case the process ran; else, in place
    /// of the answer to `case`, when it is an answer only an earlier case's requests take
    /// (`observations`, `unsupported`, `ended`), to the case before. Nil when the line is the
    /// case's own: not JSON, no `type`, or an answer to `case` with another `seq`.
    private func lateLineText(_ line: [UInt8], seq caseSeq: Int64?, beforeCase: Bool = false) -> String? {
        let value = try? JSONParser.parse(line)
        let found = value.flatMap(WireCodec.sequenceNumber(of:))
        let owner = state.withLock { state -> String? in
            if let found, caseSeq.map({ found < $0 }) ?? true,
                let owner = state.caseSeqs.last(where: { $0.first <= found })
            {
                return owner.name
            }
            if beforeCase { return state.currentCase }
            guard case .object(let fields)? = value, case .string(let type)? = fields["type"],
                Self.answersOfEarlierRequests.contains(type), found.map({ $0 >= caseSeq ?? $0 }) ?? true
            else { return nil }
            return state.previousCase
        }
        return owner.map { "after \($0) had ended, the engine wrote \(excerpt(line))" }
    }

    /// `line`, quoted as a late line of the earlier case whose request `found` is, when it is
    /// one: before the current case's `case` request.
    private func strayLineOfAnEarlierCase(_ line: [UInt8], seq found: Int64?) -> String? {
        guard let found else { return nil }
        let owner = state.withLock { state -> String? in
            guard let current = state.caseSeqs.last, found < current.first else { return nil }
            return state.caseSeqs.last { $0.first <= found }?.name
        }
        return owner.map { "after \($0) had ended, the engine wrote \(excerpt(line))" }
    }

    /// The answers no `case` takes, only a stimulus or `end_case`, which only come before it.
    private static let answersOfEarlierRequests: Set<String> = ["observations", "unsupported", "ended"]

    /// Reads the reply to the oldest request written and not yet answered, which must be one of
    /// the types that request allows. `waitingToBeSent` is how many requests of the run wait to be
    /// sent ahead once the window has room (for a timeout's message).
    func receive(timeout: Duration, waitingToBeSent: Int = 0) throws(ConnectionFailure) -> EngineReply {
        let awaited = state.withLock { state -> UnansweredRequest? in
            guard state.firstUnanswered < state.unanswered.count else { return nil }
            let awaited = state.unanswered[state.firstUnanswered]
            state.firstUnanswered += 1
            if state.firstUnanswered == state.unanswered.count {
                state.unanswered.removeAll(keepingCapacity: true)
                state.firstUnanswered = 0
            }
            state.unansweredBytes -= awaited.size
            state.awaited = (awaited, waitingToBeSent)
            return awaited
        }
        guard let awaited else { preconditionFailure("no request awaits an answer") }
        defer { state.withLock { $0.awaited = nil } }
        let (request, seq) = (awaited.request, awaited.seq)
        let deadline = ContinuousClock.now + timeout
        while true {
            let line = try readAnswer(to: request, deadline: deadline, timeout: timeout)
            if let reply = try decode(line, answering: request, seq: seq) { return reply }
        }
    }

    /// The next line that is not blank, read by `deadline`.
    private func readAnswer(
        to request: EngineRequest,
        deadline: ContinuousClock.Instant,
        timeout: Duration
    ) throws(ConnectionFailure) -> [UInt8] {
        do {
            return try reader.withLock { reader throws(LineReadFailure) in
                // Blank lines are not messages.
                while true {
                    let line = try reader.readLine(
                        deadline: deadline,
                        wake: wake.read,
                        exited: channel.exitDescriptor
                    )
                    if !Self.isBlank(line) { return line }
                }
            }
        } catch {
            if error == .exited {
                // It exited while a child of its own still holds its stdout: that is the end too.
                throw fail(
                    readFailureReason(error, request: request, timeout: timeout),
                    outputEnded: true,
                    endedBeforeAnswering: true
                )
            }
            guard case .endOfStream(let partial) = error else {
                throw fail(readFailureReason(error, request: request, timeout: timeout))
            }
            throw fail(
                readFailureReason(error, request: request, timeout: timeout),
                outputEnded: true,
                endedBeforeAnswering: partial.isEmpty
            )
        }
    }

    /// Lines an earlier case's run wrote during a later case (by their stale `seq`), each quoted
    /// with that case, taken from the connection: the pool charges them to those runs as late
    /// lines.
    func takeStrayLines() -> [String] {
        state.withLock { state in
            defer { state.strayLines = [] }
            return state.strayLines
        }
    }

    /// The reply `line` gives `request`. A line is charged once, to the request it answers: in
    /// place of the answer to a `case`, a line whose `seq` is an earlier case's, or an answer only
    /// an earlier case's requests take, is that case's, written after it ended
    /// (``ConnectionFailure/lateLine``, ``lateLineText(_:seq:)``), and the case asked for is not
    /// to blame; any other line that does not answer it (not JSON, no `type`, a `ready` with
    /// another `seq`) is this case's error alone.
    private func decode(
        _ line: [UInt8],
        answering request: EngineRequest,
        seq: Int64?
    ) throws(ConnectionFailure) -> EngineReply? {
        guard case .startCase = request, state.withLock({ $0.casesStarted > 1 }) else {
            return try check(line, answering: request, seq: seq)
        }
        do {
            return try check(line, answering: request, seq: seq)
        } catch {
            var failure = error
            failure.lateLine = lateLineText(line, seq: seq)
            throw failure
        }
    }

    /// The reply `line` gives `request`, checked against what the request allows; nil for a line
    /// whose stale `seq` is a request of an earlier case than the current one, written by that
    /// case's run (a stray thread of the engine, say): kept in ``takeStrayLines()`` for that
    /// run, and the answer is still to be read.
    private func check(
        _ line: [UInt8],
        answering request: EngineRequest,
        seq: Int64?
    ) throws(ConnectionFailure) -> EngineReply? {
        // Checked without making a `String` of every line: the text is only needed for errors.
        guard line.allSatisfy({ $0 < 0x80 }) || String(validating: line, as: UTF8.self) != nil else {
            let violation = UTF8Violation.first(in: line, end: "the line").map {
                " (\($0.problem), at byte \($0.offset + 1))"
            }
            throw fail(
                "the engine's output is not UTF-8 text\(violation ?? "") in its answer to \(request.summary): \(excerpt(line))"
            )
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw fail(
                "the engine wrote a line that is not JSON, at \(error) (its answer to \(request.summary): \(excerpt(line)))"
            )
        }
        if case .endCase = request, let seq, !Self.isEnded(value, seq: seq) {
            throw fail(
                "after the case's last answer, the engine wrote \(excerpt(line)), "
                    + "where iamspec waited for `ended` with seq \(seq) (the answer to end_case)"
            )
        }
        let type: String
        if case .object(let fields) = value, case .string(let found)? = fields["type"] {
            type = found
        } else {
            throw fail(
                "the engine wrote a line without a \"type\" (its answer to \(request.summary): \(excerpt(line)))"
            )
        }
        if let seq, WireCodec.sequenceNumber(of: value) != seq {
            if case .stimulus = request,
                let stray = strayLineOfAnEarlierCase(line, seq: WireCodec.sequenceNumber(of: value))
            {
                state.withLock { $0.strayLines.append(stray) }
                return nil
            }
            let found: String
            do {
                found = try WireCodec.checkedSequenceNumber(of: value).map { "seq \($0)" } ?? "no seq"
            } catch {
                throw fail(
                    "the engine's `\(type)` answer to \(request.summary) (seq \(seq)) does not follow the protocol: "
                        + "\(error) (\(excerpt(line)))"
                )
            }
            throw fail(
                "the engine's answer is out of step: iamspec waited for the answer to \(request.summary) "
                    + "(seq \(seq)), and read a line with \(found) (\(excerpt(line)))"
            )
        }
        let expected = request.replyTypes(in: version)
        guard expected.contains(type) else {
            let list = expected.map { "`\($0)`" }.joined(separator: " or ")
            throw fail("the engine answered \(request.summary) with `\(type)`; expected \(list)")
        }
        do {
            return try WireCodec.decodeReply(value, unknownKeys: unknownKeys, version: version)
        } catch {
            throw fail("the engine's `\(type)` answer to \(request.summary) does not follow the protocol: \(error)")
        }
    }

    /// Whether `message` is `ended` answering the `end_case` numbered `seq`.
    private static func isEnded(_ message: JSONValue, seq: Int64) -> Bool {
        guard case .object(let fields) = message, fields["type"] == .string("ended") else { return false }
        return WireCodec.sequenceNumber(of: message) == seq
    }

    /// Ends the conversation: closes the streams, waits up to `gracePeriod` for the engine to
    /// exit, kills it if it has not, reaps it. Returns how it ended.
    @discardableResult
    func close(gracePeriod: Duration) -> String? {
        state.withLock { $0.hasFailed = true }
        channel.closeStreams()
        return channel.waitForExit(gracePeriod: gracePeriod)
    }

    private func checkUsable(_ request: EngineRequest) throws(ConnectionFailure) {
        let (interrupted, failed) = state.withLock { ($0.isInterrupted, $0.hasFailed) }
        if interrupted { throw fail(interruptedReason(request)) }
        if failed {
            throw ConnectionFailure(
                error: EngineError("the engine had already failed before \(request.summary)"),
                endedBeforeAnswering: false
            )
        }
    }

    /// Stops the engine for good and describes what happened, with how it ended and its stderr.
    private func fail(
        _ reason: String,
        outputEnded: Bool = false,
        endedBeforeAnswering: Bool = false
    ) -> ConnectionFailure {
        let alreadyStopped = state.withLock { $0.isInterrupted }
        // An engine that closed its output is most likely exiting: give it a moment to say how.
        if !outputEnded && !alreadyStopped { channel.kill() }
        let exit = close(gracePeriod: outputEnded ? .seconds(2) : .zero)
        var message = reason
        if let exit, outputEnded, !alreadyStopped { message += "; the engine \(exit)" }
        return ConnectionFailure(
            error: EngineError(message, diagnostics: diagnostics),
            endedBeforeAnswering: endedBeforeAnswering
        )
    }

    private func interruptedReason(_ request: EngineRequest) -> String {
        "the engine was stopped while iamspec waited for its answer to \(request.summary) "
            + "(the case ran out of time, or iamspec was interrupted)"
    }

    private func readFailureReason(_ failure: LineReadFailure, request: EngineRequest, timeout: Duration) -> String {
        let (awaited, window) = awaitedParts(request)
        return switch failure {
        case .endOfStream(let partial) where partial.isEmpty:
            "the engine closed its output before answering \(awaited)"
        case .endOfStream(let partial):
            "the engine closed its output in the middle of a line, answering \(awaited) "
                + "(the unfinished line: \(excerpt(partial)))"
        case .timedOut:
            "the engine did not answer \(awaited) within \(timeout.formattedSeconds); iamspec stopped it"
                + (window.map { " (\($0))" } ?? "")
        case .woken:
            interruptedReason(request)
        case .exited:
            "the engine ended before answering \(awaited), while a process it started still holds its output"
        case .tooLong(let limit):
            "the engine wrote a line longer than \(limit) bytes answering \(request.summary)"
        case .failed(let code):
            "reading the engine's answer to \(request.summary) failed: \(String(cString: strerror(code)))"
        }
    }

    /// The request whose answer is being read, `stimulus advance (seq 7) of case "b"
    /// (braze-swift)`, and with pipelining how full the window is; `request` alone when no
    /// answer is being read.
    private func awaitedParts(_ request: EngineRequest) -> (request: String, window: String?) {
        awaitedNow ?? (request.summary, nil)
    }

    private func writeFailureReason(_ failure: LineWriteFailure, request: EngineRequest, timeout: Duration) -> String {
        switch failure {
        case .closed:
            "the engine closed its input before iamspec could send \(request.summary)"
        case .timedOut:
            "the engine did not read \(request.summary) within \(timeout.formattedSeconds); iamspec stopped it"
        case .woken:
            interruptedReason(request)
        case .failed(let code):
            "sending \(request.summary) to the engine failed: \(String(cString: strerror(code)))"
        }
    }

    private func excerpt(_ bytes: [UInt8]) -> String {
        excerpt(String(decoding: bytes, as: UTF8.self))
    }

    private func excerpt(_ text: String) -> String {
        let cut = text.count > 200 ? String(text.prefix(200)) + "..." : text
        return "`\(cut)`"
    }
}
