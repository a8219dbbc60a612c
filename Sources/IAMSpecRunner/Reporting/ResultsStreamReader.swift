import IAMSpec
import IAMSpecPlatform

/// Reads a results stream one record at a time, from its file or from its bytes, holding one line
/// at a time: the header when made (``header``), then each case record's result (``next()``), then
/// the footer (``footer``, once ``next()`` returns nil). So `iamspec report` and `merge` read a
/// stream of any length in the memory of one line, as `iamspec run` writes it.
///
/// Each problem is a ``ResultsStreamError`` at its line (and column, for a line that is not
/// strict JSON: bytes that are not UTF-8, a repeated key, a number out of range, a syntax error):
/// a first line that is no header, a record that does not fit the format, a record of
/// another kind, a case record out of report order or given twice, a line after the footer, no
/// footer at all, a footer whose totals disagree with the case records before it. A stream that
/// can be read only once (a pipe, a FIFO) is copied to a temporary file as it is read, when a
/// command reads it again (``outline()``).
package final class ResultsStreamReader {
    /// The stream's path, as errors name it.
    package let path: String
    /// The header record.
    package let header: RunHeader
    /// The footer record, once ``next()`` has returned nil.
    package private(set) var footer: FooterLine?
    /// The number of the line read last: the footer's, once ``next()`` has returned nil.
    package private(set) var lineNumber = 1
    private var lines: Lines
    /// The case records' statuses so far, for the footer's totals.
    private var counted = (passed: 0, failed: 0, errors: 0, skipped: 0)
    /// The run of the last case record read, which the next must follow in report order.
    private var lastRun: ResultsMerge.RunKey?
    /// The footer ``outline()`` read from the stream's last line, with that line's length and
    /// digest: ``next()``, meeting the same bytes at the end, takes it rather than parsing a
    /// footer of megabytes (a baseline's entries, a hundred thousand runs' differences) again.
    private var footerReadFirst: (length: Int, digest: Int, footer: FooterLine)?

    /// The stream in the file at `path`, its header read.
    ///
    /// - Throws: ``ResultsStreamError`` when the file cannot be read or its first line is no header.
    package convenience init(path: String) throws(ResultsStreamError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ResultsStreamError(
                Diagnostic(
                    "cannot read the results file: \(String(cString: strerror(errno)))",
                    at: SourceLocation(file: path, line: 1, column: 1)
                )
            )
        }
        try self.init(Lines(descriptor: descriptor), path: path)
    }

    /// The stream `bytes` hold, its header read; `path` names it in errors.
    ///
    /// - Throws: ``ResultsStreamError`` when its first line is no header.
    package convenience init(bytes: [UInt8], path: String) throws(ResultsStreamError) {
        try self.init(Lines(bytes: bytes), path: path)
    }

    private init(_ lines: Lines, path: String) throws(ResultsStreamError) {
        self.lines = lines
        self.path = path
        let noHeader = "found no header record, expected the first line to be {\"record\": \"header\", ...}"
        guard let first = try Self.line(&self.lines, path: path, number: 1) else {
            throw Self.failure(noHeader, path: path, line: 1)
        }
        let (kind, value) = try Self.record(in: first, number: 1, path: path)
        guard kind == "header" else {
            throw Self.failure(noHeader, path: path, line: 1)
        }
        let header = try Self.decode(HeaderLine.self, "a header record", from: value, in: first, path: path, line: 1)
        guard header.formatVersion == ResultsStream.formatVersion else {
            throw Self.failure(
                "found format version \(header.formatVersion), expected \(ResultsStream.formatVersion)",
                path: path,
                line: 1
            )
        }
        // What the format bounds and nothing else checks (`results.schema.json`'s minimums).
        for (key, value, least) in [("jobs", Int64(header.jobs), 1), ("timeout_ms", header.timeoutMilliseconds, 1)]
        where value < least {
            throw Self.failure(
                "found \(key) \(value) in the header, expected \(least) or more",
                path: path,
                line: 1
            )
        }
        self.header = header.header
    }

    deinit {
        lines.close()
    }

    /// The next case record's result; nil when the footer has been read (``footer``), its totals
    /// checked against the case records.
    ///
    /// - Throws: ``ResultsStreamError`` naming the line at fault.
    package func next() throws(ResultsStreamError) -> CaseResult? {
        guard footer == nil else { return nil }
        let number = lineNumber + 1
        guard let line = try Self.line(&lines, path: path, number: number) else {
            throw Self.failure(
                "found no footer record, expected a last line {\"record\": \"footer\", ...}: the run that wrote it "
                    + "did not finish",
                path: path,
                line: number
            )
        }
        lineNumber = number
        if let first = footerReadFirst, line.count == first.length, Self.digest(line) == first.digest {
            return try end(first.footer, number: number)
        }
        let (kind, value) = try Self.record(in: line, number: number, path: path)
        switch kind {
        case "case":
            let record: CaseLine
            do {
                record = try CaseLine(reading: value)
            } catch {
                throw Self.failure(RecordMismatch(error, record: "a case record", line: line), path: path, line: number)
            }
            let result = record.result
            try checkOrder(of: result, at: number)
            count(result.status)
            return result
        case "footer":
            return try end(
                Self.decode(FooterLine.self, "a footer record", from: value, in: line, path: path, line: number),
                number: number
            )
        case let other:
            throw Self.failure(
                "found a record of kind \"\(other)\", expected \"case\" or \"footer\"",
                path: path,
                line: number
            )
        }
    }

    /// Checks that `result`, read at line `number`, comes after the run before it in report order
    /// (by case id, then profile), as `iamspec run` writes them: a run given twice, or out of
    /// order, is a stream put together by hand or changed after the run.
    ///
    /// - Throws: ``ResultsStreamError`` at its line when it does not.
    private func checkOrder(of result: CaseResult, at number: Int) throws(ResultsStreamError) {
        let key = ResultsMerge.RunKey(result)
        defer { lastRun = key }
        guard let lastRun, !(lastRun < key) else { return }
        throw Self.failure(
            lastRun == key
                ? "found the run \(key) again, expected each case run once"
                : "found the run \(key) after \(lastRun), expected the case records in report order (by case id, "
                    + "then profile), as iamspec run writes them",
            path: path,
            line: number
        )
    }

    /// Ends the stream with `footer`, read at line `number`: the last line, and its totals those
    /// of the case records before it.
    ///
    /// - Throws: ``ResultsStreamError`` at the footer when a line follows it or its totals
    ///   disagree.
    private func end(_ footer: FooterLine, number: Int) throws(ResultsStreamError) -> CaseResult? {
        guard try Self.line(&lines, path: path, number: number + 1) == nil else {
            throw Self.failure(
                "found records after the footer, expected the footer to be the last line",
                path: path,
                line: number
            )
        }
        let cases = counted.passed + counted.failed + counted.skipped
        let totals = FooterLine.Totals(
            runs: cases,
            passed: counted.passed,
            failed: counted.failed,
            errors: counted.errors,
            skipped: counted.skipped
        )
        let disagreements = footer.totals.disagreements(with: totals)
        guard disagreements.isEmpty else {
            throw Self.failure(
                "found a footer whose totals disagree with the \(Self.caseLines(cases)) before it "
                    + "(\(disagreements.joined(separator: "; "))), expected the same counts: "
                    + "case lines were lost or added after the run wrote the stream",
                path: path,
                line: number
            )
        }
        self.footer = footer
        footerReadFirst = nil
        return nil
    }

    /// A digest of `line`'s bytes, to know it again.
    private static func digest(_ line: [UInt8]) -> Int {
        var hasher = Hasher()
        line.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// The run the footer describes, with no result (the reader hands them out one at a time),
    /// and the baseline it was judged against; nil before the footer has been read.
    ///
    /// - Throws: ``ResultsStreamError`` when the footer's baseline does not fit the format.
    package func recordedRun() throws(ResultsStreamError) -> RecordedRun? {
        guard let footer else { return nil }
        return try run(describedBy: footer)
    }

    /// ``recordedRun()`` before the case records are read, so that a command that needs the
    /// footer's baseline first reads the stream once: from the stream's last line, read from the
    /// end of its file, when that line is a footer that fits the format (``next()`` then checks
    /// the records before it, and the footer again, its totals and its verdict, as it reads them:
    /// the same line, known by its digest, is not parsed twice);
    /// else from a whole read of the stream by another reader, which throws at the first problem,
    /// at its line, as ``next()`` would.
    ///
    /// - Throws: ``ResultsStreamError`` naming the line at fault.
    package func outline() throws(ResultsStreamError) -> RecordedRun {
        if lines.readsOnce {
            return try outlineReadingOnce()
        }
        if let last = lines.lastLine(),
            let record = try? Self.record(in: last, number: 0, path: path), record.kind == "footer",
            let footer = try? Self.decode(FooterLine.self, "", from: record.value, in: last, path: path, line: 0),
            let run = try? run(describedBy: footer)
        {
            footerReadFirst = (last.count, Self.digest(last), footer)
            return run
        }
        let whole: ResultsStreamReader
        if let bytes = lines.bytes {
            whole = try ResultsStreamReader(bytes: bytes, path: path)
        } else {
            whole = try ResultsStreamReader(path: path)
        }
        while try whole.next() != nil {}
        return try whole.recordedRun()!
    }

    /// ``outline()`` of a stream that can be read only once (a pipe, a FIFO such as `<(zcat
    /// run.jsonl.gz)`): read whole now, each record checked as ``next()`` checks it, its lines
    /// copied as they are read to an unlinked temporary file, which ``next()`` then reads from
    /// its start as it would the stream's own file. Memory holds a line at a time; the stream is
    /// never opened again (a FIFO opened twice waits for a writer that is gone).
    ///
    /// - Throws: ``ResultsStreamError`` naming the line at fault, or when the copy cannot be made.
    private func outlineReadingOnce() throws(ResultsStreamError) -> RecordedRun {
        var template = Array((FileManager.default.temporaryDirectory.path + "/iamspec-stream-XXXXXX").utf8CString)
        let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard copy >= 0 else {
            throw Self.failure(
                "cannot make a temporary file to read the stream again (it can be read only once): "
                    + String(cString: strerror(errno)),
                path: path,
                line: lineNumber
            )
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        lines.copy = copy
        do {
            while try next() != nil {}
        } catch {
            systemClose(copy)
            throw error
        }
        let run = try recordedRun()!
        if let failure = lines.copyFailure {
            systemClose(copy)
            throw Self.failure(
                "cannot copy the stream to a temporary file to read it again (it can be read only once): "
                    + String(cString: strerror(failure)),
                path: path,
                line: lineNumber
            )
        }
        // Read again from the line after the header, as a fresh reader would.
        lines.close()
        lseek(copy, 0, SEEK_SET)
        lines = Lines(descriptor: copy)
        lineNumber = 1
        counted = (0, 0, 0, 0)
        lastRun = nil
        footer = nil
        return run
    }

    /// The run `footer` describes (at ``lineNumber``, as its errors say).
    private func run(describedBy footer: FooterLine) throws(ResultsStreamError) -> RecordedRun {
        if let notRun = footer.notRun, notRun < 0 {
            throw Self.failure(
                "found not_run \(notRun) in a footer, expected 0 or more runs",
                path: path,
                line: lineNumber
            )
        }
        var summary = RunSummary(
            header: header,
            results: [],
            interrupted: footer.interrupted,
            stoppedAtFirstFailure: footer.stoppedAtFirstFailure ?? false,
            notRun: footer.notRun ?? 0
        )
        summary.lateLines = footer.lateLines ?? []
        summary.behaviours = footer.behaviours?.map(\.explained) ?? []
        summary.refutedNames = footer.refuted?.map(\.explained) ?? []
        for record in footer.smallestCases ?? [] {
            summary.smallestCases[ExplainedBehaviour.Run(caseID: record.case, profile: record.profile)] = record.yaml
        }
        summary.capabilityWarnings = footer.warnings ?? []
        for shard in footer.missingShards ?? [] {
            do {
                summary.missingShards.append(try Shard(parsing: shard))
            } catch {
                throw Self.failure(
                    "found the missing shard \"\(QuotedText.line(shard))\" in a footer, expected a shard as I/N "
                        + "(1 <= I <= N)",
                    path: path,
                    line: lineNumber
                )
            }
        }
        do {
            return RecordedRun(summary: summary, baseline: try footer.baseline?.applied())
        } catch {
            throw Self.failure(
                "found a footer whose baseline does not fit the format: \(error.reason)",
                path: path,
                line: lineNumber
            )
        }
    }

    /// Checks the footer's verdict against `run`: the case records as `iamspec run` keeps them
    /// (every result, or all but the passed ones its baseline does not name, counted in
    /// `RunSummary.passedNotKept`), judged by the baseline the footer records.
    ///
    /// - Throws: ``ResultsStreamError`` at the footer when they disagree.
    package func checkVerdict(of run: RecordedRun) throws(ResultsStreamError) {
        try checkVerdict(run.judgedVerdict, runs: run.summary.runCount)
    }

    /// Checks the footer's verdict against `judged`, the verdict of the `runs` case records before
    /// it as the baseline the footer records judges them (``RunVerdict/count(_:)``).
    ///
    /// - Throws: ``ResultsStreamError`` at the footer when they disagree.
    package func checkVerdict(_ judged: RunVerdict, runs: Int) throws(ResultsStreamError) {
        guard let recorded = footer?.verdict else { return }
        let verdict = recorded.disagreements(with: FooterLine.VerdictRecord(judged))
        guard verdict.isEmpty else {
            throw Self.failure(
                "found a footer whose verdict disagrees with the \(Self.caseLines(runs)) before it, "
                    + "judged by its baseline (\(verdict.joined(separator: "; "))), expected the same verdict: "
                    + "the stream was changed after the run wrote it",
                path: path,
                line: lineNumber
            )
        }
    }

    private func count(_ status: CaseStatus) {
        switch status {
        case .passed: counted.passed += 1
        case .failed: counted.failed += 1
        case .error:
            counted.failed += 1
            counted.errors += 1
        case .skipped: counted.skipped += 1
        }
    }

    /// The record `value` (parsed from `line`) holds, or an error saying where and how it does not
    /// fit the format of `what` (``RecordMismatch``).
    private static func decode<Record: Decodable>(
        _ type: Record.Type,
        _ what: String,
        from value: JSONValue,
        in line: [UInt8],
        path: String,
        line number: Int
    ) throws(ResultsStreamError) -> Record {
        do {
            return try JSONValueDecoder.decode(type, from: value)
        } catch {
            throw failure(RecordMismatch(error, record: what, line: line), path: path, line: number)
        }
    }

    private static func caseLines(_ count: Int) -> String {
        "\(count) case line\(count == 1 ? "" : "s")"
    }

    private static func failure(_ message: String, path: String, line: Int, column: Int = 1) -> ResultsStreamError {
        ResultsStreamError(Diagnostic(message, at: SourceLocation(file: path, line: line, column: column)))
    }

    private static func failure(_ mismatch: RecordMismatch, path: String, line: Int) -> ResultsStreamError {
        failure(mismatch.message, path: path, line: line, column: mismatch.column)
    }

    /// The next line of `lines`, or nil at the end of the stream.
    private static func line(_ lines: inout Lines, path: String, number: Int) throws(ResultsStreamError) -> [UInt8]? {
        do {
            return try lines.next()
        } catch {
            switch error {
            case .tooLong:
                throw failure(
                    "found a line longer than \(ResultsStream.maximumLineBytes / (1 << 20)) MiB "
                        + "(\(ResultsStream.maximumLineBytes) bytes), expected a results record of at most that",
                    path: path,
                    line: number
                )
            case .system(let reason):
                throw failure("cannot read the results file: \(reason)", path: path, line: number)
            }
        }
    }

    /// The kind of record a line holds (`header`, `case`, `footer`, ...) and the line's value, once
    /// the line is found to be strict JSON (RFC 8259: UTF-8, no repeated key, numbers in range)
    /// with that key: each problem said where it is. The line is parsed once; the record is
    /// decoded from the value (``JSONValueDecoder``).
    private static func record(
        in line: [UInt8],
        number: Int,
        path: String
    ) throws(ResultsStreamError) -> (kind: String, value: JSONValue) {
        if let violation = UTF8Violation.first(in: line, end: "the line") {
            throw failure(
                "found bytes that are not UTF-8 (\(violation.problem)), expected a results record in UTF-8 text",
                path: path,
                line: number,
                column: violation.offset + 1
            )
        }
        let record: JSONValue
        do {
            record = try JSONParser.parse(line)
        } catch {
            throw failure(
                "found a line that is not JSON (\(error.message)), expected a results record",
                path: path,
                line: number,
                column: error.column
            )
        }
        guard case .object(let fields) = record, case .string(let kind) = fields["record"] else {
            throw failure(
                "found a line that is not a JSON object with a \"record\" key, expected a results record",
                path: path,
                line: number
            )
        }
        return (kind, record)
    }

    /// The lines of a stream, from a file read in chunks or from bytes in memory: one at a time,
    /// without its line end; a last line without one is a line too.
    private struct Lines {
        /// The file's descriptor; -1 for bytes in memory.
        private var descriptor: Int32
        private var buffer: [UInt8]
        /// Where the next line starts in `buffer`.
        private var start = 0
        /// Whether `buffer` holds the rest of the stream.
        private var isAtEnd: Bool
        private static let chunk = 65_536

        init(descriptor: Int32) {
            self.descriptor = descriptor
            buffer = []
            isAtEnd = false
        }

        init(bytes: [UInt8]) {
            descriptor = -1
            buffer = bytes
            isAtEnd = true
        }

        /// Why a read failed: the system's reason, or a line past ``ResultsStream/maximumLineBytes``
        /// (read no further than that and a chunk).
        enum ReadFailure: Error {
            case system(String)
            case tooLong
        }

        /// Whether the stream can be read only once, from its start: a descriptor that is not a
        /// regular file (a pipe, a FIFO, a device).
        var readsOnce: Bool {
            guard descriptor >= 0 else { return false }
            var status = stat()
            return fstat(descriptor, &status) != 0 || status.st_mode & S_IFMT != S_IFREG
        }

        /// A descriptor to which each line read is written too, with a line end; -1 for none.
        var copy: Int32 = -1
        /// Why the first write to ``copy`` that failed did, as `errno`; nil while none has.
        private(set) var copyFailure: Int32?

        /// The next line, without its line end; nil at the end of the stream. Copied to ``copy``
        /// when there is one.
        mutating func next() throws(ReadFailure) -> [UInt8]? {
            guard let line = try nextLine() else { return nil }
            if copy >= 0 && copyFailure == nil {
                copyFailure = Self.write(line + [0x0A], to: copy)
            }
            return line
        }

        /// Writes `bytes` whole to `descriptor`; returns `errno` when it cannot.
        private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
            var written = 0
            while written < bytes.count {
                let made = bytes.withUnsafeBytes {
                    systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written)
                }
                if made < 0 && errno == EINTR { continue }
                guard made > 0 else { return made < 0 ? errno : ENOSPC }
                written += made
            }
            return nil
        }

        private mutating func nextLine() throws(ReadFailure) -> [UInt8]? {
            var searched = start
            while true {
                if let end = buffer[searched...].firstIndex(of: 0x0A) {
                    guard end - start <= ResultsStream.maximumLineBytes else { throw .tooLong }
                    defer { start = end + 1 }
                    return Array(buffer[start..<end])
                }
                searched = buffer.count
                guard buffer.count - start <= ResultsStream.maximumLineBytes else { throw .tooLong }
                if isAtEnd {
                    guard start < buffer.count else { return nil }
                    defer { start = buffer.count }
                    return Array(buffer[start...])
                }
                // Keep the unread part only, then read on.
                if start > 0 {
                    buffer.removeSubrange(0..<start)
                    searched -= start
                    start = 0
                }
                try fill()
            }
        }

        private mutating func fill() throws(ReadFailure) {
            let before = buffer.count
            // Grown by appending, so that a long line costs amortised linear time, not a copy of
            // the buffer at every chunk.
            var failure: Int32 = 0
            buffer.append(contentsOf: repeatElement(0, count: Self.chunk))
            let read = buffer.withUnsafeMutableBytes { bytes in
                var count: Int
                repeat {
                    count = systemRead(descriptor, bytes.baseAddress! + before, Self.chunk)
                } while count < 0 && errno == EINTR
                if count < 0 { failure = errno }
                return count
            }
            buffer.removeSubrange((before + max(read, 0))...)
            if read < 0 { throw .system(String(cString: strerror(failure))) }
            if read == 0 { isAtEnd = true }
        }

        /// The stream's bytes, when they are in memory.
        var bytes: [UInt8]? { descriptor < 0 ? buffer : nil }

        /// The stream's last line, without its line end, read from the end of the stream: at
        /// first its last ``chunk`` bytes, then, for a longer line, twice as many each time, up to
        /// as many as a line may hold (a footer of 100 KB reads 256 KiB, not 16 MiB); nil when the
        /// stream is not a regular file (a pipe reads once), has no line before its last, or the
        /// last line is longer than a line may be.
        func lastLine() -> [UInt8]? {
            var size = buffer.count
            if descriptor >= 0 {
                var status = stat()
                guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
                size = Int(status.st_size)
            }
            // The line, its line end and the one before it.
            let longest = ResultsStream.maximumLineBytes + 2
            var reach = Self.chunk
            while true {
                guard var tail = self.tail(min(reach, size), of: size) else { return nil }
                if tail.last == 0x0A { tail.removeLast() }
                if let end = tail.lastIndex(of: 0x0A) { return Array(tail[(end + 1)...]) }
                if reach >= size || reach >= longest { return nil }
                reach = min(reach * 2, longest)
            }
        }

        /// The last `count` of the stream's `size` bytes; nil when they cannot be read.
        private func tail(_ count: Int, of size: Int) -> [UInt8]? {
            guard descriptor >= 0 else { return Array(buffer[(size - count)...]) }
            var tail = [UInt8](repeating: 0, count: count)
            var read = 0
            while read < count {
                let made = tail.withUnsafeMutableBytes { bytes in
                    pread(descriptor, bytes.baseAddress! + read, count - read, off_t(size - count + read))
                }
                if made < 0 && errno == EINTR { continue }
                guard made > 0 else { return nil }
                read += made
            }
            return tail
        }

        func close() {
            if descriptor >= 0 { systemClose(descriptor) }
        }
    }
}

/// `read(2)`, `write(2)` and `close(2)`, under names of their own: inside the reader, `close()`
/// is its own.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}
