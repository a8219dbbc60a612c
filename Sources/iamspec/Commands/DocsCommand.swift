import ArgumentParser
import IAMSpec
import IAMSpecExplanation
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecSite

/// `iamspec docs`: the suite as a static site, with a conformance matrix from results.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Render the rules and cases as a static site.",
        discussion: """
            Exit status: 0 written, 2 spec, results or file errors. More: docs/COMMANDS.md, "iamspec docs".
            """
    )

    @Option(help: ArgumentHelp("The folder to write the site into (made if missing).", valueName: "dir"))
    var out: String

    @OptionGroup var suite: SuiteOptions

    @Option(
        name: .customLong("results"),
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Results streams (iamspec run --json) to add to the matrix, each value up to the next option "
                + "(--results a.jsonl b.jsonl); repeatable. Give spec paths before it.",
            valueName: "results.jsonl"
        )
    )
    var results: [String] = []

    @Option(
        help: ArgumentHelp(
            "The folder of the seed documents the rules quote: each becomes a page, with the quoted passages marked.",
            valueName: "dir"
        )
    )
    var seeds: String?

    @Option(
        help: ArgumentHelp(
            "The field's folder (Fixtures/field): public engines' results with their provenance, as a field page.",
            valueName: "dir"
        )
    )
    var field: String?

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        let seedTexts = try seeds.map { try readSeeds(in: $0, for: loaded) } ?? [:]
        do {
            // Each with the baseline its footer records: a run green by it says so beside its
            // raw conformance.
            let summaries = try results.map { path throws(ResultsStreamError) in
                let recorded = try ResultsStream.readRecorded(from: path)
                var summary = recorded.summary
                summary.baseline = recorded.baseline
                // The re-run lines start this tool, and name the stream read as the whole run, when
                // it is one, by no absolute path of this machine: the site is published.
                summary.header = summary.header.namingThisProgram.namingWholeRun(readFrom: path)
                if let wholeRun = summary.header.invocation?.wholeRun {
                    summary.header.invocation?.wholeRun = PublishedPath.of(wholeRun)
                }
                return summary
            }
            // Each case's file by no absolute path of this machine: the site is published.
            let cases = try SuiteLoading.cases(of: loaded).map { specCase in
                var published = specCase
                published.location.file = PublishedPath.of(specCase.location.file, under: suite.paths)
                return published
            }
            let fieldResults = try field.map { folder throws(CommandFailure) in
                try readField(folder, suite: loaded)
            }
            let files = try DocumentationSite.files(
                cases: cases,
                rules: loaded.rules,
                suitePaths: suite.paths.map(PublishedPath.of),
                results: summaries,
                seeds: loaded.seeds,
                seedTexts: seedTexts,
                field: fieldResults?.results
            )
            try ReportDestinations.refuseInputs(
                files.map { ReportDestinations.Destination(option: "--out", path: "\(out)/\($0.path)") },
                inputs: ReportDestinations.inputs(of: loaded, paths: suite.paths)
                    + results.map { ReportDestinations.Input(role: "a results stream", path: $0) }
                    + (fieldResults?.streams ?? []).map {
                        ReportDestinations.Input(role: "a field's results stream", path: $0)
                    }
                    + seedTexts.keys.sorted().map {
                        ReportDestinations.Input(role: "a seed", path: "\(seeds ?? ".")/\($0)")
                    }
            )
            try DocumentationSite.write(files, to: out)
            let bytes = files.reduce(0) { $0 + $1.contents.utf8.count }
            print("wrote \(files.count) files (\(bytes) bytes) to \(out)")
        } catch let error as ResultsStreamError {
            throw CommandFailure.usage(error.description)
        } catch let error as SiteError {
            throw CommandFailure.usage(error.description)
        } catch let error as AtomicFileError {
            throw CommandFailure.usage(error.description)
        }
    }

    /// The field's results in `folder`: its `provenance.jsonl`, a line per engine, and each results
    /// stream it names, read as `--results` reads one (no path of this machine in a re-run line),
    /// judged against the digest of the suite loaded; with the paths of the streams read.
    private func readField(
        _ folder: String,
        suite: LoadedSuite
    ) throws(CommandFailure) -> (results: FieldResults, streams: [String]) {
        let path = folder + "/provenance.jsonl"
        let text = try Self.text(
            of: path,
            option: "--field",
            folder: folder,
            expected: "the field's provenance, a line per engine",
            notUTF8: "\(QuotedText.line(path)):1:1: error: found text that is not UTF-8, expected UTF-8 JSON lines"
        )
        let entries: [FieldResults.Provenance]
        do {
            entries = try FieldResults.provenance(parsing: text, path: QuotedText.line(path))
        } catch {
            throw .usage(error.description)
        }
        guard let digest = SuiteDigest.of(suite, paths: self.suite.paths) else {
            throw .usage("error: a spec file changed or went away while it was read; expected it to stay")
        }
        var engines: [FieldResults.Engine] = []
        var streams: [String] = []
        for entry in entries {
            let stream = folder + "/" + entry.stream
            do {
                var summary = try ResultsStream.readRecorded(from: stream).summary
                summary.header = summary.header.namingThisProgram.namingWholeRun(readFrom: stream)
                if let wholeRun = summary.header.invocation?.wholeRun {
                    summary.header.invocation?.wholeRun = PublishedPath.of(wholeRun)
                }
                engines.append(FieldResults.Engine(provenance: entry, summary: summary))
            } catch {
                throw .usage(error.description)
            }
            streams.append(stream)
        }
        var citations: [String: String] = [:]
        for behaviour in BehaviourCatalogue.all {
            if let source = behaviour.source { citations[behaviour.id] = source }
        }
        return (FieldResults(engines: engines, specsDigest: digest, citations: citations), streams)
    }

    /// The text of every seed the rules quote or `seeds.yaml` describes, by file name, from
    /// `folder`; one that cannot be read, or is not UTF-8, is a usage error.
    private func readSeeds(in folder: String, for suite: LoadedSuite) throws(CommandFailure) -> [String: String] {
        let files = Set(suite.rules.rules.flatMap { $0.quotes.map(\.seed) } + suite.seeds.seeds.map(\.file))
        var texts: [String: String] = [:]
        for file in files.sorted() {
            let path = try seedPath(file, in: folder, for: suite)
            texts[file] = try Self.text(
                of: path,
                option: "--seeds",
                folder: folder,
                expected: "the seed \(QuotedText.line(file)), which the rules quote",
                notUTF8: "error: --seeds \(QuotedText.line(folder)): \(QuotedText.line(path)) is not UTF-8 text; "
                    + "expected the seed \(QuotedText.line(file)) as UTF-8"
            )
        }
        return texts
    }

    /// The text of the file at `path` in the folder `folder` that `option` names; a file that cannot
    /// be read is a usage error saying what was `expected` there, one that is not UTF-8 the usage
    /// error `notUTF8`.
    private static func text(
        of path: String,
        option: String,
        folder: String,
        expected: String,
        notUTF8: @autoclosure () -> String
    ) throws(CommandFailure) -> String {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .usage(
                "error: \(option) \(QuotedText.line(folder)): cannot read \(QuotedText.line(path)): "
                    + "\(FileSystemFailure.reason(of: error)); expected \(expected)"
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .usage(notUTF8()) }
        return text
    }

    /// The resolved path of the seed `file` in `folder`: a plain file inside the folder once
    /// links are resolved, or a usage error at where the seed is named (its entry in
    /// `seeds.yaml`, else the first rule quoting it), so that a site holds no other file.
    private func seedPath(_ file: String, in folder: String, for suite: LoadedSuite) throws(CommandFailure) -> String {
        let path = folder + "/" + file
        // No such folder or file: reading the seed says so.
        guard let resolvedFolder = Self.resolved(folder), let resolved = Self.resolved(path) else { return path }
        var status = stat()
        let isPlainFile = stat(resolved, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        let inside = resolved.hasPrefix(resolvedFolder == "/" ? "/" : resolvedFolder + "/")
        guard !isPlainFile || !inside else { return resolved }
        let location =
            suite.seeds.seed(file)?.location
            ?? suite.rules.rules.first { $0.quotes.contains { $0.seed == file } }?.location
        let place = location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
        throw .usage(
            "\(place)error: the seed \(QuotedText.line(file)) is \(QuotedText.line(resolved)), "
                + (inside ? "which is not a plain file" : "outside --seeds \(QuotedText.line(resolvedFolder))")
                + "; expected a plain file inside the seeds folder"
        )
    }

    /// `path` with every link resolved, or nil when it names nothing.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
