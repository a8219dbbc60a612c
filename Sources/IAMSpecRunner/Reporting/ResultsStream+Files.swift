import IAMSpec
import IAMSpecPlatform

// The results stream as files: written atomically by a run, read back by `iamspec report`,
// `merge`, `diff` and `docs --results`. Its lines are `ResultsStream`'s (IAMSpecPortable).

extension ResultsStream {
    /// Writes the stream atomically to `path`.
    public static func write(_ summary: RunSummary, to path: String) throws(AtomicFileError) {
        let writer = try ResultsStreamWriter(header: summary.header, path: path)
        for result in summary.results {
            writer.add(result)
        }
        try writer.finish(summary)
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
        func failure(_ message: String, line: Int, column: Int = 1) -> ResultsStreamError {
            ResultsStreamError(Diagnostic(message, at: SourceLocation(file: path, line: line, column: column)))
        }
        func kind(of line: Data, number: Int) throws(ResultsStreamError) -> String {
            // What JSONDecoder would only call "not valid JSON", said where it is.
            if let violation = UTF8Violation.first(in: line, end: "the line") {
                throw failure(
                    "found bytes that are not UTF-8 (\(violation.problem)), expected a results record in UTF-8 text",
                    line: number,
                    column: violation.offset + 1
                )
            }
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
                summary.behaviours = footer.behaviours?.map(\.explained) ?? []
                summary.capabilityWarnings = footer.warnings ?? []
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
            context.codingPath.isEmpty
                ? context.debugDescription
                : "at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
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
