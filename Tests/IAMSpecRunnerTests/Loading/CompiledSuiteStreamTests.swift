import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// A compiled suite read from a file, as a stream of chunks and its cases read back one at a time,
/// reads as the same suite read from its bytes in memory with its cases' models kept, and fails
/// with the same error, wherever the chunks end (inside a string, a number, an escape); a document
/// whose members come in another order reads the same; a file that changes under a suite read from
/// it makes an error, not a crash, and a case whose model was kept does not read the file again.
@Suite struct CompiledSuiteStreamTests {
    private static let repository = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent().path

    /// The passing fixtures, compiled: a few cases of every kind of step.
    private static func encoded() throws -> [UInt8] {
        let suite = SuiteLoader.load(paths: [repository + "/Fixtures/specs/passing"])
        let selection = RunSelection()
        return try CompiledSuite(
            selecting: selection.runs(of: suite.loadedCases),
            rules: suite.rules,
            paths: ["Fixtures/specs/passing"],
            selection: selection,
            timeoutMilliseconds: 30_000
        ).encoded()
    }

    /// What a read makes of a suite: its runs and every case's model, or its error.
    private static func outcome(_ read: () throws(CompiledSuiteError) -> CompiledSuite) -> String {
        do {
            let suite = try read()
            let models = try suite.cases.models()
            return "\(suite.runs) \(suite.rules) \(suite.selection) \(models.map(DeepDescription.of))"
        } catch {
            return error.description
        }
    }

