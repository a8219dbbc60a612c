import ArgumentParser
import IAMSpec
import IAMSpecExplanation
import IAMSpecPlatform
import IAMSpecRunner

/// `iamspec explain`: names what an engine does differently, from a results stream: each failing
/// run replayed on the reference engine's behaviours.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Name the behaviours that explain failing runs.",
        discussion: """
            Exit status: 0 explained what it could, 2 unreadable input. More: docs/COMMANDS.md, "iamspec \
            explain".
            """
    )

    @Argument(help: ArgumentHelp("The results stream to read.", valueName: "results.jsonl"))
    var results: String

    @Option(
        name: .customLong("specs"),
        help: ArgumentHelp(
            "Spec files or folders the runs came from (default: Specs of the working directory).",
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

    @Option(
        help: ArgumentHelp(
            """
            The results stream of the whole run this stream's run is part of (a re-run line's run): \
            the runs it passed judge the names too, those this stream's run made again left out.
            """,
            valueName: "results.jsonl"
        )
    )
    var wholeRun: String?

    /// For `iamspec run`, which explains its failures in this command as a child process: the
    /// behaviours' records as one JSON array on standard output, nothing else.
    @Flag(help: .hidden)
    var records = false

    /// For `iamspec run`, whose stream to this command holds only the runs that did not pass: how
    /// many did (the runs of the selection it does not list, when as many).
    @Option(parsing: .unconditional, help: .hidden)
    var passedRuns: Int?

    /// For `iamspec run`, whose experiments refuted these names (each a name's behaviour, ids
    /// joined by `+`): the search gives their runs another name, or none.
    @Option(parsing: .singleValue, help: .hidden)
    var ruledOut: [String] = []

    /// For `iamspec run`, which gives this command a private folder holding the stream and a pipe
    /// as standard input: when the pipe closes (the run ended, killed too), the folder is removed
    /// and this command ends at once (``ParentWatch``), leaving no orphan and no data.
    @Flag(help: .hidden)
    var endsWithParent = false

    func validate() throws {
        try CaseTimeout.validate(timeout)
    }

    func run() throws {
        if endsWithParent {
            ParentWatch.start(removingFolderOf: results)
        }
        var recorded: RecordedRun
        // Each failed run as the search compares replays with it (its timeline's digests), in
        // the order of the summary's failed results.
        var failed: [RecordedFailure] = []
        // The runs the results list as anything but passed.
        var notPassed: Set<ExplainedBehaviour.Run> = []
        // A regular file is read once before the replays, its footer first from its last line,
        // and of its results what its reports read, as `merge` reads them (with no baseline, the
        // failures folded: a few bytes a run), each failed run's timeline kept as `failed`, each
        // difference once (a hundred thousand failed runs differ in a few ways); it is read again
        // for the reports, and must hold the same failed runs (`--json` copies each case line from
        // the file). A FIFO (`<(...)`) has no last line to read first, nor can it be read again:
        // it is kept whole.
        var status = stat()
        let rereadable = stat(results, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        do {
            if rereadable {
                var differences: Set<Difference> = []
                recorded = try ResultsStream.readTallied(from: results) { result in
                    guard result.status != .passed else { return }
                    notPassed.insert(ExplainedBehaviour.Run(result))
                    guard result.status == .failed else { return }
                    var shared = result
                    if let difference = result.difference {
                        shared.difference = differences.insert(difference).memberAfterInsert
                    }
                    failed.append(RecordedFailure(shared))
                }
            } else {
                recorded = try ResultsStream.readRecorded(from: results)
                let results = recorded.summary.results
                failed = results.filter { $0.status == .failed }.map(RecordedFailure.init)
                notPassed = Set(results.lazy.filter { $0.status != .passed }.map(ExplainedBehaviour.Run.init))
            }
        } catch {
            throw CommandFailure.usage(error.description)
        }
        let header = recorded.summary.header
        let whole = try wholeRun.map { path throws(CommandFailure) in
            try WholeRunStream.given(
                path,
                toJudgeRunOf: header.suitePaths,
                engineCommand: header.invocation?.engineCommand
            )
        }
        let paths = specs.isEmpty ? ["Specs"] : specs
        if specs.isEmpty {
            Self.hintAtSuitePaths(recorded.summary.header.suitePaths, reading: paths)
        }
        // Held until the replays' input is made from it, then let go (`replaying` consumes it):
        // a set of every run that did not pass is large when most runs failed.
        let replayed = RunsReplayed(
            recorded.summary,
            notPassed: consume notPassed,
            passedRuns: passedRuns,
            wholeRun: whole
        )
        let readAgain = rereadable ? FailedRunsRead(failed) : nil
        if rereadable {
            // Let go while the suite is loaded and replayed: the reports read the file again.
            recorded.summary.results = []
            recorded.summary.failureFold = nil
        }
        // What the run's experiments found stands: explain runs none, and the run's were run on its
        // engine. The search leaves out what the run's last search left out (`searchedWithout`:
        // after a refutation, each hypothesis of a name they refuted and each rival they told a
        // name apart from). (A name the whole run refuted is found, and refuted below.)
        let run = RunVerdicts(recorded.summary)
        let refuted = Set(ruledOut).union(run.searchedWithout)
        let explainer = FailureExplainer(timeout: CaseTimeout.duration(timeout), ruledOut: refuted)
        let capabilities = Set(recorded.summary.header.engine.capabilities)
        let engines = FailureExplainer.inProcess
        if candidates {
            let listed = try Self.replaying(
                paths: paths,
                consume replayed,
                failed: &failed
            ) { input, rules in
                try explainer.gatedBy(rules).candidates(
                    input.failures,
                    passes: input.passes,
                    capabilities: capabilities,
                    engines: engines
                )
            }
            guard !listed.isEmpty else {
                print("no failed run to explain")
                return
            }
            for (run, hypotheses) in listed {
                let fitting = hypotheses.map {
                    "\($0.behaviour)\($0.consistent ? "" : " (fails a run the engine passed, or departs from one it failed before the reference rules do)")"
                }
                print(
                    QuotedText.line(run.text) + ": "
                        + (fitting.isEmpty ? "nothing replays it" : fitting.joined(separator: ", "))
                )
            }
            return
        }
        let behaviours = try Self.replaying(
            paths: paths,
            consume replayed,
            failed: &failed
        ) { input, rules in
            try explainer.gatedBy(rules).explain(
                input.failures,
                passes: input.passes,
                capabilities: capabilities,
                engines: engines
            )
        }
        if let readAgain {
            recorded = try readAgain.tallied(of: results)
        }
        var summary = recorded.summary
        run.give(behaviours, to: &summary)
        // The names the whole run refuted are refuted here too; a run's explanation (`--records`)
        // gives its names to the run, which carries them (and its experiments' refutations) itself.
        if let whole, !records {
            whole.verdicts.carry(into: &summary)
        }
        // The re-run lines start this tool, not the program the stream records, and name the whole
        // run given, or else the stream read when it is one.
        summary.header = summary.header.namingThisProgram
        if let wholeRun {
            summary.header.invocation?.wholeRun = wholeRun
        } else {
            summary.header = summary.header.namingWholeRun(readFrom: results)
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

    /// What `body` makes of the failed runs' replays, given the failures (`failed`, emptied: each
    /// is held once, with its case) and the runs the engine passed (told by `replayed`, let go
    /// once they are): the suite at `paths` loaded first (not when no run failed: a suite may hold
    /// a hundred thousand cases), and let go when `body` returns. A failed run whose case the
    /// suite lacks is named in a warning, and left out. A case file changed since the suite was
    /// loaded (`CaseFileChanged`, when a replay reads its case again) is a problem at it, exit
    /// status 2, nothing explained.
    private static func replaying<Value>(
        paths: [String],
        _ replayed: consuming RunsReplayed,
        failed: inout [RecordedFailure],
        _ body: (
            _ input: (failures: [FailureExplainer.Failure], passes: [FailureExplainer.Pass]),
            _ rules: RuleCatalogue
        ) throws -> Value
    ) throws -> Value {
        let loaded = failed.isEmpty ? nil : try SuiteLoading.load(paths)
        let cases = loaded?.loadedCases ?? []
        warnOfRunsWithoutTheirCase(failed, cases: cases, paths: paths)
        let input = replayed.input(failed: failed, cases: cases)
        _ = consume replayed
        failed = []
        do {
            return try body(input, loaded?.rules ?? RuleCatalogue())
        } catch let error as CaseFileChanged {
            throw CommandFailure.diagnostics([error.diagnostic])
        }
    }

    /// Says, on standard error, which suite paths the stream's header records when they are not
    /// the paths read (`Specs`, no `--specs` given): a hint at what to give `--specs`, each path
    /// quoted as data. A stream is an artefact, perhaps of another's job: its paths are never read.
    private static func hintAtSuitePaths(_ recorded: [String], reading paths: [String]) {
        guard !recorded.isEmpty, recorded != paths else { return }
        StandardError.write(
            "note: the results stream's header records the suite paths "
                + recorded.map { "'\(QuotedText.line($0))'" }.joined(separator: ", ")
                + " (not read); reading \(paths.map { "'\(QuotedText.line($0))'" }.joined(separator: ", ")): "
                + "give the spec paths its runs came from with --specs"
        )
    }

    /// Warns, on standard error, of the failed runs (`failed`, in the stream's order) whose case is
    /// not among `cases` (the specs read from `paths`, given by `--specs` or `Specs`): nothing can replay them, so nothing explains them. Naming them, the first ten,
    /// tells a wrong `--specs` from a stream with nothing to explain.
    private static func warnOfRunsWithoutTheirCase(_ failed: [RecordedFailure], cases: [LoadedCase], paths: [String]) {
        let ids = Set(cases.map(\.id))
        let orphans = failed.map(\.run).filter { !ids.contains($0.caseID) }
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
}
