import Foundation
import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

/// The cases fuzzing writes are real cases: they load, pass on the engine they were taken from,
/// and fail on the engine they were compared with.
@Suite("Fuzzed cases")
struct EmittedCaseTests {
    private static let reference = ReferenceEngineProvider()

    /// How many scenarios each mutant's campaign may run: enough to find most of the catalogue,
    /// few enough for a debug build.
    private static let budget = 300

    /// Every catalogue mutant that fuzzing with seed 1 finds within the budget, with its finding.
    private static let findings = BehaviourCatalogue.all.compactMap(fuzz)

    private static func fuzz(_ mutant: Behaviour) -> (mutant: Behaviour, finding: FuzzCampaign.Finding)? {
        let campaign = FuzzCampaign(engine: reference, against: BehaviourEngineProvider(behaviour: mutant), seed: 1)
        return campaign.run(count: budget).map { (mutant, $0) }
    }

    @Test("fuzzing finds at least half the catalogue's mutants within the budget")
    func findsMostMutants() {
        #expect(Self.findings.count * 2 >= BehaviourCatalogue.all.count, "found \(Self.findings.map(\.mutant.id))")
    }

    @Test("the case written for each mutant found loads, passes on the reference engine and fails on the mutant")
    func emittedCasesKillTheirMutants() throws {
        for (mutant, finding) in Self.findings {
            try checkEmittedCase(for: mutant, from: finding)
        }
    }

    private func checkEmittedCase(for mutant: Behaviour, from finding: FuzzCampaign.Finding) throws {
        let id = mutant.id
        let yaml = CaseWriter(
            id: "found-" + CaseWriter.idPart(naming: id),
            title: "Rejects an engine that \(mutant.summary)",
            rules: [mutant.rule],
            comments: ["Catches: mutant \(id)"],
            schemaPath: "../schema.json"
        ).yaml(for: finding.scenario, expected: finding.expected, actual: finding.actual)

        let suite = try Self.load(yaml, named: "\(id).yaml")
        #expect(suite.diagnostics.map(\.description) == [], "\(id)")
        let loaded = try #require(
            suite.cases.first { $0.id == "found-" + CaseWriter.idPart(naming: id) },
            "\(id)"
        )
        #expect(loaded.profiles == [finding.scenario.profile], "\(id)")

        let onReference = ConformanceRun(engine: Self.reference, options: RunOptions(jobs: 1)).run(cases: [loaded])
        #expect(onReference.results.map(\.status) == [.passed], "\(id): \(onReference.results.map(\.message))\n\(yaml)")
        let provider = BehaviourEngineProvider(behaviour: mutant)
        let onMutant = ConformanceRun(engine: provider, options: RunOptions(jobs: 1)).run(cases: [loaded])
        #expect(onMutant.results.map(\.status) == [.failed], "\(id)\n\(yaml)")
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
