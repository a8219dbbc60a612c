import IAMSpec
import IAMSpecPlatform

/// The results stream (`iamspec run --json FILE`): line-delimited JSON, one object per line.
///
/// Line 1 is the header (`"record": "header"`), then one `"record": "case"` line per case run,
/// in report order, then the footer (`"record": "footer"`) with the totals. Specs/schemas/
/// results.schema.json describes every line. It is the single source of the other reports:
/// `iamspec report` makes JUnit from it.
public enum ResultsStream {
    /// The version of the line format; a reader refuses other versions.
    package static let formatVersion = 1

    /// The whole stream for a run, ending with a newline.
    package static func encode(_ summary: RunSummary) -> Data {
        let writer = ResultsStreamWriter(header: summary.header, spool: ReportSpool())
        for result in summary.results {
            writer.add(result)
        }
        writer.end(summary, judged: summary)
        return Data(writer.spool.bufferedBytes)
    }

    /// Writes the stream atomically to `path`.
    public static func write(_ summary: RunSummary, to path: String) throws(AtomicFileError) {
        let writer = try ResultsStreamWriter(header: summary.header, path: path)
        for result in summary.results {
            writer.add(result)
        }
        try writer.finish(summary)
    }

    /// The encoder of every line: keys sorted, slashes as they are.
    static func lineEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Writes the stream of a run `recorded` holds (its results, and in the footer the baseline
    /// that judged it and the verdict) atomically to `path`.
    package static func write(_ recorded: RecordedRun, to path: String) throws(AtomicFileError) {
        let writer = try ResultsStreamWriter(header: recorded.summary.header, path: path)
        for result in recorded.summary.results {
            writer.add(result)
        }
        try writer.finish(recorded.summary, judged: recorded.judged)
    }

    /// Reads a stream written by ``write(_:to:)``: the results as the engine gave them, before
    /// any baseline.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file, line and problem.
    public static func read(from path: String) throws(ResultsStreamError) -> RunSummary {
        try readRecorded(from: path).summary
    }

    /// Reads a stream with the baseline its footer records.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file, line and problem.
    package static func readRecorded(from path: String) throws(ResultsStreamError) -> RecordedRun {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsStreamError(
                Diagnostic("cannot read the results file", at: SourceLocation(file: path, line: 1, column: 1))
            )
        }
        return try decodeRecorded(data, path: path)
    }

    /// Decodes a stream's results; `path` is used in error locations.
    package static func decode(_ data: Data, path: String) throws(ResultsStreamError) -> RunSummary {
        try decodeRecorded(data, path: path).summary
    }

