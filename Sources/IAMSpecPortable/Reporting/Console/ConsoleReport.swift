import IAMSpec

/// What `iamspec run` prints: progress lines for stderr, and the report for stdout.
///
/// The report shows one entry per case with a failed or errored run, the first
/// `casesShownInFull` by case id, the rest counted (see `failureEntry(_:header:)`): the
/// profiles it failed in, the rules it checks with their words, its `given`, the failing step's
/// `path:line:col` with the message, the aligned timeline, and a one-line command that runs it
/// again. Skips are grouped by reason (a declined step's runs each
/// with the step's location), apart from expected failures: for a run a baseline judged, a section
/// lists them, the unexpected passes allowed, the stale entries and the baseline's counts. The last
/// line is exactly `N passed, N failed, N skipped` (`RunVerdict`), with `N errors` before
/// `skipped` when runs errored and stale baseline entries counted as failed, never coloured, so
/// scripts can read it.
public struct ConsoleReport: Sendable {
    /// Whether the report is coloured.
    public var style: ConsoleStyle

    /// A report coloured as `style` says.
    public init(style: ConsoleStyle) {
        self.style = style
    }

    /// One line for a finished run: `[3/40] failed  some-case [braze-swift]`, the id as
    /// ``QuotedText`` shows it.
    package func progressLine(for result: CaseResult, completed: Int, total: Int) -> String {
        var bytes: [UInt8] = []
        appendProgressLine(
            caseID: result.caseID,
            profile: result.profile,
            status: result.status,
            completed: completed,
            total: total,
            to: &bytes
        )
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``progressLine(for:completed:total:)`` for the run of `caseID` under
    /// `profile` to `bytes`: a run of a large suite prints one line per run, so the line is made
    /// without intermediate strings, from the three fields it shows, in place: the array grows
    /// once per line, not once per byte.
    package func appendProgressLine(
        caseID: String,
        profile: Profile,
        status: CaseStatus,
        completed: Int,
        total: Int,
        to bytes: inout [UInt8]
    ) {
        var word = statusWord(status)
        var id = QuotedText.line(caseID)
        var profileName = profile.rawValue
        let totalWidth = Self.digitCount(total)
        // The count is right-aligned to the total's width.
        let countWidth = max(totalWidth, Self.digitCount(completed))
        word.withUTF8 { word in
            id.withUTF8 { id in
                profileName.withUTF8 { profileName in
                    // `[` count `/` total `] ` word `  ` id ` [` profile `]`; the spaces are the fill.
                    let start = bytes.count
                    let length = countWidth + totalWidth + word.count + id.count + profileName.count + 9
                    var filled = 0
                    while filled < length {
                        let count = min(length - filled, Self.spaces.count)
                        bytes.append(contentsOf: Self.spaces[..<count])
                        filled += count
                    }
                    bytes.withUnsafeMutableBufferPointer { line in
                        line[start] = UInt8(ascii: "[")
                        var end = start + 1 + countWidth
                        Self.writeDigits(of: completed, endingAt: end, in: line)
                        line[end] = UInt8(ascii: "/")
                        end += 1 + totalWidth
                        Self.writeDigits(of: total, endingAt: end, in: line)
                        line[end] = UInt8(ascii: "]")
                        end = Self.copy(word, into: line, at: end + 2) + 2
                        end = Self.copy(id, into: line, at: end) + 1
                        line[end] = UInt8(ascii: "[")
                        end = Self.copy(profileName, into: line, at: end + 1)
                        line[end] = UInt8(ascii: "]")
                    }
                }
            }
        }
    }

    /// A line of progress off a terminal (`ProgressCadence`): `[245/490] 240 passed, 3 failed,
    /// 2 skipped (41.2 s)`, the runs finished so far as the engine did them (errors counted as
    /// failed), and the wall time since the run started.
    package func progressSummaryLine(
        completed: Int,
        total: Int,
        passed: Int,
        failed: Int,
        skipped: Int,
        elapsed: Duration
    ) -> String {
        let count = String(completed)
        let padding = String(repeating: " ", count: max(0, String(total).count - count.count))
        return
            "[\(padding)\(count)/\(total)] \(passed) passed, \(failed) failed, \(skipped) skipped (\(ElapsedText.of(elapsed)))"
    }

    /// What a progress line is made on (copied in one go, where `repeatElement` goes byte by byte).
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 128)

