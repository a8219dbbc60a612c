import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecExplanation

/// The order an explanation replays failing runs in: a case file's runs together, the files in
/// the order of their first run, so that a pass over runs listed by case id reads each file once.
@Suite struct ReplayOrderTests {
    @Test func aCaseFilesRunsAreReplayedTogetherInTheOrderOfTheFilesFirstRun() throws {
        let folder = NSTemporaryDirectory() + "iamspec-replay-order-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("- {id: area.rule, title: A rule., kind: clarification, source: https://example.com}\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/rules.yaml"))
        // Ids sorted, as a stream lists its runs, alternate between the two files.
        try Data(WelcomeCases.text(["a1", "c1", "e1"]).utf8).write(to: URL(fileURLWithPath: folder + "/odd.yaml"))
        try Data(WelcomeCases.text(["b2", "d2"]).utf8).write(to: URL(fileURLWithPath: folder + "/even.yaml"))
        let suite = SuiteLoader.load(paths: [folder], jobs: 1, modelBudget: 0, stoppingWhen: { false })
        #expect(suite.diagnostics.isEmpty)
        #expect(suite.loadedCases.map(\.id) == ["a1", "b2", "c1", "d2", "e1"])
        let failures = suite.loadedCases.map { loaded in
            FailureExplainer.Failure(
                result: CaseResult(
                    caseID: loaded.id,
                    profile: .brazeSwift,
                    title: "",
                    status: .failed,
                    location: SourceLocation(file: folder + "/odd.yaml", line: 1, column: 1)
                ),
                run: CaseRun(loaded: loaded, profile: .brazeSwift)
            )
        }
        let order = ReplayOrder(failures)
        #expect(order.sorted([0, 1, 2, 3, 4]) == [0, 2, 4, 1, 3])
        #expect(order.sorted([4, 3, 1]) == [4, 1, 3])
    }
}
