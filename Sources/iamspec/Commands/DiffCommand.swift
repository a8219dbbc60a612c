import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec diff`: what changed between two results streams.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Show what changed between two results streams (iamspec run --json): newly failing, passing, skipped.",
        discussion: """
            Case runs are matched by case id and profile. Newly failing: fails or errors now; passed, \
            was skipped or did not exist before. Newly passing: passes now; failed, errored or was \
            skipped before. Newly skipped: skipped now, not before. Changed messages: failing in \
            both, with another status, kind or message. Nondeterministic: changed in any of these \
            ways, where either stream marks the run nondeterministic (iamspec run --repeat): listed \
            there alone, and not a regression. Runs only in one stream and not newly \
            failing are counted apart. The last line on standard output is `N newly failing, N \
            newly passing, N newly skipped, N changed messages` (then `, N nondeterministic` \
            when any is). A later run that did not make every run of its selection (interrupted, \
            stopped at its first failure, a merge lacking shards) is no verdict on the runs it did \
            not make: the diff fails, unless --partial says partial results are wanted. Exit \
            status 0 when nothing is newly failing, 1 when something is (a regression) or the \
            later run did not finish, 2 when a stream cannot be read or the Markdown cannot be \
            written.
            """
    )

    @Argument(help: ArgumentHelp("The results stream of the earlier run.", valueName: "old.jsonl"))
    var old: String

    @Argument(help: ArgumentHelp("The results stream of the later run.", valueName: "new.jsonl"))
    var new: String

    @Option(
        help: ArgumentHelp(
            "Also write the changes as Markdown to this file (for $GITHUB_STEP_SUMMARY or a pull-request comment).",
            valueName: "file"
        )
    )
    var markdown: String?

    @Flag(
        help: ArgumentHelp(
            "Partial results are wanted: a later run that did not make every run of its selection is compared "
                + "by the runs it holds, and does not fail the diff for the others."
        )
    )
    var partial = false

    func run() throws {
        try ReportDestinations.prepare(
            [("--markdown", markdown)],
            inputs: [
                ReportDestinations.Input(role: "the earlier results stream", path: old),
                ReportDestinations.Input(role: "the later results stream", path: new),
            ]
        )
        let diff: ResultsDiff
        do {
            diff = try ResultsDiff(oldPath: old, newPath: new)
            if let markdown {
                try AtomicFile.write(MarkdownReport.diff(diff), to: markdown)
            }
        } catch let error as ResultsStreamError {
            throw CommandFailure.usage(error.description)
        } catch let error as AtomicFileError {
            throw CommandFailure.usage(error.description)
        }
        for line in lines(diff) {
            print(line)
        }
        if let unfinished = diff.laterRunUnfinished {
            StandardError.write(
                partial
                    ? "note: the later run did not finish (\(unfinished)): the runs it holds are compared (--partial)"
                    : "error: the later run did not finish (\(unfinished)): the runs it did not make are not "
                        + "compared; give --partial to compare the runs it holds"
            )
        }
        if diff.hasRegression || (diff.laterRunUnfinished != nil && !partial) {
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// The console text: the engines and totals, each group with its runs, the counts last.
    private func lines(_ diff: ResultsDiff) -> [String] {
        func engine(_ summary: RunSummary) -> String {
            QuotedText.line("\(summary.header.engine.name) \(summary.header.engine.version)")
        }
        var lines = [
            "before: \(QuotedText.line(old)): \(engine(diff.old)), \(diff.old.totalsLine)",
            "after:  \(QuotedText.line(new)): \(engine(diff.new)), \(diff.new.totalsLine)",
        ]
        if diff.removed > 0 || diff.added > 0 {
            lines.append("runs only before: \(diff.removed), only after: \(diff.added)")
        }
        for (title, changes) in diff.groups where !changes.isEmpty {
            lines += ["", "\(title) (\(changes.count)):"]
            for change in changes {
                lines.append("  \(QuotedText.line(change.name)): \(change.new.status.rawValue)")
                lines.append("    before: \(QuotedText.line(ResultsDiff.before(change)))")
                if !change.new.message.isEmpty {
                    lines.append("    now:    \(QuotedText.line(change.new.message))")
                }
            }
        }
        lines += ["", diff.countsLine]
        return lines
    }
}
