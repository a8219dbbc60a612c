import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecExplanation

/// A failed run's case read again from its file for a replay (a large suite's cases are not kept)
/// whose file changed since the suite was loaded: the explanation stops with the error naming the
/// file, thrown to its caller (`iamspec explain` reports it, exit status 2), never a replay of
/// what the file now says, never an exit of the process. A pass of replays reads each case once,
/// however many behaviours replay it.
@Suite struct ChangedCaseFileReplayTests {
    private static let catalogue = """
        - id: area.rule
          title: A rule.
          kind: clarification
          source: https://example.com
        """

    private static let cases = WelcomeCases.text(["first"])

    /// The engine's failed run of the case `first` of `folder/a.yaml`, loaded with no case kept as
    /// a model (each replay's pass reads its case from the file again).
    private static func failure(in folder: String) throws -> FailureExplainer.Failure {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(catalogue.utf8).write(to: URL(fileURLWithPath: folder + "/rules.yaml"))
        try Data(cases.utf8).write(to: URL(fileURLWithPath: folder + "/a.yaml"))
        let suite = SuiteLoader.load(paths: [folder], jobs: 1, modelBudget: 0, stoppingWhen: { false })
        #expect(suite.diagnostics.isEmpty)
        let loaded = try #require(suite.loadedCases.first)
        // The engine's run: it displayed nothing where the case expects `welcome`.
        let here = SourceLocation(file: folder + "/a.yaml", line: 9, column: 7)
        let engineRun = CaseResult(
            caseID: "first",
            profile: .brazeSwift,
            title: "Case first",
            status: .failed,
            location: here,
            timeline: [
                TimelineEntry(time: "0", step: "session_start", location: here),
                TimelineEntry(
                    time: "0",
                    step: "expect: {sequence: [displayed: welcome]}",
                    location: here,
                    expected: ["displayed: welcome"],
                    actual: []
                ),
            ]
        )
        return FailureExplainer.Failure(result: engineRun, run: CaseRun(loaded: loaded, profile: .brazeSwift))
    }

    @Test func aReplayOfACaseWhoseFileChangedThrowsTheErrorNamingTheFile() throws {
        let folder = NSTemporaryDirectory() + "iamspec-replay-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try Self.failure(in: folder)
        let explainer = FailureExplainer(catalogue: Array(BehaviourCatalogue.all.prefix(3)))
        // A byte added after loading: the replay's reading of the case finds another file.
        try Data((Self.cases + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/a.yaml"))
        let error = try #require(throws: CaseFileChanged.self) {
            try explainer.explain([failure], engines: FailureExplainer.inProcess)
        }
        #expect(
            error.diagnostic.description
                == "\(folder)/a.yaml:1:1: error: cannot read the case file again: it changed since the suite was "
                + "loaded; expected it as the suite loaded it, unchanged while iamspec runs (run the command again)"
        )
    }

    /// Each behaviour alone replays the failing runs: the case is read once for all of them, not
    /// once a behaviour (a large suite's explanation read each failing case again some 80 times).
    /// Its file is away while the second and third behaviours' engines are made and replay it, and
    /// back before anything else reads it: the explanation is the one the file left in place gives.
    @Test func theBehavioursReplayedAloneReadTheCaseOnce() throws {
        let folder = NSTemporaryDirectory() + "iamspec-replay-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try Self.failure(in: folder)
        let catalogue = Array(BehaviourCatalogue.all.prefix(3))
        let explainer = FailureExplainer(catalogue: catalogue)
        let expected = try explainer.explain([failure], engines: FailureExplainer.inProcess)
        let path = folder + "/a.yaml"
        var moved: [String] = []
        let explained = try explainer.explain([failure]) { behaviours in
            let ids = behaviours.map(\.id)
            if ids == [catalogue[1].id] && moved.isEmpty {
                try FileManager.default.moveItem(atPath: path, toPath: path + ".away")
                moved.append("away")
            } else if ids == [catalogue[2].id] && moved == ["away"] {
                try FileManager.default.moveItem(atPath: path + ".away", toPath: path)
                moved.append("back")
            }
            return FailureExplainer.inProcess(behaviours)
        }
        #expect(moved == ["away", "back"])
        #expect(explained == expected)
    }
}
