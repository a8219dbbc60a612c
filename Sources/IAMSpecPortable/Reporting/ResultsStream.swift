import IAMSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The results stream (`iamspec run --json FILE`): line-delimited JSON, one object per line.
///
/// Line 1 is the header (`"record": "header"`), then one `"record": "case"` line per case run,
/// in report order, then the footer (`"record": "footer"`) with the totals. Specs/schemas/
/// results.schema.json describes every line. It is the single source of the other reports:
/// `iamspec report` makes JUnit from it. The runner writes it to a file and reads it back
/// (`ResultsStream.write(_:to:)`, `ResultsStream.read(from:)`); the portable executor makes it in
/// memory (``PortableSuite``), line for line the same.
public enum ResultsStream {
    /// The version of the line format; a reader refuses other versions.
    package static let formatVersion = 1

    /// The whole stream of a run's summary, as `iamspec run --json` writes it: a header line, a
    /// line per result, the footer, each ending with a newline.
    public static func encode(_ summary: RunSummary) -> [UInt8] {
        let encoder = lineEncoder()
        var bytes = line(HeaderLine(summary.header), encoder: encoder)
        for result in summary.results {
            bytes += line(CaseLine(result), encoder: encoder)
        }
        bytes += line(FooterLine(summary), encoder: encoder)
        return bytes
    }

    /// The encoder of every line: keys sorted, slashes as they are.
    package static func lineEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A line's bytes: the record as `encoder` writes it, and a newline.
    package static func line(_ record: some Encodable, encoder: JSONEncoder) -> [UInt8] {
        // Every record is made of strings, numbers and Booleans: encoding one cannot fail.
        var bytes = [UInt8](try! encoder.encode(record))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

/// The first line: what ran, on what, when.
package struct HeaderLine: Codable {
    package var record = "header"
    package var formatVersion: Int
    package var iamspecVersion: String
    package var engine: EngineRecord
    package var suitePaths: [String]
    package var selection: RunSelection
    package var jobs: Int
    package var timeoutMilliseconds: Int64
    package var startedAt: String
    package var hostname: String
    package var invocation: RunInvocation?
    package var executor: RunExecutor?

    package enum CodingKeys: String, CodingKey {
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
        case executor
    }

    package init(_ header: RunHeader) {
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
        executor = header.executor
    }

    package var header: RunHeader {
        RunHeader(
            engine: engine,
            suitePaths: suitePaths,
            selection: selection,
            jobs: jobs,
            timeoutMilliseconds: timeoutMilliseconds,
            startedAt: startedAt,
            hostname: hostname,
            iamspecVersion: iamspecVersion,
            invocation: invocation,
            executor: executor
        )
    }
}

/// One case run.
package struct CaseLine: Codable {
    package var record = "case"
    package var id: String
    package var profile: Profile
    package var title: String
    package var status: CaseStatus
    package var message: String
    package var kind: CaseResult.Kind?
    package var location: SourceLocation
    package var durationMilliseconds: Int64
    package var rules: [RuleReference]
    package var tags: [String]
    package var timeline: [TimelineEntry]
    package var diagnostics: String
    package var skipReason: String?
    package var difference: Difference?

    package enum CodingKeys: String, CodingKey {
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

    package init(_ result: CaseResult) {
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

    package var result: CaseResult {
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

/// The last line: the totals, the differences, and whether the run was cut short. `not_run` and
/// `stopped_at_first_failure` came with `--fail-fast`, `differences` later; a stream without them
/// had none. The differences are derived from the case lines, so a reader recomputes them.
package struct FooterLine: Codable {
    package var record = "footer"
    package var totals: Totals
    package var differences: [DifferenceRecord]?
    package var interrupted: Bool
    package var stoppedAtFirstFailure: Bool?
    package var notRun: Int?

    package enum CodingKeys: String, CodingKey {
        case record
        case totals
        case differences
        case interrupted
        case stoppedAtFirstFailure = "stopped_at_first_failure"
        case notRun = "not_run"
    }

    /// One ``DifferenceGroup``: its rule, its mismatch, its cases, its runs, and the re-run line
    /// of one of them.
    package struct DifferenceRecord: Codable {
        package var rule: String
        package var mismatch: String
        package var cases: [String]
        package var runs: Int
        package var rerun: String

        package init(_ group: DifferenceGroup, header: RunHeader) {
            rule = group.rule
            mismatch = group.mismatch
            cases = group.cases
            runs = group.runs
            rerun = RerunCommand.text(for: group.example, header: header)
        }
    }

    /// Errors are counted in `failed` and also given apart in `errors`.
    package struct Totals: Codable {
        package var runs: Int
        package var passed: Int
        package var failed: Int
        package var errors: Int
        package var skipped: Int

        package init(_ summary: RunSummary) {
            runs = summary.runCount
            passed = summary.passedCount
            failed = summary.failedCount
            errors = summary.errorCount
            skipped = summary.skippedCount
        }

        /// `runs: the footer says 372, the case lines count 99`, one per total that differs.
        package func disagreements(with counted: Totals) -> [String] {
            let pairs = [
                ("runs", runs, counted.runs), ("passed", passed, counted.passed), ("failed", failed, counted.failed),
                ("errors", errors, counted.errors), ("skipped", skipped, counted.skipped),
            ]
            return pairs.filter { $0.1 != $0.2 }.map {
                "\($0.0): the footer says \($0.1), the case lines count \($0.2)"
            }
        }
    }

    package init(_ summary: RunSummary) {
        totals = Totals(summary)
        differences = summary.differences.map { DifferenceRecord($0, header: summary.header) }
        interrupted = summary.interrupted
        stoppedAtFirstFailure = summary.stoppedAtFirstFailure
        notRun = summary.notRun
    }
}
