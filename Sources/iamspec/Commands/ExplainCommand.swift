import ArgumentParser
import IAMSpec
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecRunner

/// `iamspec explain`: names what an engine does differently, from a results stream: each failing
/// run replayed on the reference engine's behaviours.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Name the behaviours that explain a results stream's failing runs, each proven by replay.",
        discussion: """
            Reads a results stream (iamspec run --json, run-compiled --json), loads the cases its \
            runs came from (--specs, or else the suite paths its header records when each is a \
            spec file or folder inside the working directory, links resolved: a stream's header \
            is a hint, and a path elsewhere is refused, never read), and replays each failed run on the reference engine with each behaviour of \
            the catalogue (iamspec mutate --list), then with pairs of the behaviours that changed \
            its timeline. A behaviour explains a run when its replay fails with exactly the \
            engine's timeline: every step's observations, up to the same failing check. Each \
            explained run is listed under one behaviour; the others stay differences, grouped by \
            the rule of their failing check and their mismatch. Prints both; with --json, also \
            writes the stream with the behaviours in its footer (iamspec report and docs show \
            them). iamspec run does the same by itself unless --no-explain. A failed run whose \
            case the specs read do not hold is explained by nothing, and a warning on standard \
            error names it. Exit status 0 when it explained what it could, 2 when the stream or \
            the cases cannot be read.
            """
    )

    @Argument(help: ArgumentHelp("The results stream to read.", valueName: "results.jsonl"))
    var results: String

    @Option(
        name: .customLong("specs"),
        help: ArgumentHelp(
            "Spec files or folders the runs came from (default: the stream's suite paths).",
            valueName: "path"
        )
    )
    var specs: [String] = []

    @Option(help: ArgumentHelp("Write the stream again, with the behaviours in its footer.", valueName: "file"))
    var json: String?

    @Option(
        parsing: .unconditional,
        help: "Wall-clock seconds one replay may take before it is an error (its run is explained by nothing)."
    )
    var timeout: Double = 30

    @Flag(
        help: """
            List, for each failed run, every behaviour and pair (and, where none fits, triple) of the \
            catalogue whose replay gives exactly its timeline (a pair holding a behaviour that does \
            alone left out), each marked when it fails a run the engine passed, instead of the names.
            """
    )
    var candidates = false

    /// For `iamspec run`, which explains its failures in this command as a child process: the
    /// behaviours' records as one JSON array on standard output, nothing else.
    @Flag(help: .hidden)
    var records = false

    /// For `iamspec run`, whose stream to this command holds only the runs that did not pass: how
    /// many did (the runs of the selection it does not list, when as many).
    @Option(parsing: .unconditional, help: .hidden)
    var passedRuns: Int?

    func validate() throws {
        try CaseTimeout.validate(timeout)
    }

    func run() throws {
        let recorded: RecordedRun
        // Each failed run as the search compares replays with it (its timeline's digests), in
        // the order of the summary's failed results.
        var failed: [RecordedFailure] = []
        // Each difference once: a hundred thousand failed runs differ in a few ways.
        var differences: Set<Difference> = []
        // A regular file is read once, its footer first from its last line, its passed runs
        // counted, not kept, and of each failure only what the explanation's report reads, its
        // timeline kept as `failed` (`--json` copies each case line from the file): a stream of
        // 100,000 runs holds its failures' outlines only. A FIFO (`<(...)`) has no last line to
        // read first: it is kept whole.
        var status = stat()
        let rereadable = stat(results, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        do {
            if rereadable {
                recorded = try ResultsStream.readKept(from: results) {
                    Self.whatTheExplanationReads($0, recording: &failed, sharing: &differences)
                }
            } else {
                recorded = try ResultsStream.readRecorded(from: results)
                failed = recorded.summary.results.filter { $0.status == .failed }.map(RecordedFailure.init)
            }
        } catch {
            throw CommandFailure.usage(error.description)
        }
        var summary = recorded.summary
        let paths = specs.isEmpty ? try Self.hintedSuitePaths(summary.header.suitePaths) : specs
        // A stream with no failed run has nothing to replay: its suite, which may hold a hundred
        // thousand cases, is not loaded.
        let hasFailedRuns = summary.results.contains { $0.status == .failed }
        let loaded = hasFailedRuns ? try SuiteLoading.load(paths, namedByAStream: specs.isEmpty) : nil
        let cases = loaded?.loadedCases ?? []
        Self.warnOfRunsWithoutTheirCase(summary, cases: cases, paths: paths)
        if candidates {
            let input = Self.input(summary, failed: failed, cases: cases, passedRuns: passedRuns)
            let listed = try Self.replaying {
                try FailureExplainer(timeout: CaseTimeout.duration(timeout)).candidates(
                    input.failures,
                    passes: input.passes,
                    capabilities: Set(summary.header.engine.capabilities),
                    engines: FailureExplainer.inProcess
                )
            }
            guard !listed.isEmpty else {
                print("no failed run to explain")
                return
            }
            for (run, hypotheses) in listed {
                let fitting = hypotheses.map {
                    "\($0.behaviour)\($0.consistent ? "" : " (fails a run the engine passed)")"
                }
                print(
                    QuotedText.line(run.text) + ": "
                        + (fitting.isEmpty ? "nothing replays it" : fitting.joined(separator: ", "))
                )
            }
            return
        }
        summary.behaviours = try Self.replaying {
            try Self.explain(
                summary,
                failed: failed,
                cases: cases,
                passedRuns: passedRuns,
                timeout: CaseTimeout.duration(timeout)
            )
        }
        if records {
            let encoded = try JSONEncoder().encode(
                summary.behaviours.map { FooterLine.BehaviourRecord($0, summary: summary) }
            )
            print(String(decoding: encoded, as: UTF8.self))
            return
        }
        if let json {
            let explained = RecordedRun(summary: summary, baseline: recorded.baseline)
            do {
                if rereadable {
                    try ResultsStream.copy(results, to: json, as: explained)
                } else {
                    try ResultsStream.write(explained, to: json)
                }
            } catch let error as ResultsStreamError {
                throw CommandFailure.usage(error.description)
            } catch let error as AtomicFileError {
                throw CommandFailure.usage(error.description)
            }
        }
        let lines = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        print(lines.isEmpty ? "no failed run to explain" : lines.joined(separator: "\n"))
    }

    /// A result as the explanation's reports read it (its case and profile, its status, kind and
    /// difference: the console's lines, the footer `--json` writes, whose case lines it copies
    /// from the file), without its title, message, the file of its location, `given`,
    /// diagnostics, rules, tags and timeline; a failed run's timeline is appended to `failures`
    /// as the search compares replays with it. Its difference is the one of `differences` equal
    /// to it, when there is one (and is added to them otherwise), so that runs that differ alike
    /// share one.
    private static func whatTheExplanationReads(
        _ result: CaseResult,
        recording failures: inout [RecordedFailure],
        sharing differences: inout Set<Difference>
    ) -> CaseResult {
        var kept = result
        if let difference = result.difference { kept.difference = differences.insert(difference).memberAfterInsert }
        if kept.status == .failed { failures.append(RecordedFailure(kept)) }
        kept.title = ""
        kept.message = ""
        kept.location.file = ""
        kept.given = []
        kept.diagnostics = ""
        kept.rules = []
        kept.tags = []
        kept.timeline = []
        return kept
    }

    /// What `body` makes of the replays of an explanation: a case file changed since the suite
    /// was loaded (`CaseFileChanged`, when a replay reads its case again) is a problem at it,
    /// exit status 2, nothing explained.
    private static func replaying<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as CaseFileChanged {
            throw CommandFailure.diagnostics([error.diagnostic])
        }
    }

    /// The suite paths a stream's header names, when each resolves (links followed) inside the
    /// working directory and is a folder or a regular YAML file there. A stream is an artefact,
    /// perhaps of another's job: its header is a hint, never a reason to read a file the user did
    /// not name (`/proc/self/environ`, a credentials file), and no path of it is quoted.
    ///
    /// - Throws: ``CommandFailure`` when any is elsewhere, or is neither.
    static func hintedSuitePaths(_ paths: [String]) throws(CommandFailure) -> [String] {
        let refused = CommandFailure.usage(
            "error: the results stream's header names suite paths that are not spec files or folders inside the "
                + "working directory, expected paths explain may read; give the spec paths its runs came from with "
                + "--specs"
        )
        guard let folder = resolvedPath(".") else { throw refused }
        for path in paths {
            guard let resolved = resolvedPath(path), resolved == folder || resolved.hasPrefix(folder + "/") else {
                throw refused
            }
            var status = stat()
            guard stat(resolved, &status) == 0 else { throw refused }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            let isSpecFile =
                status.st_mode & S_IFMT == S_IFREG && (resolved.hasSuffix(".yaml") || resolved.hasSuffix(".yml"))
            guard isFolder || isSpecFile else { throw refused }
        }
        return paths
    }

    /// `path` with every link resolved, absolute; nil when it cannot be (it does not exist).
    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Warns, on standard error, of the summary's failed runs whose case is not among `cases` (the
    /// specs read from `paths`, given by `--specs` or recorded by the stream): nothing can replay
    /// them, so nothing explains them. Naming them, the first ten, tells a wrong `--specs` from a
    /// stream with nothing to explain.
    private static func warnOfRunsWithoutTheirCase(_ summary: RunSummary, cases: [LoadedCase], paths: [String]) {
        let ids = Set(cases.map(\.id))
        let orphans = summary.results.filter { $0.status == .failed && !ids.contains($0.caseID) }
        guard !orphans.isEmpty else { return }
        let shown = orphans.prefix(10).map { "\(QuotedText.line($0.caseID)) [\($0.profile.rawValue)]" }
        let more = orphans.count > shown.count ? ", and \(orphans.count - shown.count) more" : ""
        let runs = orphans.count == 1 ? "1 failed run has" : "\(orphans.count) failed runs have"
        StandardError.write(
            "warning: \(runs) no case in the specs read (\(paths.map(QuotedText.line).joined(separator: ", "))), "
                + "so nothing explains \(orphans.count == 1 ? "it" : "them"): \(shown.joined(separator: ", "))\(more); "
                + "give --specs the spec files the runs came from"
        )
    }

    /// The behaviours that explain the summary's failed runs, replayed in this process, the runs
    /// the engine passed weighed (`passedRuns` of them, or as many as the summary counts).
    static func explain(
        _ summary: RunSummary,
        failed: [RecordedFailure],
        cases loadedCases: [LoadedCase],
        passedRuns: Int?,
        timeout: Duration
    ) throws -> [ExplainedBehaviour] {
        let input = input(summary, failed: failed, cases: loadedCases, passedRuns: passedRuns)
        return try FailureExplainer(timeout: timeout).explain(
            input.failures,
            passes: input.passes,
            capabilities: Set(summary.header.engine.capabilities),
            engines: FailureExplainer.inProcess
        )
    }

    /// The summary's failed runs (`failed`, as the search compares them) with their cases, and
    /// the runs the engine passed (`passedRuns` of them, or as many as the summary counts).
    private static func input(
        _ summary: RunSummary,
        failed: [RecordedFailure],
        cases loadedCases: [LoadedCase],
        passedRuns: Int?
    ) -> (failures: [FailureExplainer.Failure], passes: [FailureExplainer.Pass]) {
        let runs = summary.header.selection.runs(of: loadedCases)
        // Each failed run's case held as loaded, decoded only while it is replayed: the
        // selection's run, which shares the loaded cases with the others (a run of a case the
        // selection leaves out holds its case alone).
        let failing = Set(failed.map(\.run))
        var selected: [ExplainedBehaviour.Run: CaseRun] = [:]
        for run in runs {
            let key = ExplainedBehaviour.Run(caseID: loadedCases[run.caseIndex].id, profile: run.profile)
            if failing.contains(key) { selected[key] = run }
        }
        let unselected = Set(failed.filter { selected[$0.run] == nil }.map(\.run.caseID))
        var cases: [String: LoadedCase] = [:]
        if !unselected.isEmpty {
            for loaded in loadedCases where unselected.contains(loaded.id) { cases[loaded.id] = loaded }
        }
        let failures = failed.compactMap { recorded in
            (selected[recorded.run]
                ?? cases[recorded.run.caseID].map { CaseRun(loaded: $0, profile: recorded.run.profile) })
                .map { FailureExplainer.Failure(recorded: recorded, run: $0) }
        }
        let counted = passedRuns ?? summary.passedCount
        return (failures, passes(of: summary, among: runs, of: loadedCases, counted: counted))
    }

    /// The runs the engine passed: the runs of the summary's selection (`runs`, of `loadedCases`)
    /// that its results do not list as anything but passed. None when that cannot be told: the
    /// run was cut short (some runs never ran), or the cases no longer give as many passes as
    /// were `counted`.
    private static func passes(
        of summary: RunSummary,
        among runs: [CaseRun],
        of loadedCases: [LoadedCase],
        counted: Int
    ) -> [FailureExplainer.Pass] {
        guard summary.notRun == 0, !summary.interrupted, !summary.stoppedAtFirstFailure else { return [] }
        let notPassed = Set(summary.results.filter { $0.status != .passed }.map(ExplainedBehaviour.Run.init))
        let passed = runs.filter {
            !notPassed.contains(ExplainedBehaviour.Run(caseID: loadedCases[$0.caseIndex].id, profile: $0.profile))
        }
        guard passed.count == counted else { return [] }
        return passed.map(FailureExplainer.Pass.init)
    }
}
