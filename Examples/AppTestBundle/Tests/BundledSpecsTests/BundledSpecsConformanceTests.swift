import IAMSpecBundledSpecs
import IAMSpecPortable
import IAMSpecPortableTesting
import IAMSpecReferenceEngine
import Testing

/// Every run of the bundled Specs on the engine, a Swift Testing test case each, named
/// `case-id [profile]`: the few lines an app's test target needs.
@Suite struct BundledSpecsConformanceTests {
    @Test(arguments: try BundledSpecs.suite().runs)
    func conforms(_ run: PortableRun) async throws {
        try await BundledSpecs.suite().check(run, on: ReferenceEngineProvider())
    }
}
