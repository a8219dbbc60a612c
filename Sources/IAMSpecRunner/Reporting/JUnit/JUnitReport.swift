import IAMSpec
import IAMSpecPlatform

/// JUnit XML made from a run's results, valid against both the Jenkins xUnit (junit-10.xsd) and
/// the Ant JUnit schemas, and read alike by junitparser, xunitparser and junit2html.
///
/// Layout, chosen for what CI readers display:
/// - `<testsuites>` carries no attributes (Ant allows none; readers add up the suites).
/// - One `<testsuite>` per profile, named `iamspec.<profile>`: each SDK generation gets its own
///   totals, and the suite list stays short in readers that list suites (GitLab, Azure).
/// - Each `<testcase>` is one case run: `name` is the case id, `classname` is
///   `iamspec.<profile>.<rule area>` (the area of the case's first rule). Jenkins splits a
///   classname at its last `.` into package (`iamspec.<profile>`) and class (the rule area), so
///   its tree reads profile, area, case; GitLab shows the classname as the suite column.
/// - Failures are `<failure type="iamspec.<check>">` (`iamspec.blocked`, its message and text
///   starting `blocked (its setup failed; not checked: <rules>): `, for a run that failed at a
///   step that only sets the case up), errors `<error type="iamspec.<kind>"
///   message="error (<kind>): ...">`, skips `<skipped message="<reason>">`. An error's text
///   starts with the same `error (<kind>): ` as its message: junit2html has no error category
///   (it reads an `<error>` as a failure, keeping only the message and the text), so an error
///   still reads as one there. The text holds the message, the failing step's `path:line:col`,
///   each rule of the case with its sources, the case's `given`, the timeline and the re-run
///   command.
/// - A run a baseline judged with stale entries has one more suite, `iamspec.baseline`: a
///   failing test case per stale entry (`<failure type="iamspec.stale-baseline-entry">`), named
///   by the entry's key, so that the reports count what fails the run as the totals line does.
/// - The run's properties (iamspec and engine versions, capabilities, suite paths, selection,
///   whether it was interrupted or stopped at its first failure, how many selected runs were
///   not run, what the engine wrote after a case had ended, the verdict and the baseline's
///   counts) are in the first suite's `<properties>` only; the other suites' are empty. A run that
///   made no run has no suite, but one named `iamspec`, with no test case, when it was
///   interrupted, left selected runs not run or had late lines to tell. xunitparser gathers every suite's properties into one table and refuses a name
///   twice, and repeating them per suite only made the report larger.
/// - The suite's `<system-out>` has a line per run (id, profile, status, rule ids), with the
///   timeline of each run that did not pass; `<system-err>` what engines wrote on the side.
/// - Times are seconds with a `.` and three decimals, from whole milliseconds. `timestamp` is
///   the run's start in UTC without a zone suffix, as Ant requires.
/// - `--junit-dir DIR` writes the same suites a file each (`TEST-iamspec.<suite>.xml`), each a
///   `<testsuite>` document without `package` and `id` (which Ant's schema allows only inside
///   `<testsuites>`), as Ant's `junitreport` task reads them.
public enum JUnitReport {
    /// The longest text node, in characters, before head and tail are kept with a marker.
    package static let defaultTextLimit = 262_144
    /// The longest attribute value, in characters.
    static let attributeLimit = 4_096

    /// The XML document, ending with a newline.
    package static func xml(for summary: RunSummary, textLimit: Int = defaultTextLimit) -> String {
        let writer = JUnitWriter(header: summary.header, textLimit: textLimit)
        for result in summary.results {
            writer.add(result)
        }
        return String(decoding: writer.document(summary).bufferedBytes, as: UTF8.self)
    }

    /// Writes the XML atomically to `path`.
    public static func write(_ summary: RunSummary, to path: String) throws(AtomicFileError) {
        try write(summary, to: path, directory: nil)
    }

    /// Writes the report to `path` (one file, every suite), and a file per suite in `directory`
    /// (`TEST-iamspec.<suite>.xml`), each atomically.
    package static func write(_ summary: RunSummary, to path: String?, directory: String?) throws(AtomicFileError) {
        let writer = JUnitWriter(header: summary.header, path: path, directory: directory)
        for result in summary.results {
            writer.add(result)
        }
        try writer.finish(summary)
    }

    /// The suite of the stale baseline entries: a test case each, failing.
    package static let baselineSuiteName = "iamspec.baseline"
    /// The name of the one suite of a run that made no run, which carries its properties.
    package static let runSuiteName = "iamspec"

