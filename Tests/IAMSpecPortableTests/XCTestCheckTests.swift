import IAMSpec
import IAMSpecPortable
import IAMSpecPortableTesting
import IAMSpecTesting
import XCTest

/// `PortableSuite.checkEveryRun(on:)`: a suite from one XCTest test.
final class XCTestCheckTests: XCTestCase {
    func testEveryRunPassingReturnsTheSummary() async throws {
        let suite = PortableFixtures.promoSuite()
        let summary = try await suite.checkEveryRun(
            on: ScriptedEngineProvider { _, _ in [.displayed("promo", extras: [:])] }
        )
        XCTAssertEqual(summary.totalsLine, "1 passed, 0 failed, 0 skipped")
    }

    func testSkippedRunsWithoutFailuresEndInXCTSkipListingThem() async throws {
        let suite = PortableFixtures.promoSuite(requires: [.keyboard])
        do {
            try await suite.checkEveryRun(
                on: ScriptedEngineProvider(capabilities: Set(Capability.allCases).subtracting([.keyboard])) { _, _ in []
                }
            )
            XCTFail("expected the test to end in XCTSkip")
        } catch let skip as XCTSkip {
            XCTAssertEqual(
                skip.message,
                "0 passed, 0 failed, 1 skipped; the skipped runs:\npromo [braze-swift]: the engine lacks the capability keyboard"
            )
        }
    }
}
