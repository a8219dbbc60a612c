import Foundation
import IAMSpec
import IAMSpecPortable
import IAMSpecTesting
import Testing

@testable import IAMSpecStdio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The version ``StdioEngineServer`` speaks (`Specs/PROTOCOL.md`, "Versions"): an engine that
/// speaks several versions answers `hello` with the newest it shares with iamspec.
@Suite struct ServedVersionTests {
    /// The offers: the oldest version, the newest, and later ones no iamspec yet speaks.
    static let offers: [Int] = ProtocolVersion.allCases.map(\.rawValue) + [ProtocolVersion.latest.rawValue + 1, 99]

    @Test(arguments: offers)
    func helloIsAnsweredWithTheNewestVersionBothSpeak(offered: Int) throws {
        let answer = try Self.helloReply(offering: offered)
        #expect(answer["protocol"] == .integer(Int64(min(offered, ProtocolVersion.latest.rawValue))))
    }

    @Test func iamspecNamesTheVersionsItSpeaksInWords() {
        let numbers = ProtocolVersion.allCases.map { "\($0.rawValue)" }
        #expect(ProtocolVersion.spokenInWords.hasSuffix(" and \(numbers[numbers.count - 1])"))
        #expect(ProtocolVersion.spokenInWords.hasPrefix(numbers[0]))
    }

    /// The `hello_reply` a server writes to `hello` offering `version`, then the end of its input.
    private static func helloReply(offering version: Int) throws -> JSONObject {
        var requests: [Int32] = [-1, -1]
        var replies: [Int32] = [-1, -1]
        #expect(pipe(&requests) == 0 && pipe(&replies) == 0)
        let hello = Array("{\"type\":\"hello\",\"protocol\":\(version)}\n".utf8)
        #expect(write(requests[1], hello, hello.count) == hello.count)
        close(requests[1])
        StdioEngineServer(provider: ScriptedEngineProvider.everyAnswer())
            .serve(input: requests[0], output: replies[1])
        close(requests[0])
        close(replies[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(replies[0], &buffer, buffer.count), count > 0 {
            output += buffer[..<count]
        }
        close(replies[0])
        let line = output.split(separator: UInt8(ascii: "\n")).first.map(Array.init) ?? []
        guard case .object(let reply) = try JSONParser.parse(line), reply["type"] == .string("hello_reply") else {
            throw ServedVersionError(output: String(decoding: output, as: UTF8.self))
        }
        return reply
    }
}

/// What a server wrote when it was not one `hello_reply`.
private struct ServedVersionError: Error, CustomStringConvertible {
    let output: String
    var description: String { "not a hello_reply: \(output)" }
}
