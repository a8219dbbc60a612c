import IAMSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A compiled suite (`iamspec compile`), loaded without YAML, whose runs run one at a time on any
/// engine, inside an app's own test bundle: the results, the failure reports and the results
/// stream are the runner's, to the byte.
///
/// ```swift
/// let suite = try PortableSuite(contentsOf: Bundle.module.url(forResource: "suite", withExtension: "json")!)
/// for run in suite.runs {
///     let result = await suite.run(run, on: MyEngineProvider())
///     if let report = suite.failureReport(for: result) { print(report) }
/// }
/// ```
///
/// Each run gets a fresh engine, as with the runner, and is skipped, with the reason, when the
/// engine lacks its profile or a capability its case requires (the compiled suite holds what the
/// loader computed). IAMSpecPortableTesting makes each run a Swift Testing test.
public struct PortableSuite: Sendable {
    /// The suite as compiled.
    package let compiled: CompiledSuite
    /// Every run of the suite, in report order: by case id, then profile.
    public let runs: [PortableRun]
    /// The suite's rules by id, made once for every run's executor.
    private let ruleReferences: [String: RuleReference]
    /// The results recorded so far (``runRecording(_:on:)``), shared by every copy of the suite.
    private let collector = ResultsCollector()

    /// Loads the compiled suite at `url`: a bundle's resource, say.
    ///
    /// - Throws: ``CompiledSuiteError`` when the file cannot be read, or is not a compiled suite of
    ///   this version of iamspec.
    public init(contentsOf url: URL) throws(CompiledSuiteError) {
        try self.init(data: Self.contents(of: url, named: url.path, role: "the compiled suite"), named: url.path)
    }

