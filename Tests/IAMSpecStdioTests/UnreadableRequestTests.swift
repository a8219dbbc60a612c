import Foundation
import IAMSpecPortable
import IAMSpecTesting
import Testing

@testable import IAMSpecStdio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Input ``StdioEngineServer`` cannot read as requests ends serving with an `error` answer that
/// says what was found, and `serve` says it failed (`iamspec engine --stdio` exits 2).
@Suite struct UnreadableRequestTests {
    @Test func aLineLongerThanTheLimitIsAnsweredWithAnErrorAndEndsServing() throws {
        let input =
            "{\"type\":\"hello\",\"protocol\":2}\n{\"type\":\"case\",\"x\":\""
            + String(repeating: "a", count: 1_100_000) + "\"}\n{\"type\":\"shutdown\"}\n"
        let (served, lines) = try Self.serve(input)
        #expect(!served)
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"hello_reply\"") == true)
        #expect(
            lines.last
                == "{\"type\":\"error\",\"message\":\"found a line longer than 1048576 bytes; expected one request a line, "
                + "at most 1048576 bytes long\"}"
        )
    }

    @Test func inputThatEndsInsideALineIsAnsweredWithAnError() throws {
        let (served, lines) = try Self.serve("{\"type\":\"hello\",\"protocol\":2}\n{\"type\":\"case\",\"seq\":1")
        #expect(!served)
        #expect(
            lines.last
                == "{\"type\":\"error\",\"message\":\"the input ended in the middle of a line (22 bytes after the last "
                + "line end); expected each request to end with a line end\"}"
        )
    }

    @Test func inputThatEndsAfterALineEndEndsServingWell() throws {
        let (served, lines) = try Self.serve("{\"type\":\"hello\",\"protocol\":2}\n")
        #expect(served)
        #expect(lines.count == 1)
    }

    /// What serving `input` (a file, so that no pipe fills) returned, and the lines it wrote.
    private static func serve(_ input: String) throws -> (Bool, [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputPath = folder.appendingPathComponent("in").path
        let outputPath = folder.appendingPathComponent("out").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let inputDescriptor = open(inputPath, O_RDONLY)
        let outputDescriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(inputDescriptor >= 0 && outputDescriptor >= 0)
        let served = StdioEngineServer(provider: ScriptedEngineProvider.everyAnswer())
            .serve(input: inputDescriptor, output: outputDescriptor)
        close(inputDescriptor)
        close(outputDescriptor)
        let output = try String(contentsOfFile: outputPath, encoding: .utf8)
        return (served, output.split(separator: "\n").map(String.init))
    }
}
