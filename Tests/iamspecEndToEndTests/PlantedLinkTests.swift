import Foundation
import Testing

/// A symbolic link planted where a command writes a file or a folder is replaced by that file
/// or folder: what it points at is never written.
@Suite("Links planted at output paths")
struct PlantedLinkTests {
    @Test func docsReplaceALinkPlantedAtAPageAndLeaveItsTargetUntouched() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt").path
        try "untouched".write(toFile: victim, atomically: false, encoding: .utf8)
        let site = folder.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: site + "/areas", withIntermediateDirectories: true)
        let plantedPaths = [site + "/style.css", site + "/areas/triggers.html", site + "/index.html"]
        for path in plantedPaths {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        }
        let outcome = try IAMSpecExecutable.run("docs", "--out", site, "Fixtures/specs/passing")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        for path in plantedPaths {
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular)
        }
        #expect(try String(contentsOfFile: site + "/style.css", encoding: .utf8).contains("body"))
    }

    @Test func docsReplaceALinkPlantedAtAFolderAndWriteNothingBelowItsTarget() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim").path
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        try "untouched".write(toFile: victim + "/kept.txt", atomically: false, encoding: .utf8)
        let site = folder.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: site + "/markdown", withIntermediateDirectories: true)
        let plantedFolders = [site + "/areas", site + "/markdown/areas"]
        for path in plantedFolders {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        }
        let outcome = try IAMSpecExecutable.run("docs", "--out", site, "Fixtures/specs/passing")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["kept.txt"])
        #expect(try String(contentsOfFile: victim + "/kept.txt", encoding: .utf8) == "untouched")
        for path in plantedFolders {
            let type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            #expect(type == .typeDirectory)
            #expect(try !FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
        }
    }

    @Test func docsWriteIntoAnOutFolderThatIsALink() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real-site").path
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        let site = folder.appendingPathComponent("site").path
        try FileManager.default.createSymbolicLink(atPath: site, withDestinationPath: real)
        let outcome = try IAMSpecExecutable.run("docs", "--out", site, "Fixtures/specs/passing")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site) == real)
        #expect(FileManager.default.fileExists(atPath: real + "/index.html"))
        #expect(FileManager.default.fileExists(atPath: real + "/areas"))
    }

    @Test func aReportReplacesALinkPlantedAtItsPath() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt").path
        try "untouched".write(toFile: victim, atomically: false, encoding: .utf8)
        let junit = folder.appendingPathComponent("junit.xml").path
        try FileManager.default.createSymbolicLink(atPath: junit, withDestinationPath: victim)
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--junit", junit)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuites"))
    }
}
