import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite struct ValidFixtureTests {
    @Test func validFixturesLoadWithoutDiagnostics() throws {
        let suite = SuiteLoader.load(paths: [FixturePaths.root + "/loading/valid"])
        #expect(suite.diagnostics.map(\.description) == [])
        #expect(
            try suite.cases.map(\.id) == [
                "basics.session-start-displays", "settings.every-new-key", "stack.lifo-order", "stack.second-document",
            ]
        )
        #expect(suite.rules.rules.map(\.id) == ["trigger.session-start", "stack.lifo", "filters.types"])
    }
}