    /// Decodes a stream, with the baseline its footer records; `path` is used in error
    /// locations. A footer whose totals or verdict disagree with the case lines (judged by that
    /// baseline) is refused.
    package static func decodeRecorded(_ data: Data, path: String) throws(ResultsStreamError) -> RecordedRun {
        let decoder = JSONDecoder()
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
        if lines.last?.isEmpty == true {
            lines.removeLast()
        }
        func failure(_ message: String, line: Int) -> ResultsStreamError {
            ResultsStreamError(Diagnostic(message, at: SourceLocation(file: path, line: line, column: 1)))
        }
        func kind(of line: Data, number: Int) throws(ResultsStreamError) -> String {
            do {
                return try decoder.decode(RecordKind.self, from: line).record
            } catch {
                throw failure(
                    "found a line that is not a JSON object with a \"record\" key, expected a results record",
                    line: number
                )
            }
        }
        guard let first = lines.first, try kind(of: first, number: 1) == "header" else {
            throw failure(
                "found no header record, expected the first line to be {\"record\": \"header\", ...}",
                line: 1
            )
        }
        let header: HeaderLine
        do {
            header = try decoder.decode(HeaderLine.self, from: first)
        } catch {
            throw failure("found a header record that does not fit the format: \(describe(error))", line: 1)
        }
        guard header.formatVersion == formatVersion else {
            throw failure("found format version \(header.formatVersion), expected \(formatVersion)", line: 1)
        }
        var results: [CaseResult] = []
        for (offset, line) in lines.enumerated().dropFirst() {
            let number = offset + 1
            switch try kind(of: line, number: number) {
            case "case":
                do {
                    results.append(try decoder.decode(CaseLine.self, from: line).result)
                } catch {
                    throw failure("found a case record that does not fit the format: \(describe(error))", line: number)
                }
            case "footer":
                guard number == lines.count else {
                    throw failure(
                        "found records after the footer, expected the footer to be the last line",
                        line: number
                    )
                }
                let footer: FooterLine
                do {
                    footer = try decoder.decode(FooterLine.self, from: line)
                } catch {
                    throw failure(
                        "found a footer record that does not fit the format: \(describe(error))",
                        line: number
                    )
                }
                var summary = RunSummary(
                    header: header.header,
                    results: results,
                    interrupted: footer.interrupted,
                    stoppedAtFirstFailure: footer.stoppedAtFirstFailure ?? false,
                    notRun: footer.notRun ?? 0
                )
                summary.lateLines = footer.lateLines ?? []
                let recorded: RecordedRun
                do {
                    recorded = RecordedRun(summary: summary, baseline: try footer.baseline?.applied())
                } catch {
                    throw failure(
                        "found a footer whose baseline does not fit the format: \(error.reason)",
                        line: number
                    )
                }
                let lines = "\(results.count) case line\(results.count == 1 ? "" : "s")"
                let disagreements = footer.totals.disagreements(with: FooterLine.Totals(summary))
                guard disagreements.isEmpty else {
                    throw failure(
                        "found a footer whose totals disagree with the \(lines) before it "
                            + "(\(disagreements.joined(separator: "; "))), expected the same counts: "
                            + "case lines were lost or added after the run wrote the stream",
                        line: number
                    )
                }
                let verdict =
                    footer.verdict?.disagreements(with: FooterLine.VerdictRecord(recorded.judged.verdict)) ?? []
                guard verdict.isEmpty else {
                    throw failure(
                        "found a footer whose verdict disagrees with the \(lines) before it, judged by its baseline "
                            + "(\(verdict.joined(separator: "; "))), expected the same verdict: "
                            + "the stream was changed after the run wrote it",
                        line: number
                    )
                }
                return recorded
            case let other:
                throw failure("found a record of kind \"\(other)\", expected \"case\" or \"footer\"", line: number)
            }
        }
        throw failure(
            "found no footer record, expected a last line {\"record\": \"footer\", ...}: the run that wrote it did not finish",
            line: lines.count + 1
        )
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the key \"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            "at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}

/// A results file that cannot be read, with where and why.
public struct ResultsStreamError: Error, Sendable, CustomStringConvertible {
    /// The line of the results file that cannot be read, and why.
    public var diagnostic: Diagnostic

    package init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    /// `path:line:col: error: ...`.
    public var description: String { diagnostic.description }
}

private struct RecordKind: Decodable {
    var record: String
}

/// The first line: what ran, on what, when.
struct HeaderLine: Codable {
    var record = "header"
    var formatVersion: Int
    var iamspecVersion: String
    var engine: EngineRecord
    var suitePaths: [String]
    var selection: RunSelection
    var jobs: Int
    var timeoutMilliseconds: Int64
    var startedAt: String
    var hostname: String
    var invocation: RunInvocation?

    enum CodingKeys: String, CodingKey {
        case record
        case formatVersion = "format_version"
        case iamspecVersion = "iamspec_version"
        case engine
        case suitePaths = "suite_paths"
        case selection
        case jobs
        case timeoutMilliseconds = "timeout_ms"
        case startedAt = "started_at"
        case hostname
        case invocation
    }

    init(_ header: RunHeader) {
        formatVersion = ResultsStream.formatVersion
        iamspecVersion = header.iamspecVersion
        engine = header.engine
        suitePaths = header.suitePaths
        selection = header.selection
        jobs = header.jobs
        timeoutMilliseconds = header.timeoutMilliseconds
        startedAt = header.startedAt
        hostname = header.hostname
        invocation = header.invocation
    }

    var header: RunHeader {
        RunHeader(
            engine: engine,
            suitePaths: suitePaths,
            selection: selection,
            jobs: jobs,
            timeoutMilliseconds: timeoutMilliseconds,
            startedAt: startedAt,
            hostname: hostname,
            iamspecVersion: iamspecVersion,
            invocation: invocation
        )
    }
}

/// One case run.
struct CaseLine: Codable {
    var record = "case"
    var id: String
    var profile: Profile
    var title: String
    var status: CaseStatus
    var message: String
    var kind: CaseResult.Kind?
    var location: SourceLocation
    var durationMilliseconds: Int64
    var rules: [RuleReference]
    var tags: [String]
    var timeline: [TimelineEntry]
    var diagnostics: String
    var skipReason: String?
    var difference: Difference?

