import Testing

@testable import IAMSpecStdio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines come out whole and in order however the writer's bytes arrive: many lines in one read,
/// a line split across reads, `\r\n` line ends, and what is left when the stream ends.
@Suite struct LineReaderTests {
    /// A reader of a pipe whose writing end has had `chunks` written, each in one `write`, and
    /// is then closed.
    private func reader(of chunks: [String]) throws -> LineReader {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        for chunk in chunks {
            let bytes = Array(chunk.utf8)
            try #require(write(descriptors[1], bytes, bytes.count) == bytes.count)
        }
        close(descriptors[1])
        return LineReader(descriptor: descriptors[0])
    }

    private func text(_ line: [UInt8]) -> String {
        String(decoding: line, as: UTF8.self)
    }

    @Test func manyLinesInOneReadAndALineAcrossReads() throws {
        var reader = try reader(of: ["one\ntwo\r\nthr", "ee\n\nfour\nfive", "-and-more"])
        for expected in ["one", "two", "three", "", "four"] {
            #expect(text(try reader.readLine()) == expected)
        }
        #expect(throws: LineReadFailure.endOfStream(partialLine: Array("five-and-more".utf8))) {
            try reader.readLine()
        }
    }

    @Test func theStreamEndingAfterALineEndLeavesNothing() throws {
        var reader = try reader(of: ["a\nb\n"])
        #expect(text(try reader.readLine()) == "a")
        #expect(text(try reader.readLine()) == "b")
        #expect(throws: LineReadFailure.endOfStream(partialLine: [])) { try reader.readLine() }
    }

    @Test func aLineOfTheLimitIsReadAndALongerOneRefusedWhereverItsLineEndFalls() throws {
        let limit = LineReader.lineLimit
        let exact = String(repeating: "a", count: limit)
        var reader = try fileReader(of: exact + "\n" + exact + "\r\n" + exact + "b\n")
        #expect(try reader.readLine().count == limit)
        #expect(try reader.readLine().count == limit)
        #expect(throws: LineReadFailure.tooLong(limit: limit)) { try reader.readLine() }
    }

    /// A reader of a file holding `text` (a pipe would fill before a long line is written).
    private func fileReader(of text: String) throws -> LineReader {
        let path = "/tmp/iamspec-line-reader-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let bytes = Array(text.utf8)
        let writing = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(writing >= 0)
        try #require(write(writing, bytes, bytes.count) == bytes.count)
        close(writing)
        let reading = open(path, O_RDONLY)
        unlink(path)
        try #require(reading >= 0)
        return LineReader(descriptor: reading)
    }
}
