import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Replacing a migrated case file")
struct CaseFileReplacementTests {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileChangedSinceItWasReadIsLeftAndNamed() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cases.yaml").path
        // What another migrate wrote after this one read the file.
        try Data("id: a # theirs\n".utf8).write(to: URL(fileURLWithPath: path))
        let refusal = CaseFileReplacement.replace(
            path,
            holding: Array("id: a\n".utf8),
            with: Array("id: a # ours\n".utf8)
        )
        #expect(
            refusal?.description.hasPrefix(
                "\(path):1:1: error: cannot replace the file: it changed since `iamspec migrate` read it"
            ) == true,
            "\(String(describing: refusal))"
        )
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: a # theirs\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cases.yaml"])
    }

    @Test func aFileStillHoldingWhatWasReadIsReplacedWithItsMode() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cases.yaml").path
        try Data("id: a\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        #expect(CaseFileReplacement.replace(path, holding: Array("id: a\n".utf8), with: Array("id: b\n".utf8)) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: b\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
    }
}