    enum CodingKeys: String, CodingKey {
        case record
        case id
        case profile
        case title
        case status
        case message
        case kind
        case location
        case durationMilliseconds = "duration_ms"
        case rules
        case tags
        case timeline
        case diagnostics
        case skipReason = "skip_reason"
        case difference
    }

    init(_ result: CaseResult) {
        id = result.caseID
        profile = result.profile
        title = result.title
        status = result.status
        message = result.message
        kind = result.kind
        location = result.location
        durationMilliseconds = result.durationMilliseconds
        rules = result.rules
        tags = result.tags
        timeline = result.timeline
        diagnostics = result.diagnostics
        skipReason = result.skipReason
        difference = result.difference
    }

    var result: CaseResult {
        CaseResult(
            caseID: id,
            profile: profile,
            title: title,
            status: status,
            message: message,
            kind: kind,
            location: location,
            durationMilliseconds: durationMilliseconds,
            rules: rules,
            tags: tags,
            timeline: timeline,
            diagnostics: diagnostics,
            difference: difference
        )
    }
}

/// The last line: the totals, the differences, whether the run was cut short, what the engine
/// wrote after a case had ended, the baseline that judged it and its verdict. `not_run` and
/// `stopped_at_first_failure` came with `--fail-fast`, `differences`, `late_lines`, `baseline`
/// and `verdict` later; a stream without them had none (and no recorded verdict to check;
/// `late_lines` is written only when there are some). The differences and the verdict are derived
/// from the case lines (and the baseline and the late lines), so a reader recomputes them.
struct FooterLine: Codable {
    var record = "footer"
    var totals: Totals
    var differences: [DifferenceRecord]?
    var interrupted: Bool
    var stoppedAtFirstFailure: Bool?
    var notRun: Int?
    var lateLines: [String]?
    var baseline: BaselineRecord?
    var verdict: VerdictRecord?

    enum CodingKeys: String, CodingKey {
        case record
        case totals
        case differences
        case interrupted
        case stoppedAtFirstFailure = "stopped_at_first_failure"
        case notRun = "not_run"
        case lateLines = "late_lines"
        case baseline
        case verdict
    }

    /// The run's ``RunVerdict``: what its reports said, the totals line's counts, and what the
    /// baseline found.
    struct VerdictRecord: Codable, Equatable {
        var succeeded: Bool
        var outcome: String
        var passed: Int
        var failed: Int
        var errors: Int
        var skipped: Int
        var staleEntries: Int
        var expectedFailures: Int
        var unexpectedPasses: Int

        enum CodingKeys: String, CodingKey {
            case succeeded
            case outcome
            case passed
            case failed
            case errors
            case skipped
            case staleEntries = "stale_entries"
            case expectedFailures = "expected_failures"
            case unexpectedPasses = "unexpected_passes"
        }

        init(_ verdict: RunVerdict) {
            succeeded = verdict.succeeded
            outcome = verdict.outcome
            passed = verdict.passed
            failed = verdict.failed
            errors = verdict.errors
            skipped = verdict.skipped
            staleEntries = verdict.staleEntries
            expectedFailures = verdict.expectedFailures
            unexpectedPasses = verdict.unexpectedPasses
        }

        /// `verdict: the footer says failed, the case lines give passed`, one per field that
        /// differs.
        func disagreements(with computed: VerdictRecord) -> [String] {
            let pairs: [(String, String, String)] = [
                ("verdict", succeeded ? "passed" : "failed", computed.succeeded ? "passed" : "failed"),
                ("verdict.outcome", outcome, computed.outcome),
                ("verdict.passed", String(passed), String(computed.passed)),
                ("verdict.failed", String(failed), String(computed.failed)),
                ("verdict.errors", String(errors), String(computed.errors)),
                ("verdict.skipped", String(skipped), String(computed.skipped)),
                ("verdict.stale_entries", String(staleEntries), String(computed.staleEntries)),
                ("verdict.expected_failures", String(expectedFailures), String(computed.expectedFailures)),
                ("verdict.unexpected_passes", String(unexpectedPasses), String(computed.unexpectedPasses)),
            ]
            return pairs.filter { $0.1 != $0.2 }.map { "\($0.0): the footer says \($0.1), the case lines give \($0.2)" }
        }
    }

    /// An ``AppliedBaseline``: the file, its engine, every entry, which of them are stale, and
    /// whether unexpected passes were allowed.
    struct BaselineRecord: Codable {
        var file: String
        var engine: String
        var allowUnexpectedPass: Bool
        var entries: [Entry]
        /// The keys of the stale entries, each one of `entries`.
        var stale: [String]