    /// Whether a run that made no run still has something to say (it was interrupted, selected
    /// runs were not run, the engine wrote after a case had ended): its report then holds one
    /// empty suite, ``runSuiteName``, with the run's properties; otherwise it is an empty
    /// `<testsuites>`.
    static func runSuiteIsNeeded(_ summary: RunSummary) -> Bool {
        summary.interrupted || summary.notRun > 0 || !summary.lateLines.isEmpty
    }

    /// The suite of a profile's runs: `iamspec.<profile>`.
    package static func suiteName(_ profile: Profile) -> String {
        "iamspec.\(profile.rawValue)"
    }

    /// The file of one suite in `--junit-dir`: `TEST-<suite>.xml`, as Ant's `junit` task names
    /// them and its `junitreport` task reads them (`TEST-iamspec.braze-swift.xml`).
    package static func suiteFileName(_ suite: String) -> String {
        "TEST-\(suite).xml"
    }

    /// Whether a file of `--junit-dir` is named as iamspec's suite files are (`TEST-iamspec.*.xml`),
    /// whichever run wrote it.
    package static func isSuiteFileName(_ name: String) -> Bool {
        name.hasPrefix("TEST-iamspec.") && name.hasSuffix(".xml")
    }

    /// Removes from `directory` the suite files (`TEST-iamspec.*.xml`) not in `kept`: those of an
    /// earlier run, which a reader of the folder would otherwise add to this run's.
    package static func removeEarlierSuiteFiles(
        in directory: String,
        keeping kept: Set<String>
    ) throws(AtomicFileError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw AtomicFileError(
                path: directory,
                reason: "cannot list the folder: \(FileSystemFailure.reason(of: error))"
            )
        }
        for name in names.sorted() where isSuiteFileName(name) && !kept.contains(name) {
            guard unlink(directory + "/" + name) == 0 || errno == ENOENT else {
                throw AtomicFileError(
                    path: directory + "/" + name,
                    reason: "cannot remove this earlier run's suite file: \(String(cString: strerror(errno)))"
                )
            }
        }
    }

    /// Whole milliseconds as seconds with a `.` and three decimals, whatever the locale: `1.005`.
    package static func seconds(milliseconds: Int64) -> String {
        let clamped = max(0, milliseconds)
        let fraction = String(clamped % 1000)
        return "\(clamped / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `yyyy-MM-ddTHH:mm:ss` from the header's start (UTC, `Z` dropped), as Ant requires: a
    /// date and time that exist (`xs:dateTime`), else `1970-01-01T00:00:00`. A results stream's
    /// `started_at` is only shaped so (`9999-99-99T99:99:99Z` too), and `report` reads any stream.
    static func timestamp(_ startedAt: String) -> String {
        let trimmed = startedAt.hasSuffix("Z") ? String(startedAt.dropLast()) : startedAt
        let shape = "0000-00-00T00:00:00"
        let fits =
            trimmed.count == shape.count
            && zip(trimmed, shape).allSatisfy { actual, wanted in
                wanted == "0" ? actual.isASCII && actual.isNumber : actual == wanted
            }
        guard fits else { return "1970-01-01T00:00:00" }
        let fields = trimmed.split(whereSeparator: { !$0.isNumber }).map { Int($0)! }
        let (year, month, day) = (fields[0], fields[1], fields[2])
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let exists =
            year >= 1 && (1...12).contains(month) && (1...days[month - 1]).contains(day)
            && fields[3] < 24 && fields[4] < 60 && fields[5] < 60
        return exists ? trimmed : "1970-01-01T00:00:00"
    }

    /// A suite's start tag and properties, up to its first test case. `id` is its place in a
    /// `<testsuites>` document (which Ant requires there, with `package`); nil for a suite that is
    /// a document of its own, where Ant allows neither. The run's properties go in the first.
    static func suiteStart(
        _ counts: SuiteCounts,
        name: String,
        id: Int?,
        withProperties: Bool,
        summary: RunSummary
    ) -> String {
        var xml = "  <testsuite"
        var named: [(String, String)] = [("name", token(name))]
        if let id {
            named += [("package", token(name)), ("id", String(id))]
        }
        xml += attributes(
            named + [
                ("timestamp", timestamp(summary.header.startedAt)),
                // Ant's schema requires a host; "localhost" is its word for one not given, and a
                // published report names no machine.
                ("hostname", "localhost"),
                ("tests", String(counts.tests)),
                ("failures", String(counts.failures)),
                ("errors", String(counts.errors)),
                ("skipped", String(counts.skipped)),
                ("time", seconds(milliseconds: counts.milliseconds)),
            ]
        )
        let properties = withProperties ? runProperties(summary) : []
        xml += properties.isEmpty ? ">\n    <properties/>\n" : ">\n    <properties>\n"
        for (name, value) in properties {
            xml += "      <property name=\"\(token(name))\" value=\"\(attribute(value))\"/>\n"
        }
        xml += properties.isEmpty ? "" : "    </properties>\n"
        return xml
    }

    /// A suite's end, after its last test case: what its runs printed, and the end tag.
    static func suiteEnd(traces: JoinedText, sideOutput: JoinedText) -> String {
        "    <system-out>\(traces.content)</system-out>\n"
            + "    <system-err>\(sideOutput.content)</system-err>\n"
            + "  </testsuite>\n"
    }

    /// What the whole run was: once per report, in the first suite.
    private static func runProperties(_ summary: RunSummary) -> [(String, String)] {
        let header = summary.header
        var properties = [
            ("iamspec.version", header.iamspecVersion),
            ("engine.name", header.engine.name),
            ("engine.version", header.engine.version),
            ("engine.capabilities", header.engine.capabilities.map(\.rawValue).joined(separator: ", ")),
            ("suite.paths", header.suitePaths.joined(separator: ", ")),
        ]
        if !header.selection.filters.isEmpty {
            properties.append(("selection.filters", header.selection.filters.map(\.pattern).joined(separator: ", ")))
        }
        if !header.selection.tags.isEmpty {
            properties.append(("selection.tags", header.selection.tags.joined(separator: ", ")))
        }
        if summary.interrupted {
            properties.append(("interrupted", "true"))
        }
        if summary.stoppedAtFirstFailure {
            properties.append(("stopped-at-first-failure", "true"))
        }
        if summary.notRun > 0 {
            properties.append(("not-run", String(summary.notRun)))
        }
        for (number, line) in zip(1..., summary.lateLines) {
            properties.append(("late-line.\(number)", line))
        }
        for (number, warning) in zip(1..., summary.capabilityWarnings) {
            properties.append(("warning.\(number)", warning))
        }
        let verdict = summary.verdict
        properties.append(("verdict", verdict.outcome))
        if let baseline = summary.baseline, let counts = verdict.baselineCounts {
            properties.append(("baseline", "\(baseline.file): \(counts)"))
        }
        // What the run found, one property each, numbered from 1: the behaviours that explain
        // failing runs, then the differences no behaviour explains.
        for (number, run) in zip(1..., summary.nondeterministicRuns) {
            properties.append(("nondeterministic.\(number)", run.text))
        }
        if let proof = summary.namesProofBeyondSelection { properties.append(("behaviours.proof", proof)) }
        if let untested = summary.namesUntested { properties.append(("behaviours.untested", untested)) }
        for (number, explained) in zip(1..., summary.behaviours) {
            properties.append(("behaviour.\(number)", explained.line))
            for (line, proof) in zip(1..., explained.proofLines) {
                properties.append(("behaviour.\(number).proof.\(line)", proof))
            }
        }
        for (number, group) in zip(1..., summary.differences) {
            properties.append(("difference.\(number)", group.line))
        }
        return properties
    }

    static func testcase(_ result: CaseResult, header: RunHeader, textLimit: Int) -> String {
        let area = result.rules.first?.area ?? "uncategorized"
        var xml = "    <testcase"
        xml += attributes([
            ("name", token(result.caseID)),
            ("classname", token("iamspec.\(result.profile.rawValue).\(area)")),
            ("time", seconds(milliseconds: result.durationMilliseconds)),
        ])
        switch result.status {
        case .passed:
            return xml + "/>\n"
        case .skipped:
            return xml + ">\n      <skipped message=\"\(attribute(result.message))\"/>\n    </testcase>\n"
        case .failed:
            let type = result.isBlocked ? "iamspec.blocked" : "iamspec.\(result.kind?.rawValue ?? "expectation")"
            return xml
                + ">\n      <failure type=\"\(attribute(type))\" message=\"\(attribute(failurePrefix(result) + result.message))\">"
                + "\(XMLText.content(failureText(result, header: header), limit: textLimit))</failure>\n    </testcase>\n"
        case .error:
            let kind = result.kind?.rawValue ?? "engine"
            return xml
                + ">\n      <error type=\"\(attribute("iamspec.\(kind)"))\" message=\"\(attribute(failurePrefix(result) + result.message))\">"
                + "\(XMLText.content(failureText(result, header: header), limit: textLimit))</error>\n    </testcase>\n"
        }
    }

    /// The text of a run that failed or errored, as every report that shows it whole shows it:
    /// ``failurePrefix(_:)``, then what, where, the rules, the timeline and how to run it again;
    /// the parts it quotes already ``QuotedText/line(_:)``s, each line break the report's.
    package static func failureText(_ result: CaseResult, header: RunHeader) -> String {
        failurePrefix(result) + report(result, header: header)
    }

    /// What a failure's message and text start with: a blocked run is still a failure (a check
    /// that ran did not hold), said so (`blocked (its setup failed; not checked: RULES): `); an
    /// error says it is one, and of which kind (`error (engine): `), since junit2html reads an
    /// `<error>` as a failure, keeping only its message and text.
    private static func failurePrefix(_ result: CaseResult) -> String {
        switch result.status {
        case .failed: result.isBlocked ? "blocked (its setup failed; not checked: \(blockedRules(result))): " : ""
        case .error: "error (\(result.kind?.rawValue ?? "engine")): "
        case .passed, .skipped: ""
        }
    }

    /// A stale baseline entry's test case, failing: named by the entry's key, in the suite
    /// ``baselineSuiteName``.
    static func testcase(stale entry: BaselineEntry) -> String {
        let message = "stale baseline entry \(entry.key): \(BaselineEntry.staleReason)"
        return "    <testcase"
            + attributes([("name", token(entry.key)), ("classname", baselineSuiteName), ("time", "0.000")])
            + ">\n      <failure type=\"iamspec.stale-baseline-entry\" message=\"\(attribute(message))\">"
            + "\(XMLText.content(entry.staleLine, limit: attributeLimit))</failure>\n    </testcase>\n"
    }

    /// The case's rules a blocked run left unchecked, as one line.
    private static func blockedRules(_ result: CaseResult) -> String {
        QuotedText.line(result.difference?.blocked.joined(separator: ", ") ?? "")
    }

    /// The text of a failure or error: what, where, the timeline, how to run it again.
    private static func report(_ result: CaseResult, header: RunHeader) -> String {
        var lines = [located(result), ""]
        if !result.rules.isEmpty {
            lines.append("rules:")
            lines += result.rules.map { rule in
                "  \(QuotedText.line(rule.id))"
                    + (rule.sources.isEmpty ? "" : ": \(QuotedText.line(rule.sources.joined(separator: "; ")))")
            }
            lines.append("")
        }
        // The case's `given`, as the console's failure report shows it.
        if !result.given.isEmpty {
            lines.append("given:")
            lines += result.given.map { "  \(QuotedText.line($0))" }
            lines.append("")
        }
        lines += result.nondeterminism?.lines ?? TimelineText.lines(result.timeline)
        if !result.diagnostics.isEmpty {
            lines += ["", "engine diagnostics:"] + QuotedText.lines(result.diagnostics, after: "| ")
        }
        let skipped = skippedCheckLines(result)
        if !skipped.isEmpty { lines += [""] + skipped }
        lines += ["", "re-run: \(RerunCommand.text(for: result, header: header))"]
        return lines.joined(separator: "\n")
    }

    /// One run's trace for the suite's system-out: a line, and the timeline unless it passed.
    static func trace(_ result: CaseResult) -> String {
        let rules =
            result.rules.isEmpty ? "" : " (rules: \(QuotedText.line(result.rules.map(\.id).joined(separator: ", "))))"
        var lines = ["== \(runName(result)): \(result.status.rawValue)\(rules)"]
        lines += skippedCheckLines(result)
        guard result.status != .passed else { return lines.joined(separator: "\n") }
        if !result.message.isEmpty {
            lines.append(located(result))
        }
        lines += result.nondeterminism?.lines ?? TimelineText.lines(result.timeline)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `skipped check: path:line:col: stack (the engine lacks stack-inspection)`, one line for
    /// each check of the run that was skipped while the rest was judged.
    private static func skippedCheckLines(_ result: CaseResult) -> [String] {
        result.skippedChecks.map { "skipped check: \(QuotedText.line($0.description))" }
    }

    /// One run's part of the suite's system-err: what the engine wrote on the side, if anything.
    static func sideOutput(_ result: CaseResult) -> String? {
        guard !result.diagnostics.isEmpty else { return nil }
        return (["== \(runName(result))"] + QuotedText.lines(result.diagnostics, after: "| ")).joined(separator: "\n")
    }

    /// `case-id [profile]`, the id as `QuotedText` shows it.
    private static func runName(_ result: CaseResult) -> String {
        "\(QuotedText.line(result.caseID)) [\(result.profile.rawValue)]"
    }

    /// `path:line:col: message`, both as `QuotedText` shows them.
    private static func located(_ result: CaseResult) -> String {
        "\(QuotedText.line(result.location.description)): \(QuotedText.line(result.message))"
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\($0.1)\"" }.joined()
    }

    private static func token(_ text: String) -> String {
        let value = XMLText.token(text, limit: attributeLimit)
        return value.isEmpty ? "unnamed" : value
    }

    private static func attribute(_ text: String) -> String {
        XMLText.attribute(text, limit: attributeLimit)
    }
}
