import IAMSpec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves any ``EngineProvider`` over the stdio protocol (`Specs/PROTOCOL.md`): the engine's side
/// of what ``StdioEngineProvider`` drives. `iamspec engine --stdio` serves the reference engine
/// this way, and a Swift engine can be checked across the protocol with it.
///
/// Requests are read one line at a time from `input` and each is answered on `output` before the
/// next is read. Problems with a request (not JSON, not a known message) are answered with an
/// `error` message and written to stderr, and serving goes on; so are the provider's and the
/// engine's own errors, without the stderr note.
public struct StdioEngineServer: Sendable {
    /// The provider whose engines run the cases.
    public let provider: any EngineProvider

    public init(provider: any EngineProvider) {
        self.provider = provider
    }

    /// Serves until `shutdown`, the end of `input`, or `output` closing (which ends serving without
    /// SIGPIPE: see ``writeWithoutBrokenPipeSignal(_:_:)``).
    public func serve(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        var reader = LineReader(descriptor: input)
        var engine: (any DeliveryEngine)?
        while true {
            let line: [UInt8]
            do {
                line = try reader.readLine()
            } catch {
                if case .endOfStream(let partial) = error, partial.isEmpty { return }
                report("reading a request failed: \(error)")
                return
            }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let request: EngineRequest
            do {
                request = try WireCodec.decodeRequest(try JSONParser.parse(line), unknownKeys: .ignored)
            } catch {
                let text = String(decoding: line.prefix(200), as: UTF8.self)
                let problem = "not a request iamspec's protocol defines: \(error) (in `\(text)`)"
                report(problem)
                guard send(.error(message: problem), to: output) else { return }
                continue
            }
            switch request {
            case .hello:
                guard
                    send(
                        .hello(protocolVersion: WireCodec.protocolVersion, description: provider.description),
                        to: output
                    )
                else { return }
            case .startCase(let setup):
                engine = nil
                let reply: EngineReply
                do {
                    engine = try provider.makeEngine(for: setup)
                    reply = .ready
                } catch let skipped as CaseSkipped {
                    reply = .skipped(reason: skipped.reason)
                } catch {
                    reply = .error(message: Self.describe(error))
                }
                guard send(reply, to: output) else { return }
            case .stimulus(let stimulus):
                let reply: EngineReply
                if engine == nil {
                    reply = .error(message: "no case is running: a stimulus must follow a case answered with ready")
                } else {
                    do {
                        reply = .observations(try engine!.handle(stimulus))
                    } catch {
                        reply = .error(message: Self.describe(error))
                    }
                }
                guard send(reply, to: output) else { return }
            case .endCase:
                engine = nil
            case .shutdown:
                return
            }
        }
    }

    private func send(_ reply: EngineReply, to output: Int32) -> Bool {
        do {
            try writeLine(JSONSerializer.line(WireCodec.encode(reply)), to: output)
            return true
        } catch {
            report("writing an answer failed: \(error)")
            return false
        }
    }

    private func report(_ message: String) {
        try? writeLine("iamspec engine: \(message)", to: STDERR_FILENO)
    }

    private static func describe(_ error: any Error) -> String {
        let text = (error as? EngineError)?.message ?? String(describing: error)
        return text.isEmpty ? "the engine failed without a message" : text
    }
}
