import Foundation
import IAMSpec
import IAMSpecExplanation
import IAMSpecRunner
import Testing

/// The cases of the repository's `Specs`, loaded once.
enum SpecsCases {
    private static let suite: LoadedSuite = {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs").path
        return SuiteLoader.load(paths: [specs])
    }()

    /// The runs under `profile` that `engine` passes, of the cases of `Specs`.
    static func passes(of engine: any EngineProvider, profile: Profile) throws -> [FailureExplainer.Pass] {
        let executor = CaseExecutor(provider: engine, rules: [])
        return try suite.loadedCases.map { try $0.decoded() }
            .filter { executor.execute($0, profile: profile).status == .passed }
            .map { FailureExplainer.Pass(specCase: $0, profile: profile) }
    }

    /// The run under `profile` of the case `id` of `Specs`.
    static func run(_ id: String, profile: Profile) throws -> CaseRun {
        CaseRun(specCase: try #require(suite.loadedCases.first { $0.id == id }).decoded(), profile: profile)
    }
}
