import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec diff`: what changed between two results streams.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two results streams.",
        discussion: """
            Exit status: 0 nothing newly fails, 1 something does, 2 unreadable input. More: \
            docs/COMMANDS.md, "iamspec diff".
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
