import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// Every file in `Fixtures/invalid` states the diagnostics it must produce in `# expect: LINE:COL: MESSAGE`
/// comments (`{dir}` is the folder, `{catalogue}` its `rules.yaml`, `{behavioural}` the behavioural
/// capabilities as a diagnostic lists them, a set that grows); one load of the folder must report
/// exactly those, file by file, and yield no case from them.
@Suite struct InvalidFixtureTests {
    static let folder = FixturePaths.root + "/invalid"

    static func fixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".yaml") && $0 != "rules.yaml" }
            .sorted()
    }

    static func expectations(in name: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("# expect: ") else { return nil }
            let expected = line.dropFirst("# expect: ".count)
                .replacingOccurrences(of: "{dir}", with: folder)
                .replacingOccurrences(of: "{catalogue}", with: folder + "/rules.yaml")
                .replacingOccurrences(of: "{behavioural}", with: CaseValidityTests.behaviouralNames)
            let parts = expected.split(separator: ":", maxSplits: 2)
            return "\(folder)/\(name):\(parts[0]):\(parts[1]): error:\(parts[2])"
        }
    }

    static let suite = SuiteLoader.load(paths: [folder])

    @Test(arguments: try fixtureNames())
    func reportsExactlyTheStatedDiagnostics(_ name: String) throws {
        let expected = try Self.expectations(in: name)
        #expect(!expected.isEmpty, "\(name) states no expected diagnostic")
        let found = Self.suite.diagnostics.filter { $0.location.file == Self.folder + "/" + name }
        #expect(found.map(\.description) == expected)
    }

    @Test func noInvalidFixtureYieldsACase() throws {
        #expect(try Self.suite.cases.map(\.id) == [])
    }

    @Test func theFolderHoldsEveryKindOfHostileInput() throws {
        let names = try Self.fixtureNames()
        for hostile in ["billion-laughs.yaml", "deep-nesting.yaml", "invalid-utf8.yaml", "nul-bytes.yaml"] {
            #expect(names.contains(hostile))
        }
    }
}
