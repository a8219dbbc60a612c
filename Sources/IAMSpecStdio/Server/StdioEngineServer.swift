import IAMSpec
import IAMSpecPlatform
import IAMSpecPortable

/// Serves any `EngineProvider` over the stdio protocol (`Specs/PROTOCOL.md`): the engine's side
/// of what ``StdioEngineProvider`` drives. `iamspec engine --stdio` serves the reference engine
/// this way, and a Swift engine can be checked across the protocol with it.
///
/// Requests are read one line at a time from `input` and answered in order on `output`. It
/// declares pipelining to an engine runner that speaks protocol 2 or later: requests may then come before
/// the answers to earlier ones, and the answers to the requests read together are written together
/// (the output is written whenever no whole request is left to read, before waiting for more).
/// Problems with a request (not JSON, not a known message) are answered with an
/// `error` message and written to stderr, and serving goes on; so are the provider's and the
/// engine's own errors, without the stderr note.
public struct StdioEngineServer: Sendable {
    /// The provider whose engines run the cases.
    public let provider: any EngineProvider

    /// A server whose engines `provider` makes, one for each case it is asked to run.
    public init(provider: any EngineProvider) {
        self.provider = provider
    }

    /// Serves until `shutdown`, the end of `input`, or `output` closing (which ends serving without
    /// SIGPIPE: see `BrokenPipeSignalHold`, held for the whole call); false when it ended on input
    /// it could not read as lines (a line longer than 1 MiB, input that ends inside a line, a
    /// failed read), after an `error` answer and a note on stderr saying what was found.
    ///
    /// It speaks the newest version it shares with the one `hello` offers (the newest iamspec speaks
    /// for any later one, which the other side then refuses or speaks); until `hello`, protocol 1.
    @discardableResult
    public func serve(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Bool {
        var reader = LineReader(descriptor: input)
        let hold = BrokenPipeSignalHold()
        var engine: (any DeliveryEngine)?
        var version = ProtocolVersion.v1
        // The answers not yet written: those to the requests read together.
        var answers: [UInt8] = []
        defer { _ = flush(&answers, to: output, hold: hold) }
        while true {
            let line: [UInt8]
            do {
                if !reader.hasBufferedLine, !flush(&answers, to: output, hold: hold) { return true }
                line = try reader.readLine()
            } catch {
                if case .endOfStream(let partial) = error, partial.isEmpty { return true }
                let problem = Self.readProblem(error)
                report(problem, hold: hold)
                answers += WireCodec.line(.error(message: problem), seq: nil, version: version)
                return false
            }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let request: EngineRequest
            var seq: Int64?
            do {
                let message = try JSONParser.parse(line)
                seq = WireCodec.sequenceNumber(of: message)
                request = try WireCodec.decodeRequest(message, unknownKeys: .ignored, version: version)
            } catch {
                let text = String(decoding: line.prefix(200), as: UTF8.self)
                let problem = "not a request iamspec's protocol defines: \(error) (in `\(text)`)"
                report(problem, hold: hold)
                answers += WireCodec.line(.error(message: problem), seq: seq, version: version)
                continue
            }
            let reply: EngineReply
            switch request {
            case .hello(let offered):
                // The newest version iamspec's offer and this server share.
                version = ProtocolVersion.allCases.last { Int64($0.rawValue) <= offered } ?? .v1
                reply = .hello(
                    protocolVersion: Int64(version.rawValue),
                    description: provider.description,
                    pipelines: version.numbersMessages
                )
            case .startCase(let setup):
                engine = nil
                do {
                    engine = try provider.makeEngine(for: setup)
                    reply = .ready
                } catch let skipped as CaseSkipped {
                    reply = .skipped(reason: skipped.reason)
                } catch {
                    reply = .error(message: Self.describe(error))
                }
            case .stimulus(let stimulus):
                if engine == nil {
                    reply = .error(message: "no case is running: a stimulus must follow a case answered with ready")
                } else {
                    do {
                        reply = .observations(try engine!.handle(stimulus))
                    } catch let declined as CaseSkipped where version.declinesStimuli {
                        reply = .unsupported(reason: declined.reason)
                    } catch {
                        reply = .error(message: Self.describe(error))
                    }
                }
            case .endCase:
                var ending = engine
                engine = nil
                do {
                    try ending?.endCase()
                } catch {
                    // Protocol 2 answers `end_case` with `ended` only: any other line makes the
                    // case an error, as an engine that throws here makes its run one in process.
                    guard version.answersEndCase else {
                        report("the case ended in error: \(Self.describe(error))", hold: hold)
                        continue
                    }
                    answers += WireCodec.line(.error(message: Self.describe(error)), seq: seq, version: version)
                    continue
                }
                guard version.answersEndCase else { continue }
                reply = .ended
            case .shutdown:
                return true
            }
            answers += WireCodec.line(reply, seq: seq, version: version)
        }
    }

    /// Writes the answers not yet written, and empties them; false when the output is closed.
    private func flush(_ answers: inout [UInt8], to output: Int32, hold: borrowing BrokenPipeSignalHold) -> Bool {
        guard !answers.isEmpty else { return true }
        defer { answers.removeAll(keepingCapacity: true) }
        do {
            try writeLine(answers, to: output, hold: hold)
            return true
        } catch {
            report("writing an answer failed: \(error)", hold: hold)
            return false
        }
    }

    /// Writes a note on stderr, a terminal as often as not (PROTOCOL.md has authors feed requests
    /// by hand): the request it quotes is shown as `QuotedText` shows any text from outside, never
    /// interpreted (an escape sequence, a byte order mark, a line break).
    private func report(_ message: String, hold: borrowing BrokenPipeSignalHold) {
        try? writeLine(Array("iamspec engine: \(QuotedText.line(message))\n".utf8), to: STDERR_FILENO, hold: hold)
    }

    /// Why no request could be read, in words.
    private static func readProblem(_ failure: LineReadFailure) -> String {
        switch failure {
        case .endOfStream(let partial):
            "the input ended in the middle of a line (\(partial.count) bytes after the last line end); "
                + "expected each request to end with a line end"
        case .tooLong(let limit):
            "found a line longer than \(limit) bytes; expected one request a line, at most \(limit) bytes long"
        case .failed(let code):
            "reading a request failed: \(String(cString: strerror(code)))"
        case .timedOut, .woken, .exited:
            "reading a request stopped before a whole line came"
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let declined = error as? CaseSkipped {
            // Protocol 1 has no `unsupported` answer.
            return "the engine does not support this stimulus: \(declined.reason)"
        }
        let text = (error as? EngineError)?.message ?? String(describing: error)
        return text.isEmpty ? "the engine failed without a message" : text
    }
}