    /// The bytes of the file at `url`, or the error naming it `name`: `cannot read ROLE: why`.
    static func contents(of url: URL, named name: String, role: String) throws(CompiledSuiteError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CompiledSuiteError(file: name, line: 1, column: 1, message: "cannot read \(role): \(reason(error))")
        }
    }

    /// Why a file (a compiled suite, a baseline) could not be read, in words rather than as a Foundation error's dump.
    private static func reason(_ error: any Error) -> String {
        guard let code = ((error as? CocoaError)?.underlying as? POSIXError)?.code else { return "\(error)" }
        switch code {
        case .ENOENT: return "no such file"
        case .EACCES: return "permission denied"
        case .EISDIR: return "it is a folder; expected the file `iamspec compile` wrote"
        case .ENOTDIR: return "a part of its path is not a folder"
        case .ELOOP: return "too many symbolic links"
        default: return "the system's error \(code.rawValue)"
        }
    }

    /// Loads the compiled suite at `url` as `iamspec run-compiled` does, from the file `open`
    /// opens (IAMSpecRunner's `CompiledSuiteFileReader`): read as a stream, and each case again
    /// from the file when its runs run, so that the suite's memory does not grow with its cases
    /// (the first cases' models, up to 1 MiB of them, are kept). The file must stay as it is while
    /// the suite runs: a case that no longer reads back as it was makes an error run.
    ///
    /// - Throws: ``CompiledSuiteError`` when the file cannot be read, or is not a compiled suite of
    ///   this version of iamspec.
    package init(
        contentsOf url: URL,
        opening open: (String) throws(CompiledSuiteSource.SourceError) -> any CompiledSuiteFile
    ) throws(CompiledSuiteError) {
        let file: any CompiledSuiteFile
        do {
            file = try open(url.path)
        } catch {
            throw CompiledSuiteError(
                file: url.path,
                line: 1,
                column: 1,
                message: "cannot read the compiled suite: \(error.reason)"
            )
        }
        self.init(try CompiledSuite.read(CompiledSuiteSource(file: file), file: url.path))
    }

    /// Loads a compiled suite from its bytes; `name` names it in errors.
    ///
    /// - Throws: ``CompiledSuiteError`` when the bytes are not a compiled suite of this version of
    ///   iamspec.
    public init(data: Data, named name: String = "the compiled suite") throws(CompiledSuiteError) {
        self.init(try CompiledSuite.decode(Array(data), file: name))
    }

    /// The suite of a compiled suite already in memory.
    package init(_ compiled: CompiledSuite) {
        self.compiled = compiled
        self.ruleReferences = CaseExecutor.byID(compiled.rules)
        self.runs = compiled.runs.enumerated().map { index, run in
            PortableRun(
                caseID: compiled.cases.id(at: run.caseIndex),
                profile: run.profile,
                title: compiled.cases.title(at: run.caseIndex),
                index: index
            )
        }
    }

    /// How long one run may take (`iamspec compile --timeout`): past it, the run is reported as an
    /// error and its engine interrupted, or left behind when it cannot be.
    public var timeout: Duration { .milliseconds(compiled.timeoutMilliseconds) }

    /// Runs `run` on a fresh engine of `provider`, away from the caller's actor, and returns its
    /// result.
    ///
    /// The engine is made, and called, on a thread of its own (a dispatch queue's, never one of
    /// Swift's cooperative pool): a test on the main actor stays free while it runs, so an engine
    /// whose SDK is isolated to the main actor may hop there for each call
    /// (`DispatchQueue.main.sync`, as in the runner's guide). A run that takes longer than
    /// ``timeout`` is an error (`timeout`), and cancelling the calling task makes the run under way
    /// one (`interrupted`); either way an `InterruptibleEngine` is interrupted, and any other
    /// engine left to finish on its own.
    public func run(_ run: PortableRun, on provider: some EngineProvider) async -> CaseResult {
        precondition(
            runs.indices.contains(run.index) && runs[run.index] == run,
            "\(run) is not a run of this suite"
        )
        return await self.run(run, by: CaseExecutor(provider: provider, ruleReferences: ruleReferences))
    }

    /// Runs `run` with `executor`, `repeats` times, under the suite's timeout (each repeat's); a
    /// run the baseline says to skip is skipped, with its reason, as `iamspec run` skips it.
    private func run(_ run: PortableRun, by executor: CaseExecutor, repeats: Int = 1) async -> CaseResult {
        let specCase: SpecCase
        do {
            specCase = try compiled.cases.specCase(at: compiled.runs[run.index].caseIndex)
        } catch {
            return CaseResult(
                caseID: run.caseID,
                profile: run.profile,
                title: run.title,
                status: .error,
                message: error.description,
                location: SourceLocation(file: error.file, line: error.line, column: error.column)
            )
        }
        return await RunWatch.run(
            specCase,
            profile: run.profile,
            executor: executor,
            timeout: timeout,
            repeats: repeats,
            plannedSkip: compiled.baseline?.baseline.skipReason(caseID: run.caseID, profile: run.profile)
        )
    }

    /// The baseline the suite was compiled with (`iamspec compile --baseline FILE`), applied to its
    /// runs: nil without one.
    package var appliedBaseline: AppliedBaseline? {
        compiled.baseline.map { baseline in
            var profiles: [String: [Profile]] = [:]
            for run in runs { profiles[run.caseID, default: []].append(run.profile) }
            return baseline.applied(to: profiles.map { (id: $0.key, profiles: $0.value) })
        }
    }

    /// A run's result as reports show it against the suite's baseline (``appliedBaseline``): an
    /// expected failure skipped (`expected failure: ...`), an unexpected pass failed; as it is
    /// without one.
    package func judged(_ result: CaseResult) -> CaseResult {
        guard let baseline = compiled.baseline?.baseline else { return result }
        return BaselineJudgement.judge(result, against: baseline, allowingUnexpectedPasses: false)
    }

    /// A summary as reports show it against the suite's baseline, which it carries (so that
    /// `iamspec report` on its results stream judges alike); as it is without one. The results
    /// stream records the summary as made, with this one's baseline and verdict
    /// (`ResultsStream.encode(_:judged:)`).
    package func judged(_ summary: RunSummary) -> RunSummary {
        guard let applied = appliedBaseline else { return summary }
        return BaselineJudgement.judge(summary, applying: applied)
    }

    /// Runs every run of the suite, one after the other, on fresh engines of `provider`; the
    /// summary holds every result, in report order. Cancelling the calling task interrupts the
    /// run, as `RunControl.interrupt()` does the runner's: the run under way is an error
    /// (`interrupted`), none starts after it, and the summary says so (`interrupted`, `notRun`).
    public func runAll(on provider: some EngineProvider) async -> RunSummary {
        await runAll(on: provider, repeats: 1)
    }

    /// Runs every run of the suite as ``runAll(on:)`` does, each `repeats` times on fresh engines
    /// (`iamspec run-compiled --repeat N`): a run whose repeats do not agree is nondeterministic
    /// (``Nondeterminism``). Each result goes to `deliver` as it comes, in report order (a results
    /// stream written as the run goes); the summary keeps every result but the passed ones
    /// `keepingPassed` turns down (counted in `RunSummary.passedNotKept`), so that the run's
    /// memory need not grow with the results.
    package func runAll(
        on provider: some EngineProvider,
        repeats: Int,
        startedAt: Date = Date(),
        keepingPassed: (CaseResult) -> Bool = { _ in true },
        deliver: (CaseResult) -> Void = { _ in }
    ) async -> RunSummary {
        // One executor for every run: the engine says what it can do once, as in a handshake.
        let executor = CaseExecutor(provider: provider, ruleReferences: ruleReferences)
        var summary = RunSummary(
            header: header(engine: provider.description, startedAt: startedAt, jobs: 1),
            results: []
        )
        var made = 0
        let key = recordingKey(engine: provider.description) + " all"
        for run in runs where !Task.isCancelled {
            RunsUnderWay.shared.begin(run, key: key, count: runs.count) {
                header(engine: provider.description, startedAt: startedAt, jobs: 1)
            }
            let result = await self.run(run, by: executor, repeats: repeats)
            RunsUnderWay.shared.end(run, key: key, result: result)
            made += 1
            deliver(result)
            summary.keep(result, unlessTurnedDown: keepingPassed)
        }
        summary.interrupted = Task.isCancelled
        summary.notRun = runs.count - made
        return summary
    }

    /// Runs `run` as ``run(_:on:)`` does, and records its result with those of the suite's other
    /// runs on `provider`'s engines, as tests that may run at once make them: when it is the last
    /// of the suite's runs to have one, the summary of them all comes with it, in report order
    /// (its header's `jobs` is the most runs that were under way at once), and the recording
    /// starts afresh, so that the tests run again make a summary again.
    public func runRecording(
        _ run: PortableRun,
        on provider: some EngineProvider
    ) async -> (result: CaseResult, summary: RunSummary?) {
        let engine = provider.description
        await collector.begin(for: engine)
        // For the exit check (IAMSpecPortableTesting): what an exit in the middle leaves.
        let key = recordingKey(engine: engine)
        RunsUnderWay.shared.begin(run, key: key, count: runs.count) { header(engine: engine, jobs: 1) }
        let result = await self.run(run, on: provider)
        RunsUnderWay.shared.end(run, key: key, result: result)
        guard let collected = await collector.record(result, at: run.index, of: runs.count, for: engine) else {
            return (result, nil)
        }
        let summary = RunSummary(
            header: header(engine: engine, startedAt: collected.startedAt, jobs: collected.mostAtOnce),
            results: collected.results
        )
        return (result, summary)
    }

    /// Names this suite's runs on `engine`'s engines in ``RunsUnderWay``: the suite by its
    /// collector, which every copy of it shares.
    private func recordingKey(engine: EngineDescription) -> String {
        "\(ObjectIdentifier(collector).hashValue) \(engine.name) \(engine.version)"
    }

    /// What `iamspec run` prints for a run that failed or errored: the case, its rules with their
    /// words, its `given`, the failing step's location and message, the timeline, and how to run
    /// it again. Nil for a run that passed or was skipped.
    public func failureReport(for result: CaseResult) -> String? {
        guard result.status == .failed || result.status == .error else { return nil }
        let header = header(engine: EngineDescription(name: "", version: "", profiles: [], capabilities: []), jobs: 1)
        return ConsoleReport(style: ConsoleStyle(usesColor: false)).failureEntry([result], header: header)
            .joined(separator: "\n")
    }

    /// The header of the suite's runs on `engine`'s engines begun at `startedAt`, `jobs` at most
    /// at once: what the suite records of how it was chosen, on this machine.
    package func header(engine: EngineDescription, startedAt: Date = Date(), jobs: Int) -> RunHeader {
        RunHeader(
            engine: EngineRecord(engine),
            suitePaths: compiled.suitePaths,
            selection: compiled.selection,
            jobs: jobs,
            timeoutMilliseconds: compiled.timeoutMilliseconds,
            startedAt: RunHeader.timestamp(startedAt),
            iamspecVersion: IAMSpecVersion.current,
            executor: .portable
        )
    }
}

