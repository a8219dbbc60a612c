import Foundation
import IAMSpec
import IAMSpecBundledSpecs
import IAMSpecPortable
import IAMSpecPortableTesting
import IAMSpecReferenceEngine
import Testing

/// The reference engine, but for the run of one case, whose engine ends the process as it is
/// made: the suite cannot finish.
struct ExitingProvider: EngineProvider {
    let exitingCase: String

    var description: EngineDescription { ReferenceEngineProvider().description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        if setup.caseID == exitingCase { exit(0) }
        return try ReferenceEngineProvider().makeEngine(for: setup)
    }
}

/// Every bundled run, one after the other; the tenth ends the process.
@Suite(.serialized) struct ExitingEngineTests {
    @Test(arguments: try BundledSpecs.suite().runs)
    func conforms(_ run: PortableRun) async throws {
        let suite = try BundledSpecs.suite()
        try await suite.check(run, on: ExitingProvider(exitingCase: suite.runs[9].caseID))
    }
}
