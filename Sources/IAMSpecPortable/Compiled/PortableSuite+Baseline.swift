#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PortableSuite {
    /// This suite judged by the engine's baseline in JSON at `url` (a resource of the test target,
    /// say), in place of any it was compiled with: the known outcomes of the bundled Specs
    /// (`IAMSpecBundledSpecs`) or of a suite compiled without `--baseline`, with no host build and
    /// no YAML.
    ///
    /// ```swift
    /// static let suite = Result { () throws(CompiledSuiteError) -> PortableSuite in
    ///     try BundledSpecs.suite().judged(
    ///         byBaselineAt: Bundle.module.url(forResource: "my-engine.baseline", withExtension: "json")!
    ///     )
    /// }
    /// ```
    ///
    /// The file is the baseline `iamspec run --baseline` reads, written as JSON (`iamspec run
    /// --update-baseline my-engine.baseline.json` writes it so; `Specs/schemas/baseline.schema.json`
    /// checks it), and each run is judged as that command judges it: a run an entry expects to fail
    /// that fails is an expected failure, one that passes an unexpected pass, a `skip` entry's run
    /// is not made, and an entry naming no run of the suite is stale, with its `file:line:col`.
    /// The baseline is named by the file's name (`my-engine.baseline.json`) in reports, never by
    /// its path on the machine. Keep the suite this returns, as ``runs`` are tested: its runs'
    /// results are gathered for the summary on that suite.
    ///
    /// - Throws: ``CompiledSuiteError`` when the file cannot be read, or is not a baseline, with
    ///   where and what was found.
    public func judged(byBaselineAt url: URL) throws(CompiledSuiteError) -> PortableSuite {
        let name = url.lastPathComponent
        return try judged(byBaseline: Self.contents(of: url, named: name, role: "the baseline"), named: name)
    }

    /// This suite judged by the baseline in JSON `data` holds, as ``judged(byBaselineAt:)`` judges
    /// it; `name` names the baseline in reports and errors.
    ///
    /// - Throws: ``CompiledSuiteError`` when `data` is not a baseline.
    public func judged(byBaseline data: Data, named name: String) throws(CompiledSuiteError) -> PortableSuite {
        var compiled = compiled
        compiled.baseline = CompiledBaseline(file: name, baseline: try BaselineJSON.decode(Array(data), file: name))
        return PortableSuite(compiled)
    }
}
