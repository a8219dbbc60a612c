import IAMSpec
import IAMSpecPortable
import IAMSpecTesting
import XCTest

@testable import IAMSpecPortableTesting

/// The console lines a test bundle prints for a suite: its four counts.
final class ConsoleNoticeTests: XCTestCase {
    func testTheCountsLineNamesPassedFailedErrorsAndSkipped() async {
        let suite = PortableFixtures.promoSuite(requires: [.keyboard])
        let summary = await suite.runAll(
            on: ScriptedEngineProvider(capabilities: Set(Capability.allCases).subtracting([.keyboard])) { _, _ in [] }
        )
        XCTAssertEqual(ConsoleNotice.totals(of: summary), "1 run: 0 passed, 0 failed, 0 errors, 1 skipped")
    }

    func testAFailingRunCountsAsFailedNotAsAnError() async {
        let summary = await PortableFixtures.promoSuite().runAll(on: ScriptedEngineProvider { _, _ in [] })
        XCTAssertEqual(ConsoleNotice.totals(of: summary), "1 run: 0 passed, 1 failed, 0 errors, 0 skipped")
    }
}
