import ArgumentParser
import IAMSpec
import IAMSpecRunner
import IAMSpecSite

/// `iamspec docs`: the suite as a static site, with a conformance matrix from results.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Render the rules and cases as a static site (HTML and Markdown), with results if given.",
        discussion: """
            Writes into the --out folder: index.html, areas/<area>.html (each rule with its \
            quotes, sources and translations; each case as a timeline in plain words), style.css, \
            and the same pages as GitHub Markdown under markdown/. With --results (the results \
            stream of `iamspec run --json`, one per engine; merge shards with `iamspec merge` \
            first), also matrix.html and markdown/matrix.md (each engine's differences first: \
            its failed runs grouped by the failing step's rule and the mismatch's shape; then by \
            rule area, a row per rule, a column per engine, a failure counted against the rules \
            its failing step checks, every run that did not pass with its reason) and \
            badges/<engine>.svg. Conformance is passed runs out of the runs an engine supports \
            (not skipped), with failed, errored and skipped runs counted apart, on the badge \
            too. No scripts, no fonts or files fetched from elsewhere; the same \
            inputs give the same bytes. Files already in the folder that the site does not have \
            are left alone; a symbolic link where a file of the site goes is replaced by the file, \
            never written through. Exit status 0 when written, 2 for spec errors, unreadable \
            results, a folder that cannot be written, or a file of the site that would replace an \
            input (a spec file or a results stream).
            """
    )

    @Option(help: ArgumentHelp("The folder to write the site into (made if missing).", valueName: "dir"))
    var out: String

    @OptionGroup var suite: SuiteOptions

    @Option(
        name: .customLong("results"),
        help: ArgumentHelp(
            "A results stream (iamspec run --json) to add to the matrix; repeatable.",
            valueName: "results.jsonl"
        )
    )
    var results: [String] = []

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        do {
            let summaries = try results.map { path throws(ResultsStreamError) in try ResultsStream.read(from: path) }
            let files = try DocumentationSite.files(
                cases: loaded.cases,
                rules: loaded.rules,
                suitePaths: suite.paths,
                results: summaries
            )
            try ReportDestinations.refuseInputs(
                files.map { ReportDestinations.Destination(option: "--out", path: "\(out)/\($0.path)") },
                inputs: ReportDestinations.inputs(of: loaded, paths: suite.paths)
                    + results.map { ReportDestinations.Input(role: "a results stream", path: $0) }
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
}
