import Foundation
import IAMSpecPortable
import IAMSpecPortableTesting
import Testing
import ToyMessagingConformance

/// The toy engine against the compiled suite this test target holds (its rule areas of the
/// Specs: triggers, priority and the minimum interval, under braze-swift), a test per case run.
@Suite struct ToyEngineConformanceTests {
    /// The compiled suite, loaded once; a missing or stale one fails every test, with why.
    static let suite = Result { () throws(CompiledSuiteError) -> PortableSuite in
        try PortableSuite(contentsOf: Bundle.module.url(forResource: "suite", withExtension: "json")!)
    }

    /// One test case per run, named `case-id [braze-swift]`: a failure shows what `iamspec run`
    /// prints for it; a run the baseline compiled into the suite expects to fail is a known issue
    /// (Examples/PortableSuite/baseline.yaml, which the host's `iamspec run --baseline` reads
    /// too); a run the engine lacks a capability for (or declines) is reported skipped with the
    /// reason; and the last run to finish attaches the results stream.
    @Test(arguments: try ToyEngineConformanceTests.suite.get().runs)
    func conforms(_ run: PortableRun) async throws {
        try await Self.suite.get().check(run, on: ToyEngineProvider())
    }
}
