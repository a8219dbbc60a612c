import IAMSpec

/// Markdown for a GitHub step summary (`$GITHUB_STEP_SUMMARY`) or a pull-request comment: a run's
/// totals and failures (`iamspec run --summary`, `iamspec report --summary`), or what changed
/// between two runs (`iamspec diff --markdown`).
///
/// Text from the run (messages, reasons, names) goes in code spans, each fenced longer than any
/// run of backticks inside and shown as `QuotedText` shows it (a line break as `⏎`, a table
/// cell's pipes escaped), so nothing in a message can break the page or add to it.
///
/// The summary reads on a phone as GitHub renders it (390 px wide, nothing scrolls sideways):
/// its one table is the totals, two narrow columns; groups are lists; each text from the run is a
/// code span of its own in a paragraph or a list item, which GitHub wraps, never a fenced code
/// block, which it does not (`scripts/test` measures it in Chromium). At most
/// `listLimit` runs are listed per group, the rest counted, and each text from the run is cut
/// after `textLimit` characters, so the page stays under GitHub's limits (a step summary holds
/// 1 MiB, whatever the engine wrote; a comment 65,536 characters).
package enum MarkdownReport {
    /// The most runs listed in one group.
    package static let listLimit = 30
    /// The most characters of one text from the run (a message, a late line) shown.
    package static let textLimit = 8_000

    /// A run's summary: the verdict, the totals, then each failure and error with its location,
    /// message, rules, and the command that runs it again, and each of those rules once with its
    /// sources.
    package static func summary(_ summary: RunSummary) -> String {
        let notRun = summary.notRun
        let header = summary.header
        let verdict = summary.verdict
        let stale = summary.baseline?.staleEntries ?? []
        var lines = [
            "## iamspec: \(code(header.engine.name)) \(code(header.engine.version)): \(verdict.outcome)",
            "",
            "| runs | \(summary.runCount) |",
            "|---|---:|",
            "| passed | \(verdict.passed) |",
            "| failed | \(verdict.failedRuns) |",
            "| errors | \(verdict.errors) |",
            "| skipped | \(verdict.skipped) |",
        ]
        if verdict.isJudgedByBaseline {
            lines.append("| stale baseline entries | \(stale.count) |")
        }
        lines += [
            "",
            "Suite \(header.suitePaths.map { code($0) }.joined(separator: ", ")), iamspec \(code(header.iamspecVersion)).",
        ]
        if let baseline = summary.baseline, let counts = verdict.baselineCounts {
            lines += ["", "Baseline \(code(baseline.file)): \(counts)."]
        }
        if summary.interrupted {
            lines += [
                "",
                "**Interrupted:** \(notRun) selected run\(notRun == 1 ? " was" : "s were") not started and not in these totals.",
            ]
        }
        if summary.stoppedAtFirstFailure {
            lines += [
                "",
                "**Stopped at the first failure (`--fail-fast`):** \(notRun) selected run\(notRun == 1 ? " was" : "s were") "
                    + "not run and \(notRun == 1 ? "is" : "are") not in these totals.",
            ]
        }
        if !summary.lateLines.isEmpty {
            lines += [
                "",
                "**Protocol faults:** the engine wrote after a case had ended (the next case ran on a fresh process):",
                "",
            ]
            lines += codeList(summary.lateLines.prefix(listLimit).map(clipped))
            lines += more(summary.lateLines.count)
        }
        if !summary.capabilityWarnings.isEmpty {
            lines += ["", "**Warnings:** what the engine declares and cannot have meant:", ""]
            lines += codeList(summary.capabilityWarnings)
        }
        lines += skippedCheckLines(summary.results)
        let nondeterministic = summary.nondeterministicRuns
        if !nondeterministic.isEmpty {
            // Every one, whatever the list limit: a run whose repeats disagree is read first.
            lines += heading("Nondeterministic runs", count: nondeterministic.count)
            lines += codeList(nondeterministic.map(\.text))
        }
        lines += behaviourLines(summary)
        let named = Set(summary.behaviours.flatMap(\.runs))
        lines += section(
            "Names the engine refuted",
            summary.refutedNamesShown,
            intro: [
                "Each replays runs, but on an experiment run on the engine it did not answer as the name predicts: "
                    + "the name is not given, and its runs are among the differences below, or under a name above.",
                "",
            ]
        ) {
            ["- " + code(clipped($0.refutedLine))]
                + $0.refutationLines(namedOtherwise: named).map { "  - " + code(clipped($0)) }
        }
        lines += section(
            summary.behaviours.isEmpty
                ? "Differences" : "Differences no behaviour explains together with the names above",
            summary.differences
        ) { group in
            [
                "- \(code(group.rule)): \(code(group.mismatchAndBlocked)) "
                    + "(\(count(group.cases.count, "case")), \(count(group.runs, "run")))"
            ]
                + (group.smallestCase.map {
                    ["  - the smallest case that shows it, \(code(group.example.text)) shrunk: " + yamlSize($0)]
                } ?? [])
        }
        lines += section("Stale baseline entries", stale) { codeList([$0.staleLine]) }
        // The first failures kept (a run folding its failures keeps the first whole), all counted.
        let failing = summary.results.lazy.filter { $0.status == .failed || $0.status == .error }.prefix(listLimit)
        let failingCount = summary.failedCount
        if failingCount > 0 {
            lines += ["", "### Failures and errors (\(failingCount))"]
            for result in failing {
                lines += [""] + failure(result, header: summary.header)
            }
            lines += more(failingCount)
            lines += ruleSources(of: failing)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `### What the engine does differently (N)`: each behaviour that explains failed runs, with
    /// its cases, runs and passes checked, then the proof of each; nothing when none does.
    private static func behaviourLines(_ summary: RunSummary) -> [String] {
        let behaviours = summary.behaviours
        let intro =
            "Each name, replayed on the reference engine, gives exactly the engine's observations of its runs "
            + "and passes the runs the engine passed; \"one of\" where nothing run tells the behaviours apart."
        let sentences = [summary.namesProofBeyondSelection, summary.namesUntested].compactMap { $0 }.flatMap {
            ["**" + $0.prefix(1).uppercased() + $0.dropFirst() + ".**", ""]
        }
        let list = section("What the engine does differently", behaviours, intro: [intro, ""] + sentences) {
            explained in
            let name =
                explained.isOpen
                ? "one of "
                    + ([explained.behaviour] + explained.alternatives.map(\.behaviour)).map { code($0) }
                    .joined(separator: ", ")
                : "\(code(explained.summary)) \(code(explained.behaviour))"
            return [
                "- \(name), departing from \(code(explained.rule)): \(count(explained.cases.count, "case")), "
                    + "\(count(explained.runs.count, "run")), \(explained.passes) passes checked"
            ]
        }
        guard !list.isEmpty else { return [] }
        var lines = list + ["", "Proof of each name:", ""]
        for explained in behaviours.prefix(listLimit) {
            lines.append("- " + code(clipped(explained.line)))
            lines += explained.proofLines.map { "  - " + code(clipped($0)) }
            if explained.isOpen, let example = summary.example(of: explained),
                let yaml = summary.smallestCases[example]
            {
                lines.append("  - the smallest case that shows it, \(code(example.text)) shrunk: " + yamlSize(yaml))
            }
            for (channels, runs) in explained.residueGroups {
                guard let yaml = summary.smallestCases[runs[0]] else { continue }
                lines.append(
                    "  - the smallest case that shows what the engine does otherwise on its "
                        + "\(channels.joined(separator: " and ")), \(code(runs[0].text)) shrunk: " + yamlSize(yaml)
                )
            }
        }
        return lines
    }

    /// `3 lines of YAML in the console report and the results stream (`smallest_cases`)`: where a
    /// smallest case is, and its size.
    private static func yamlSize(_ yaml: String) -> String {
        "\(count(yaml.split(separator: "\n").count, "line")) of YAML in the console report and the results stream "
            + "(\(code("smallest_cases")))"
    }

    /// A section's first lines: an empty line, `### title (count)`, an empty line, and the
    /// paragraph that introduces it (then an empty line), if any.
    private static func heading(_ title: String, count: Int, intro: String? = nil) -> [String] {
        ["", "### \(title) (\(count))", ""] + (intro.map { [$0, ""] } ?? [])
    }

    /// A section of a list: its ``heading(_:count:intro:)``, the lines that introduce it
    /// (`intro`), the lines of each of its first ``listLimit`` items, and how many more there are;
    /// nothing when it has no item.
    private static func section<Item>(
        _ title: String,
        _ items: [Item],
        intro: [String] = [],
        each lines: (Item) -> [String]
    ) -> [String] {
        guard !items.isEmpty else { return [] }
        return heading(title, count: items.count) + intro + items.prefix(listLimit).flatMap(lines) + more(items.count)
    }

    /// `### Checks skipped (N)`: each check skipped with its run, in the results' order, the first
    /// `ConsoleReport.checksShownPerCapability` of each capability (as the console lists them), the
    /// others counted per capability; nothing when none was skipped.
    private static func skippedCheckLines(_ results: [CaseResult]) -> [String] {
        let limit = ConsoleReport.checksShownPerCapability
        var counts: [Capability: Int] = [:]
        var listed: [String] = []
        for result in results {
            for check in result.skippedChecks {
                counts[check.capability, default: 0] += 1
                guard counts[check.capability]! <= limit else { continue }
                listed.append("\(result.caseID) [\(result.profile.rawValue)] (\(result.status.rawValue)): \(check)")
            }
        }
        guard !listed.isEmpty else { return [] }
        // A run that passed with a check skipped passed only the rest.
        var lines = heading(
            "Checks skipped",
            count: counts.values.reduce(0, +),
            intro: "Each run below was judged without these checks, for want of a capability the engine lacks."
        )
        lines += QuotedText.markdownCodeBlock(listed, language: "text")
        for (capability, count) in counts.sorted(by: { $0.key < $1.key }) where count > limit {
            let more = count - limit
            lines += [
                "",
                "… and \(more) more skipped check\(more == 1 ? "" : "s") of the capability \(code(capability.rawValue)) "
                    + "(see the JUnit report or the results stream).",
            ]
        }
        return lines
    }

    /// What changed between two runs, group by group, and both runs' totals (a row per outcome, a
    /// column per run: narrow on a phone).
    package static func diff(_ diff: ResultsDiff) -> String {
        var lines = [
            "## iamspec diff: \(diff.hasRegression ? "regressions" : "no regression")",
            "",
        ]
        if let unfinished = diff.laterRunUnfinished {
            lines += [
                "The later run did not finish (\(unfinished)): the runs it did not make are not compared.", "",
            ]
        }
        lines += [
            "| | before | after |",
            "|---|---:|---:|",
            "| runs | \(diff.old.runCount) | \(diff.new.runCount) |",
            "| passed | \(diff.old.passedCount) | \(diff.new.passedCount) |",
            "| failed | \(diff.old.failedCount) | \(diff.new.failedCount) |",
            "| skipped | \(diff.old.skippedCount) | \(diff.new.skippedCount) |",
            "",
            diff.countsLine + runsOnOneSide(diff) + ".",
        ]
        for (title, changes) in diff.groups where !changes.isEmpty {
            lines += ["", "### \(title.prefix(1).uppercased())\(title.dropFirst()) (\(changes.count))"]
            for change in changes.prefix(listLimit) {
                lines += [
                    "", "- \(code(change.new.caseID)) \(change.new.profile.rawValue): \(change.new.status.rawValue)",
                ]
                var text = ["before: \(clipped(ResultsDiff.before(change)))"]
                if !change.new.message.isEmpty {
                    text.append("now: \(clipped(change.new.message))")
                }
                lines += text.map { "  - " + code($0) }
            }
            lines += more(changes.count)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `; 2 runs only before, 5 only after`, or nothing.
    static func runsOnOneSide(_ diff: ResultsDiff) -> String {
        guard diff.removed > 0 || diff.added > 0 else { return "" }
        return "; \(diff.removed) run\(diff.removed == 1 ? "" : "s") only before, \(diff.added) only after"
    }

    private static func failure(_ result: CaseResult, header: RunHeader) -> [String] {
        var lines = ["#### \(code(result.caseID)) \(result.profile.rawValue): \(result.status.rawValue)", ""]
        lines.append(code("\(QuotedText.line(result.location.description)): \(clipped(result.message))"))
        if let nondeterminism = result.nondeterminism {
            // Both repeats, each with its timeline.
            lines.append("")
            lines += codeList(nondeterminism.lines.map(clipped))
        }
        if !result.rules.isEmpty {
            // Each rule's sources are cited once, under the failures (``ruleSources(of:)``).
            lines += ["", "Rules: " + result.rules.map { code($0.id) }.joined(separator: ", ")]
        }
        lines.append("")
        lines.append("Re-run: " + code(RerunCommand.text(for: result, header: header)))
        return lines
    }

    /// `### Rules and their sources`: each rule the failures listed check, once, in the order
    /// they first come, with its sources; nothing when none has a source.
    private static func ruleSources(of failures: some Sequence<CaseResult>) -> [String] {
        var seen: Set<String> = []
        let rules = failures.flatMap(\.rules).filter { seen.insert($0.id).inserted }
        guard rules.contains(where: { !$0.sources.isEmpty }) else { return [] }
        return heading("Rules and their sources", count: rules.count)
            + rules.map { rule in
                "- \(code(rule.id))"
                    + (rule.sources.isEmpty ? "" : ": \(rule.sources.map { code($0) }.joined(separator: ", "))")
            }
    }

    /// The text, cut where its shown form (`QuotedText.line`, whose escapes may make a character
    /// several) would pass ``textLimit`` characters, with how many characters more there were.
    static func clipped(_ text: String) -> String {
        // A character shows as one or more: no more than the limit's count of them can fit.
        let head = Array(text.prefix(textLimit + 1))
        if head.count <= textLimit, QuotedText.line(text).count <= textLimit { return text }
        // The longest prefix whose shown form fits, found by halving.
        var fits = 0
        var tooLong = head.count
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if QuotedText.line(String(head[..<middle])).count <= textLimit {
                fits = middle
            } else {
                tooLong = middle
            }
        }
        return String(head[..<fits])
            + "… (\(text.count - fits) more characters: see the JUnit report or the results stream)"
    }

    /// Each line a list item of its own, a code span that wraps where the page needs it.
    private static func codeList(_ lines: some Sequence<String>) -> [String] {
        lines.map { "- " + code($0) }
    }

    /// `1 case`, `3 runs`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func more(_ count: Int) -> [String] {
        count > listLimit ? ["", "… and \(count - listLimit) more (see the JUnit report or the results stream)."] : []
    }

    /// Text as a code span (`QuotedText.markdownCode(_:inTable:)`), never in a table cell.
    private static func code(_ text: String) -> String {
        QuotedText.markdownCode(text)
    }
}