/// The results of one suite's runs as tests record them, per engine, until each run has one.
private actor ResultsCollector {
    /// What one engine's runs have recorded: when the first began, how many are under way and the
    /// most that were at once, and each result by its run's position.
    private struct Collection {
        var startedAt = Date()
        var running = 0
        var mostAtOnce = 0
        var results: [Int: CaseResult] = [:]
    }

    /// The results of every run, in order, with when the first began and the most runs under way
    /// at once.
    struct Collected {
        var results: [CaseResult]
        var startedAt: Date
        var mostAtOnce: Int
    }

    private var collections: [EngineDescription: Collection] = [:]

    /// A run of `engine`'s begins: the first starts its collection's clock.
    func begin(for engine: EngineDescription) {
        var collection = collections[engine] ?? Collection()
        collection.running += 1
        collection.mostAtOnce = max(collection.mostAtOnce, collection.running)
        collections[engine] = collection
    }

    /// Records the result of the run at `index`; when every one of the `count` runs has a
    /// result, returns them in order, and forgets them.
    func record(_ result: CaseResult, at index: Int, of count: Int, for engine: EngineDescription) -> Collected? {
        var collection = collections[engine] ?? Collection()
        collection.running = max(0, collection.running - 1)
        collection.results[index] = result
        guard collection.results.count == count else {
            collections[engine] = collection
            return nil
        }
        collections[engine] = nil
        return Collected(
            results: (0..<count).compactMap { collection.results[$0] },
            startedAt: collection.startedAt,
            mostAtOnce: max(1, collection.mostAtOnce)
        )
    }
}
