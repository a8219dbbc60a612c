import Foundation
import IAMSpecPortable

/// The Specs this version of iamspec bundles, compiled (`iamspec compile Specs`): every case of
/// the package's `Specs/`, one run per profile it holds for, as a resource of this product.
///
/// An app's test target depends on this product and `IAMSpecPortableTesting` and runs the suite
/// on its engine with no host build of the `iamspec` tool, no libyaml and no file of its own:
///
/// ```swift
/// @Test(arguments: try BundledSpecs.suite().runs)
/// func conforms(_ run: PortableRun) async throws {
///     try await BundledSpecs.suite().check(run, on: MyEngineProvider())
/// }
/// ```
///
/// Runs the engine cannot pass yet go in its baseline, a JSON file among the test target's
/// resources, read with no YAML (`PortableSuite.judged(byBaselineAt:)`; the DocC article of this
/// product shows it whole):
///
/// ```swift
/// static let suite = Result { () throws(CompiledSuiteError) -> PortableSuite in
///     try BundledSpecs.suite().judged(
///         byBaselineAt: Bundle.module.url(forResource: "my-engine.baseline", withExtension: "json")!
///     )
/// }
/// ```
///
/// The suite is the package's own version of the Specs: moving the package's pin moves it, and
/// `scripts/test` checks that it is exactly what `iamspec compile Specs` writes at this commit.
public enum BundledSpecs {
    /// The compiled suite's file in this product's resource bundle.
    public static var url: URL {
        // The resource is declared in Package.swift; `copy` keeps its name.
        Bundle.module.url(forResource: "suite", withExtension: "json")!
    }

    /// The bundled suite, read once; each call after the first returns the same suite (or the
    /// same error).
    public static func suite() throws(CompiledSuiteError) -> PortableSuite {
        try loaded.get()
    }

    private static let loaded = Result { () throws(CompiledSuiteError) -> PortableSuite in
        try PortableSuite(contentsOf: url)
    }
}