        enum CodingKeys: String, CodingKey {
            case file
            case engine
            case allowUnexpectedPass = "allow_unexpected_pass"
            case entries
            case stale
        }

        /// One ``BaselineEntry``.
        struct Entry: Codable {
            var caseID: String
            var profile: Profile?
            var status: String
            var reason: String
            var issue: String?
            var location: SourceLocation?

            enum CodingKeys: String, CodingKey {
                case caseID = "case"
                case profile
                case status
                case reason
                case issue
                case location
            }
        }

        /// A record's problem: what does not fit.
        struct Problem: Error {
            var reason: String
        }

        init(_ applied: AppliedBaseline) {
            file = applied.file
            engine = applied.baseline.engine
            allowUnexpectedPass = applied.allowsUnexpectedPasses
            entries = applied.baseline.entries.map {
                Entry(
                    caseID: $0.caseID,
                    profile: $0.profile,
                    status: $0.status.rawValue,
                    reason: $0.reason,
                    issue: $0.issue,
                    location: $0.location
                )
            }
            stale = applied.staleEntries.map(\.key)
        }

        /// The baseline the record describes.
        func applied() throws(Problem) -> AppliedBaseline {
            var decoded: [BaselineEntry] = []
            for entry in entries {
                guard let status = BaselineStatus(rawValue: entry.status) else {
                    throw Problem(
                        reason: "at baseline.entries: found the status \"\(entry.status)\", expected one of "
                            + BaselineStatus.allCases.map(\.rawValue).joined(separator: ", ")
                    )
                }
                decoded.append(
                    BaselineEntry(
                        caseID: entry.caseID,
                        profile: entry.profile,
                        status: status,
                        reason: entry.reason,
                        issue: entry.issue,
                        location: entry.location
                    )
                )
            }
            let byKey = Dictionary(decoded.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            var staleEntries: [BaselineEntry] = []
            for key in stale {
                guard let entry = byKey[key] else {
                    throw Problem(
                        reason: "at baseline.stale: found the key \"\(key)\", expected the key of one of its entries"
                    )
                }
                staleEntries.append(entry)
            }
            return AppliedBaseline(
                Baseline(engine: engine, entries: decoded),
                file: file,
                staleEntries: staleEntries,
                allowsUnexpectedPasses: allowUnexpectedPass
            )
        }
    }

    /// One ``DifferenceGroup``: its rule, its mismatch, its cases, its runs, and the re-run line
    /// of one of them.
    struct DifferenceRecord: Codable {
        var rule: String
        var mismatch: String
        var cases: [String]
        var runs: Int
        var rerun: String

        init(_ group: DifferenceGroup, header: RunHeader) {
            rule = group.rule
            mismatch = group.mismatch
            cases = group.cases
            runs = group.runs
            rerun = RerunCommand.text(for: group.example, header: header)
        }
    }

    /// Errors are counted in `failed` and also given apart in `errors`.
    struct Totals: Codable {
        var runs: Int
        var passed: Int
        var failed: Int
        var errors: Int
        var skipped: Int

        init(_ summary: RunSummary) {
            runs = summary.runCount
            passed = summary.passedCount
            failed = summary.failedCount
            errors = summary.errorCount
            skipped = summary.skippedCount
        }

        /// `runs: the footer says 372, the case lines count 99`, one per total that differs.
        func disagreements(with counted: Totals) -> [String] {
            let pairs = [
                ("runs", runs, counted.runs), ("passed", passed, counted.passed), ("failed", failed, counted.failed),
                ("errors", errors, counted.errors), ("skipped", skipped, counted.skipped),
            ]
            return pairs.filter { $0.1 != $0.2 }.map {
                "\($0.0): the footer says \($0.1), the case lines count \($0.2)"
            }
        }
    }

    /// The footer of `raw` (the run as the engine did it), with the verdict of `judged` (the
    /// same run as its baseline, if any, judged it).
    init(_ raw: RunSummary, judged: RunSummary) {
        totals = Totals(raw)
        differences = raw.differences.map { DifferenceRecord($0, header: raw.header) }
        interrupted = raw.interrupted
        stoppedAtFirstFailure = raw.stoppedAtFirstFailure
        notRun = raw.notRun
        lateLines = raw.lateLines.isEmpty ? nil : raw.lateLines
        baseline = judged.baseline.map(BaselineRecord.init)
        verdict = VerdictRecord(judged.verdict)
    }
}
