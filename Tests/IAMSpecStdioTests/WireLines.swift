import IAMSpecPortable

@testable import IAMSpecStdio

/// The lines the protocol's encoders write, as tests read them: the text without its line end,
/// or the parsed message.
enum WireLines {
    static func text(_ request: EngineRequest, seq: Int64? = nil, version: ProtocolVersion = .latest) -> String {
        text(of: WireCodec.line(request, seq: seq, version: version))
    }

    static func text(_ reply: EngineReply, seq: Int64? = nil, version: ProtocolVersion = .latest) -> String {
        text(of: WireCodec.line(reply, seq: seq, version: version))
    }

    static func message(_ request: EngineRequest, seq: Int64? = nil, version: ProtocolVersion = .latest) -> JSONValue {
        parsed(text(request, seq: seq, version: version))
    }

    static func message(_ reply: EngineReply, seq: Int64? = nil, version: ProtocolVersion = .latest) -> JSONValue {
        parsed(text(reply, seq: seq, version: version))
    }

    private static func text(of line: [UInt8]) -> String {
        precondition(line.last == UInt8(ascii: "\n"), "a line ends with a newline")
        return String(decoding: line.dropLast(), as: UTF8.self)
    }

    private static func parsed(_ text: String) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            preconditionFailure("an encoder wrote a line that is not JSON: \(error) in \(text)")
        }
    }
}
