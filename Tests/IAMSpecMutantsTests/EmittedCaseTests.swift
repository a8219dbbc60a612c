import Foundation
import IAMSpec
import IAMSpecMutants
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

/// The cases fuzzing writes are real cases: they load, pass on the engine they were taken from,
/// and fail on the engine they were compared with.
@Suite("Fuzzed cases")
struct EmittedCaseTests {
    private static let reference = ReferenceEngineProvider()

    /// Mutants fuzzing finds with seed 1 within 2,000 scenarios.
    private static let found = [
        "api-events-trigger", "asset-wait-blocks-screen", "background-before-timeout", "click-logged-every-time",
        "delegate-asked-when-visible", "extras-dropped", "impression-at-ready", "no-match-when-none-eligible",
        "reenqueue-meanings-swapped", "regex-anchored", "rollback-starts-interval", "stack-fifo",
        "sync-events-dropped",
    ]

    @Test("a fuzzed case loads, passes on the reference engine and fails on the mutant", arguments: found)
    func emittedCaseKillsTheMutant(_ id: String) throws {
        let mutant = try #require(MutantCatalogue.mutant(id: id))
        let provider = MutantEngineProvider(mutant: mutant)
        let finding = try #require(FuzzCampaign(engine: Self.reference, against: provider, seed: 1).run(count: 2000))
        let yaml = CaseWriter(
            id: "found-\(id)",
            title: "Rejects an engine where \(mutant.summary)",
            rules: [mutant.rule],
            comments: ["Catches: mutant \(id)"],
            schemaPath: "../schema.json"
        ).yaml(for: finding.scenario, expected: finding.expected, actual: finding.actual)

        let suite = try Self.load(yaml, named: "\(id).yaml")
        #expect(suite.diagnostics.map(\.description) == [])
        let loaded = try #require(suite.cases.first { $0.id == "found-\(id)" })
        #expect(loaded.profiles == [finding.scenario.profile])

        let onReference = ConformanceRun(engine: Self.reference, options: RunOptions(jobs: 1)).run(cases: [loaded])
        #expect(onReference.results.map(\.status) == [.passed], "\(onReference.results.map(\.message))\n\(yaml)")
        let onMutant = ConformanceRun(engine: provider, options: RunOptions(jobs: 1)).run(cases: [loaded])
        #expect(onMutant.results.map(\.status) == [.failed], "\(yaml)")
    }

    /// Loads the YAML as a file of a suite folder that has the real rule catalogue.
    private static func load(_ yaml: String, named name: String) throws -> LoadedSuite {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iamspec-fuzz-\(UUID().uuidString)")
        let cases = folder.appendingPathComponent("found")
        try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Specs/rules.yaml"),
            to: folder.appendingPathComponent("rules.yaml")
        )
        try yaml.write(to: cases.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return SuiteLoader.load(paths: [folder.path])
    }
}
