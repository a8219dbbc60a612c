import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file, a document and a scalar each have a size limit (`Specs/README.md`, "YAML version and
/// parser limits"): past it, a diagnostic at its place, never memory without end.
@Suite("YAML size limits")
struct YAMLSizeLimitTests {
    private func problems(_ text: String, limits: YAMLLimits = .standard) -> [String] {
        YAMLComposer(file: "t.yaml", limits: limits).compose(Array(text.utf8)).diagnostics.map(\.description)
    }

    private func limits(document: Int = YAMLLimits.standard.maximumDocumentBytes, scalar: Int) -> YAMLLimits {
        var limits = YAMLLimits.standard
        limits.maximumDocumentBytes = document
        limits.maximumScalarBytes = scalar
        return limits
    }

    @Test func theStandardLimitsAreSixteenFourAndOneMebibytes() {
        #expect(YAMLLimits.standard.maximumFileBytes == 16_777_216)
        #expect(YAMLLimits.standard.maximumDocumentBytes == 4_194_304)
        #expect(YAMLLimits.standard.maximumScalarBytes == 1_048_576)
    }

    @Test func aScalarPastTheLimitIsADiagnosticAtTheScalar() {
        let atLimit = String(repeating: "a", count: 1_048_576)
        #expect(problems("title: \(atLimit)\n") == [])
        #expect(
            problems("id: x\ntitle: \(atLimit)b\n") == [
                "t.yaml:2:8: error: found a scalar of 1048577 bytes; expected at most 1 MiB (1048576 bytes)"
            ]
        )
    }

    /// The scalar's text is measured after escapes and folding: what it would cost to keep.
    @Test func aScalarIsMeasuredByItsText() {
        let small = limits(scalar: 4)
        #expect(problems(#"a: "\x41\x42\x43\x44""#, limits: small) == [])
        #expect(
            problems("a: \"é\u{E9}é\"", limits: small) == [
                "t.yaml:1:4: error: found a scalar of 6 bytes; expected at most 4 bytes"
            ]
        )
        #expect(
            problems("a: |\n  ab\n  c\n", limits: small) == [
                "t.yaml:1:4: error: found a scalar of 5 bytes; expected at most 4 bytes"
            ]
        )
    }

    /// A document is measured in bytes of the file: 40 two-byte characters are 80 bytes.
    @Test func aDocumentPastTheLimitIsADiagnosticAtItsStart() {
        let small = limits(document: 64, scalar: 1_000)
        let line = "- " + String(repeating: "é", count: 8) + "\n"
        let short = "a: 1\n"
        #expect(problems(short + "---\n" + String(repeating: "- abcdefgh\n", count: 5), limits: small) == [])
        let composition = YAMLComposer(file: "t.yaml", limits: small).compose(
            Array((short + "---\n" + String(repeating: line, count: 5)).utf8)
        )
        #expect(composition.documents.count == 1, "the document before it is kept")
        #expect(
            composition.diagnostics.map(\.description) == [
                "t.yaml:2:1: error: the document is longer than 64 bytes; expected at most that much in one document "
                    + "(split its cases between documents or files)"
            ]
        )
    }

    @Test func aFileWithinTheLimitIsReadWhole() throws {
        let scratch = try SpecScratch(["a.yaml": "id: a\n"])
        guard
            case .bytes(let bytes) = YAMLFile.contents(
                of: scratch.folder + "/a.yaml",
                unreadable: { _ in "no" },
                limit: 6
            )
        else {
            Issue.record("a file at the limit is read")
            return
        }
        #expect(bytes == Array("id: a\n".utf8))
    }

    @Test func aFilePastTheLimitIsRefusedFromItsSize() throws {
        let scratch = try SpecScratch(["a.yaml": ""])
        let path = scratch.folder + "/a.yaml"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        guard case .problem(let problem) = YAMLFile.contents(of: path, unreadable: { _ in "no" }) else {
            Issue.record("a 1 GiB file is refused")
            return
        }
        #expect(
            problem.description
                == "\(path):1:1: error: the file is 1073741824 bytes long; expected a YAML file of at most 16 MiB (16777216 bytes)"
        )
    }

    /// A file whose size the system does not tell (`/proc`'s say 0) is read only one byte past
    /// the limit.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func aFileThatHidesItsSizeIsReadOnlyToTheLimit() {
        guard
            case .problem(let problem) = YAMLFile.contents(
                of: "/proc/self/status",
                unreadable: { _ in "no" },
                limit: 100
            )
        else {
            Issue.record("/proc/self/status is longer than 100 bytes")
            return
        }
        #expect(
            problem.description
                == "/proc/self/status:1:1: error: the file is more than 100 bytes long; expected a YAML file of at most 100 bytes"
        )
    }

    /// Neither a device, a FIFO nor a folder is read, each said as what it is: a FIFO with no
    /// writer is not waited for.
    @Test func onlyARegularFileIsRead() throws {
        let scratch = try SpecScratch(["a.yaml": ""])
        let fifo = scratch.folder + "/fifo.yaml"
        #expect(mkfifo(fifo, 0o644) == 0)
        for (path, kind) in [(fifo, "a FIFO"), ("/dev/zero", "a device"), (scratch.folder, "a folder")] {
            guard case .problem(let problem) = YAMLFile.contents(of: path, unreadable: { "not a file: \($0)" }) else {
                Issue.record("\(path) is refused")
                continue
            }
            #expect(problem.description == "\(path):1:1: error: not a file: it is \(kind)")
        }
    }

    @Test func anUnreadableFileSaysWhy() {
        let unreadable = { (reason: String) in "cannot read it: \(reason)" }
        guard case .problem(let problem) = YAMLFile.contents(of: "/no/such.yaml", unreadable: unreadable) else {
            Issue.record("a missing file is a problem")
            return
        }
        #expect(problem.description == "/no/such.yaml:1:1: error: cannot read it: \(String(cString: strerror(ENOENT)))")
    }
}
