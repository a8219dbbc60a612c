import IAMSpecBundledSpecs
import IAMSpecPortable
import IAMSpecReferenceEngine
import Testing

/// The product an app's test target runs with no host build: the package's Specs, compiled.
@Suite struct BundledSpecsTests {
    @Test func theBundledSuiteHoldsEveryRunOfThePackagesSpecs() throws {
        let bundled = try BundledSpecs.suite()
        let fresh = try PortableFixtures.compiled(PortableFixtures.specs)
        // A stale resource (a case added or changed since `scripts/update-bundled-specs`) fails here.
        #expect(bundled.runs.map(\.description) == fresh.runs.map(\.description))
        #expect(bundled.runs.count > 500)
    }

    @Test func theReferenceEnginePassesEveryBundledRun() async throws {
        let summary = try await BundledSpecs.suite().runAll(on: ReferenceEngineProvider())
        #expect(summary.passedCount == summary.results.count && summary.results.count > 500, "\(summary.totalsLine)")
    }
}
