import Foundation
import IAMSpec
import IAMSpecBundledSpecs
import IAMSpecPortable
import IAMSpecPortableTesting
import IAMSpecReferenceEngine
import Testing

/// The bundled Specs on an engine with a known failure, judged by its baseline in JSON (a resource
/// of this target), as `iamspec run --baseline` would judge it: the runs the baseline expects to
/// fail are known issues, and every other run passes.
@Suite struct MyAppEngineConformance {
    static let suite = Result { () throws(CompiledSuiteError) -> PortableSuite in
        try BundledSpecs.suite().judged(
            byBaselineAt: Bundle.module.url(forResource: "my-app-engine.baseline", withExtension: "json")!
        )
    }

    @Test(arguments: try MyAppEngineConformance.suite.get().runs)
    func conforms(_ run: PortableRun) async throws {
        try await Self.suite.get().check(run, on: MyAppEngineProvider())
    }
}

/// Stands for an app's engine with a known bug: the reference engine, under its own name, whose
/// messages never pass their extras on to the app.
struct MyAppEngineProvider: EngineProvider {
    var description: EngineDescription {
        var description = ReferenceEngineProvider().description
        description.name = "my-app-engine"
        description.version = "1.0.0"
        return description
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        var setup = setup
        for index in setup.messages.indices {
            setup.messages[index].extras = [:]
        }
        return try ReferenceEngine(setup: setup)
    }
}