    /// Copies `text` into `line` at `offset`; returns the offset after it.
    private static func copy(
        _ text: UnsafeBufferPointer<UInt8>,
        into line: UnsafeMutableBufferPointer<UInt8>,
        at offset: Int
    ) -> Int {
        if let source = text.baseAddress, !text.isEmpty {
            (line.baseAddress! + offset).update(from: source, count: text.count)
        }
        return offset + text.count
    }

    private static func digitCount(_ number: Int) -> Int {
        var count = 1
        var rest = number / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count + (number < 0 ? 1 : 0)
    }

    /// Writes the decimal digits of `number` (a minus first when it is negative) into `line`,
    /// ending just before `end`.
    private static func writeDigits(of number: Int, endingAt end: Int, in line: UnsafeMutableBufferPointer<UInt8>) {
        var rest = number.magnitude
        var position = end
        repeat {
            position -= 1
            line[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest != 0
        if number < 0 {
            line[position - 1] = UInt8(ascii: "-")
        }
    }

    /// What the run found, before the failures one by one: the nondeterministic runs, every one;
    /// the behaviours that explain failed
    /// runs (each with one re-run line), then the differences no behaviour explains, and an empty
    /// line after each part; nothing when no run failed.
    package func differenceLines(for summary: RunSummary) -> [String] {
        let nondeterministic = summary.nondeterministicRuns
        // First, every one: no timeline to explain, and a team must know before reading the rest.
        var lines = part(
            nondeterministic,
            "nondeterministic (\(nondeterministic.count)): runs whose repeats disagreed, explained by no behaviour"
        ) { ["  \(QuotedText.line($0.text))"] }
        let behaviours = summary.behaviours
        lines += part(
            behaviours,
            "behaviours (\(behaviours.count)): what the engine does differently, each replayed on the reference "
                + "engine with the engine's very observations and passing the runs the engine passed",
            intro: [summary.namesProofBeyondSelection, summary.namesUntested].compactMap { $0.map { "  \($0)" } }
        ) { behaviourLines($0, of: summary) }
        let refuted = summary.refutedNamesShown
        let named = Set(behaviours.flatMap(\.runs))
        lines += part(
            refuted,
            "refuted (\(refuted.count)): names that replay runs but that an experiment on the engine "
                + "refuted: the engine did not answer as each predicts, so none is given"
        ) {
            ["  \(QuotedText.line($0.refutedLine))"]
                + $0.refutationLines(namedOtherwise: named).map { "    \(QuotedText.line($0))" }
        }
        let differences = summary.differences
        lines += part(
            differences,
            behaviours.isEmpty
                ? "differences (\(differences.count)): the failed runs, by the rule and the way they differ"
                : "unexplained differences (\(differences.count)): the failed runs no behaviour reproduces "
                    + "together with the names above, by the rule and the way they differ"
        ) { group in
            var groupLines = [
                "  \(QuotedText.line(group.line))",
                "    e.g. re-run: \(RerunCommand.text(for: group.example, header: summary.header))",
            ]
            if let yaml = group.smallestCase {
                groupLines.append(
                    "    the smallest case that shows it (the reference rules pass it, the engine fails it):"
                )
                groupLines += Self.indentedYAML(yaml)
            }
            return groupLines
        }
        return lines
    }

    /// One part of ``differenceLines(for:)``: its heading in red, the lines before its items
    /// (`intro`), each item's lines, and an empty line; nothing when it has no item.
    private func part<Item>(
        _ items: [Item],
        _ heading: String,
        intro: [String] = [],
        each lines: (Item) -> [String]
    ) -> [String] {
        guard !items.isEmpty else { return [] }
        return [style.red(heading)] + intro + items.flatMap(lines) + [""]
    }

    /// A behaviour's lines under ``differenceLines(for:)``'s `behaviours` heading: its line, its
    /// proof, a run to re-run, and the smallest cases of what it leaves open.
    private func behaviourLines(_ explained: ExplainedBehaviour, of summary: RunSummary) -> [String] {
        var lines = ["  \(QuotedText.line(explained.line))"]
        for proof in explained.proofLines { lines.append("    \(QuotedText.line(proof))") }
        if let example = summary.example(of: explained) {
            lines.append("    e.g. re-run: \(RerunCommand.text(for: example, header: summary.header))")
            if explained.isOpen, let yaml = summary.smallestCases[example] {
                lines.append(
                    "    the smallest case that shows it, \(QuotedText.line(example.text)) shrunk (the reference "
                        + "rules pass it, the engine fails it; no name is given until something tells them apart):"
                )
                lines += Self.indentedYAML(yaml)
            }
        }
        for (channels, runs) in explained.residueGroups {
            guard let yaml = summary.smallestCases[runs[0]] else { continue }
            lines.append(
                "    the smallest case that shows what the engine does otherwise on its "
                    + "\(channels.joined(separator: " and ")), \(QuotedText.line(runs[0].text)) shrunk (the reference "
                    + "rules pass it, the engine fails it):"
            )
            lines += Self.indentedYAML(yaml)
        }
        return lines
    }

    /// A smallest case's YAML, a line each, indented under the line that introduces it.
    private static func indentedYAML(_ yaml: String) -> [String] {
        var yamlLines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        if yamlLines.last?.isEmpty == true { yamlLines.removeLast() }
        return yamlLines.map { "      \(QuotedText.line(String($0)))" }
    }

    /// The most skipped checks of one capability that ``lines(for:)`` lists, the first in the
    /// results' order; the others are counted in one line. The results stream (`--json`) and
    /// JUnit (`--junit`) hold every one.
    package static let checksShownPerCapability = 50

    /// `skipped 3 checks of 2 runs, the rest of each run judged: the engine lacks the capability
    /// stack-inspection`, for each capability, then each check (the first
    /// `checksShownPerCapability`, the others counted): where it is written, its run.
    private func skippedCheckLines(_ results: [CaseResult]) -> [String] {
        let skipped = results.flatMap { result in result.skippedChecks.map { (result, $0) } }
        var lines: [String] = []
        for (capability, checks) in Dictionary(grouping: skipped, by: \.1.capability).sorted(by: { $0.key < $1.key }) {
            let runs = Set(checks.map { [$0.0.caseID, $0.0.profile.rawValue] }).count
            lines.append(
                style.yellow(
                    "skipped \(checks.count) check\(checks.count == 1 ? "" : "s") of \(runs) run\(runs == 1 ? "" : "s"), "
                        + "the rest of each run judged: the engine lacks the capability \(capability.rawValue)"
                )
            )
            for (result, check) in checks.prefix(Self.checksShownPerCapability) {
                lines.append(
                    "  \(QuotedText.line(check.location.description)): \(QuotedText.line(check.check)) of "
                        + "\(QuotedText.line(result.caseID)) [\(result.profile.rawValue)] (\(result.status.rawValue))"
                )
            }
            if checks.count > Self.checksShownPerCapability {
                let more = checks.count - Self.checksShownPerCapability
                lines.append(
                    "  … and \(more) more skipped check\(more == 1 ? "" : "s") of this capability: the results stream "
                        + "(--json) and JUnit (--junit) hold every one"
                )
            }
        }
        return lines
    }

    /// The most cases with a failed or errored run whose entries ``lines(for:)`` shows in full
    /// (the first by case id); the others are counted in one line, so that a run failing a hundred
    /// thousand times prints a report a reader can scroll, made in bounded memory.
    package static let casesShownInFull = 50

    /// The report's lines, the totals line last: the entries of the first `casesShownInFull`
    /// failed cases, the others counted.
    public func lines(for summary: RunSummary) -> [String] {
        var lines: [String] = []
        write(summary) { lines.append($0) }
        return lines
    }

    /// Hands each of the report's lines (``lines(for:)``) to `line` in turn, the totals line
    /// last: a run with a hundred thousand expected failures prints their list without holding
    /// it.
    package func write(_ summary: RunSummary, line: (String) -> Void) {
        var lines = differenceLines(for: summary)
        // The failed runs by case, as positions in the results: a run failing a hundred thousand
        // times is not copied.
        var failedRuns: [String: [Int]] = [:]
        for index in summary.results.indices
        where summary.results[index].status == .failed || summary.results[index].status == .error {
            failedRuns[summary.results[index].caseID, default: []].append(index)
        }
        let failedCases = failedRuns.sorted(by: { $0.key < $1.key })
        let shown = failedCases.prefix(Self.casesShownInFull)
        for caseRuns in shown {
            lines += failureEntry(caseRuns.value.map { summary.results[$0] }, header: summary.header)
            lines.append("")
        }
        // Every failed case and run: those a summary folding its failures only counted too.
        let caseCount = summary.failureFold?.failedCases.count ?? failedCases.count
        let runCount = summary.failureFold?.failedRuns ?? failedRuns.values.reduce(0) { $0 + $1.count }
        if caseCount > shown.count {
            let more = caseCount - shown.count
            let runs = runCount - shown.reduce(0) { $0 + $1.value.count }
            lines.append(
                style.red(
                    "\(more) more failed case\(more == 1 ? "" : "s") (\(runs) run\(runs == 1 ? "" : "s")) "
                        + "not shown in full (the first \(Self.casesShownInFull) are, by case id): the results stream "
                        + "(--json) and JUnit (--junit) hold every one"
                )
            )
            lines.append("")
        }
        let skipped = summary.results.filter {
            $0.status == .skipped && $0.kind != .expectedFailure
        }
        let skips = Dictionary(grouping: skipped, by: \.message)
        for (reason, results) in skips.sorted(by: { $0.key < $1.key }) {
            lines.append(
                style.yellow("skipped \(results.count) run\(results.count == 1 ? "" : "s"): \(QuotedText.line(reason))")
            )
            for result in results where result.kind == .declined {
                lines.append(
                    "  \(QuotedText.line(result.location.description)): \(QuotedText.line(result.caseID)) "
                        + "[\(result.profile.rawValue)]"
                )
            }
        }
        lines += skippedCheckLines(summary.results)
        for warning in summary.capabilityWarnings {
            lines.append(style.yellow("warning: \(QuotedText.line(warning))"))
        }
        for line in summary.lateLines {
            lines.append(style.red("protocol fault: \(QuotedText.line(line))"))
        }
        if summary.interrupted {
            lines.append(style.yellow("interrupted: the runs not started are not reported"))
        }
        lines.forEach(line)
        verdictLines(for: summary, each: line)
    }

    /// Hands the report's last lines to `line` in turn: for a run a baseline judged, its
    /// expected failures, the unexpected passes it allowed, its stale entries and its counts;
    /// then the totals line.
    package func verdictLines(for summary: RunSummary, each line: (String) -> Void) {
        let verdict = summary.verdict
        guard let baseline = summary.baseline else { return line(verdict.totalsLine) }
        // Each listed in place: a run with a hundred thousand expected failures is not copied.
        // Those it keeps no result of (`expectedFailuresNotKept`) take their places among the
        // results, in report order.
        func list(_ title: String, where listed: (CaseResult) -> Bool, notKept: ExpectedFailures = ExpectedFailures()) {
            let count = summary.results.reduce(0) { listed($1) ? $0 + 1 : $0 } + notKept.count
            guard count > 0 else { return }
            line(style.yellow("\(title) (\(count)):"))
            func entry(_ run: ExplainedBehaviour.Run, _ message: String) {
                line("  \(QuotedText.line(run.caseID)) [\(run.profile.rawValue)]  \(QuotedText.line(message))")
            }
            var others = notKept.listed.makeIterator()
            var other = others.next()
            for result in summary.results where listed(result) {
                while let next = other, next.run < ExplainedBehaviour.Run(result) {
                    entry(next.run, next.message)
                    other = others.next()
                }
                entry(ExplainedBehaviour.Run(result), result.message)
            }
            while let next = other {
                entry(next.run, next.message)
                other = others.next()
            }
        }
        list("expected failures", where: { $0.kind == .expectedFailure }, notKept: summary.expectedFailuresNotKept)
        list("unexpected passes, allowed", where: { $0.kind == .unexpectedPass && $0.status == .passed })
        if !baseline.staleEntries.isEmpty {
            line(style.red("stale baseline entries (\(baseline.staleEntries.count)):"))
            for entry in baseline.staleEntries { line("  \(entry.staleLine)") }
        }
        if let counts = verdict.baselineCounts { line("baseline: \(counts)") }
        line(verdict.totalsLine)
    }

    package func statusWord(_ status: CaseStatus) -> String {
        switch status {
        case .passed: style.green("passed ")
        case .failed: style.red("FAILED ")
        case .error: style.red("ERROR  ")
        case .skipped: style.yellow("skipped")
        }
    }
}
