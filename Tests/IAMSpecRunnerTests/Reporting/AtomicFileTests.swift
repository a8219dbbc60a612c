import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Atomic report files")
struct AtomicFileTests {
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iamspec-atomic-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func writesAndReplacesTheWholeFileLeavingNoTemporaryFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report.xml").path
        try AtomicFile.write("first, and longer", to: path)
        try AtomicFile.write("second", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("report.xml")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: destination.appendingPathComponent("inside"))
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write("new", to: destination.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
        #expect(try String(contentsOf: destination.appendingPathComponent("inside"), encoding: .utf8) == "keep")
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write("x", to: "/nonexistent-iamspec-folder/report.xml")
        }
    }

    @Test func aSymbolicLinkAtThePathIsReplacedAndItsTargetLeftAlone() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.txt").path
        try "kept".write(toFile: target, atomically: false, encoding: .utf8)
        let link = folder.appendingPathComponent("report.xml").path
        let dangling = folder.appendingPathComponent("dangling.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/made.txt")
        try AtomicFile.write("report", to: link)
        try AtomicFile.write("report", to: dangling)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept")
        #expect(try String(contentsOfFile: link, encoding: .utf8) == "report")
        #expect(try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType == .typeRegular)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["dangling.xml", "report.xml", "target.txt"]
        )
    }
}