    /// The suite of `bytes` read from a file in chunks of `chunkSize` bytes.
    private static func outcome(ofFile bytes: [UInt8], chunkSize: Int) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return outcome { () throws(CompiledSuiteError) in
            let source: CompiledSuiteSource
            do throws(CompiledSuiteSource.SourceError) {
                source = CompiledSuiteSource(file: try CompiledSuiteFileReader(path: url.path), chunkSize: chunkSize)
            } catch {
                throw CompiledSuiteError(file: url.path, line: 1, column: 1, message: error.reason)
            }
            // No model kept: every case is read back from the file.
            return try CompiledSuite.read(source, file: "suite.json", modelBytesKept: 0)
        }
    }

    /// Variants of the document: valid ones (escapes, a surrogate pair) and ones each reader
    /// refuses (cut short, a step of no kind, a run out of order, bytes that are not UTF-8, a number
    /// out of range, a key twice).
    private static func variants(of bytes: [UInt8]) -> [[UInt8]] {
        let text = String(decoding: bytes, as: UTF8.self)
        let replacements = [
            (#""kind":"session_start""#, #""kind":"jump""#),
            (#""title":""#, #""title":"\u00e9\ud83d\ude00\"\\ "#),
            (#""format":1"#, #""format":2"#),
            (#""timeout_ms":30000"#, #""timeout_ms":123456789012345678901234"#),
            (#""timeout_ms":30000"#, #""timeout_ms":1e999"#),
            (#""timeout_ms":30000"#, #""timeout_ms":30000,"timeout_ms":1"#),
            (#""profile":"braze-swift"}"#, #""profile":"braze-swift","extra":-0.5e+3}"#),
            (#"{"case":"#, #"{"case":"zzz","profile":"braze-swift"},{"case":"#),
            ("[]", "[ \t\r\n]"),
        ]
        var variants = [bytes]
        for (old, new) in replacements where text.contains(old) {
            variants.append(Array(text.replacingOccurrences(of: old, with: new).utf8))
        }
        var notUTF8 = bytes
        if let quote = notUTF8.lastIndex(of: UInt8(ascii: "\"")) { notUTF8.insert(0xC3, at: quote) }
        variants.append(notUTF8)
        for cut in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 23)) {
            variants.append(Array(bytes[..<cut]))
        }
        return variants
    }

    @Test(arguments: [1, 2, 3, 7, 4096])
    func aFileReadInChunksReadsAsItsBytes(chunkSize: Int) throws {
        for variant in Self.variants(of: try Self.encoded()) {
            let inMemory = Self.outcome { () throws(CompiledSuiteError) in
                try CompiledSuite.decode(variant, file: "suite.json")
            }
            #expect(try Self.outcome(ofFile: variant, chunkSize: chunkSize) == inMemory)
        }
    }

    /// A hand-written document may put `runs` before `cases` and `cases` before `rules`: the cases
    /// and runs read before what they are checked against are read back from their bytes.
    @Test func membersInAnotherOrderReadTheSame() throws {
        let bytes = try Self.encoded()
        guard case .object(let members) = try JSONParser.parse(bytes) else {
            Issue.record("the document is not an object")
            return
        }
        var reordered = JSONObject()
        for key in members.keys.reversed() { reordered[key] = members[key] }
        let reorderedBytes = Array(JSONSerializer.line(.object(reordered)).utf8)
        let suite = try CompiledSuite.decode(bytes, file: "suite.json")
        let read = try CompiledSuite.decode(reorderedBytes, file: "suite.json")
        #expect(read.runs == suite.runs)
        #expect(try read.cases.models().map(DeepDescription.of) == suite.cases.models().map(DeepDescription.of))

        // A problem in a case read back is the one found in order, in the same words.
        let text = String(decoding: reorderedBytes, as: UTF8.self)
        let jump = text.replacingOccurrences(of: #""kind":"session_start""#, with: #""kind":"jump""#)
        let inOrder = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: #""kind":"session_start""#, with: #""kind":"jump""#)
        let words = { (text: String) in
            Self.outcome { () throws(CompiledSuiteError) in try CompiledSuite.decode(Array(text.utf8), file: "s") }
                .split(separator: " error: ", maxSplits: 1).last.map(String.init)
        }
        #expect(words(jump) == words(inOrder))
        #expect(words(jump)?.hasPrefix("cases[") == true)
    }

    /// A case read back from a file that changed since the suite was read is an error, with words.
    @Test func aFileThatChangedMakesAnErrorNotACrash() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-\(UUID().uuidString).json")
        try Data(Self.encoded()).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let suite = try CompiledSuite.read(
            CompiledSuiteSource(file: CompiledSuiteFileReader(path: url.path)),
            file: "suite.json",
            modelBytesKept: 0
        )
        let kept = try CompiledSuite.read(
            CompiledSuiteSource(file: CompiledSuiteFileReader(path: url.path)),
            file: "suite.json"
        )
        try Data(repeating: UInt8(ascii: " "), count: Self.encoded().count).write(to: url)
        #expect {
            _ = try suite.cases.specCase(at: 0)
        } throws: { error in
            "\(error)".hasSuffix("error: the compiled suite changed since it was read; run it again")
        }
        try Data("{}".utf8).write(to: url)
        #expect {
            _ = try suite.cases.specCase(at: 1)
        } throws: { error in
            "\(error)".hasSuffix("error: cannot read the compiled suite again: it is shorter than it was; run it again")
        }
        #expect(try kept.cases.specCase(at: 0).id == suite.cases.id(at: 0))
    }

    /// A file that cannot be read to its end is refused for that, at its start, not where the
    /// bytes read end.
    @Test func aFileThatCannotBeReadOnSaysSo() throws {
        let file = FailingFile(bytes: try Self.encoded(), readable: try Self.encoded().count / 2)
        #expect {
            _ = try CompiledSuite.read(CompiledSuiteSource(file: file, chunkSize: 4096), file: "suite.json")
        } throws: { error in
            "\(error)" == "suite.json:1:1: error: cannot read the compiled suite: input/output error"
        }
    }
}

/// A file whose bytes past `readable` cannot be read.
private final class FailingFile: CompiledSuiteFile {
    private let bytes: [UInt8]
    private let readable: Int

    init(bytes: [UInt8], readable: Int) {
        self.bytes = bytes
        self.readable = readable
    }

    func read(at offset: Int, count: Int) throws(CompiledSuiteSource.SourceError) -> [UInt8] {
        guard offset + count <= readable else { throw CompiledSuiteSource.SourceError(reason: "input/output error") }
        return Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)])
    }
}
