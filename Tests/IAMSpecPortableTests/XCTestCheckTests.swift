import Foundation
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

    /// The results stream goes to the file `IAMSPEC_RESULTS` names (as `xcodebuild test` hands
    /// it over from `TEST_RUNNER_IAMSPEC_RESULTS`). XCTest's tests run one at a time, before
    /// Swift Testing's: no other test sees the variable.
    func testTheResultsStreamIsWrittenWhereTheEnvironmentSays() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("iamspec-\(UUID().uuidString).jsonl")
        setenv("IAMSPEC_RESULTS", file.path, 1)
        defer {
            unsetenv("IAMSPEC_RESULTS")
            try? FileManager.default.removeItem(at: file)
        }
        let suite = PortableFixtures.promoSuite()
        try await suite.checkEveryRun(on: ScriptedEngineProvider { _, _ in [.displayed("promo", extras: [:])] })
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].contains(#""executor":"portable""#))
        XCTAssertTrue(lines[1].contains(#""id":"promo""#) && lines[1].contains(#""status":"passed""#))
        XCTAssertTrue(lines[2].contains(#""record":"footer""#))
    }
}
