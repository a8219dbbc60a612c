import Foundation
import IAMSpec

@testable import IAMSpecRunner

/// A temporary folder of spec files for a test, loaded with ``SuiteLoader``.
struct SpecScratch {
    let folder: String

    /// Writes each file (relative path to contents) into a fresh temporary folder.
    init(_ files: [String: String]) throws {
        folder = NSTemporaryDirectory() + "iamspec-loading-" + UUID().uuidString
        for (name, contents) in files {
            try write(name, Data(contents.utf8))
        }
    }

    func write(_ name: String, _ data: Data) throws {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Loads the whole folder, or the named paths within it.
    func load(_ names: [String] = []) -> LoadedSuite {
        SuiteLoader.load(paths: names.isEmpty ? [folder] : names.map { folder + "/" + $0 })
    }

    /// The diagnostics, with the folder left out of their paths: `case.yaml:3:5: error: ...`.
    func problems(_ suite: LoadedSuite) -> [String] {
        suite.diagnostics.map { $0.description.replacingOccurrences(of: folder + "/", with: "") }
    }

    /// Loads one case file (with a catalogue holding `area.rule`) and returns its diagnostics.
    static func problems(in yaml: String) throws -> [String] {
        let scratch = try SpecScratch(["rules.yaml": catalogue, "case.yaml": yaml])
        return scratch.problems(scratch.load())
    }

    static let catalogue = """
        - id: area.rule
          title: A rule.
          kind: clarification
          source: https://example.com
        """
}

/// The repository's `Fixtures` folder.
enum FixturePaths {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path
}
