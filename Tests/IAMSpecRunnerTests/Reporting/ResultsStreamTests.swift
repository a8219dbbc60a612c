import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

@Suite("Results stream")
struct ResultsStreamTests {
    private func lines(_ summary: RunSummary) -> [String] {
        String(decoding: ResultsStream.encode(summary), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func aStreamReadsBackAsTheSameSummary() throws {
        let summary = ReportFixtures.summary(interrupted: true)
        let read = try ResultsStream.decode(Data(ResultsStream.encode(summary)), path: "r.jsonl")
        #expect(read == summary.asRead)
        // Read from a stream, the invocation is a recorded one; the run's own is not.
        #expect(read.header.invocation?.isRecorded == true && summary.header.invocation?.isRecorded == false)
    }

    @Test func aNameUntestedWhereTheEngineIsUnexplainedReadsBackSayingWhere() throws {
        var summary = ReportFixtures.summary(interrupted: false)
        let failed = try #require(summary.results.first { $0.status == .failed })
        summary.behaviours = [
            ExplainedBehaviour(
                behaviour: "click-logged-every-time",
                summary: "logs every click on a display, not only the first",
                rule: "analytics.once-per-message",
                runs: [ExplainedBehaviour.Run(caseID: failed.caseID, profile: failed.profile)],
                predictions: 0,
                untestedOn: ["analytics"]
            )
        ]
        let encoded = String(decoding: ResultsStream.encode(summary), as: UTF8.self)
        #expect(encoded.contains(#""untested_on":["analytics"]"#))
        let read = try ResultsStream.decode(Data(encoded.utf8), path: "r.jsonl")
        #expect(read.behaviours.map(\.untestedOn) == [["analytics"]])
    }

    /// Each line is what Foundation's JSONEncoder wrote with sorted keys and slashes as they are,
    /// made inert by QuotedText.json, byte for byte: the writer changed, the format did not, for
    /// every hostile text in every free-text field.
    @Test func eachLineIsTheBytesJSONEncoderWroteWithSortedKeys() throws {
        var summary = ReportFixtures.summary()
        for text in HostileStrings.all.map(\.text) + ["a/b ##x é \u{7F}", ""] {
            var result = ReportFixtures.failed
            result.title = text
            result.message = text
            result.diagnostics = text
            result.tags = [text]
            result.given = [text]
            result.difference = Difference(rules: [text], mismatch: text, blocked: [text])
            result.nondeterminism = Nondeterminism(
                repeats: 3,
                runs: [
                    .init(number: 1, status: .failed, kind: .sequence, message: text, timeline: result.timeline),
                    .init(number: 3, status: .passed, timeline: result.timeline),
                ]
            )
            summary.results.append(result)
        }
        var judgedWithASkippedCheck = ReportFixtures.failed
        judgedWithASkippedCheck.skippedChecks = [
            SkippedCheck(location: judgedWithASkippedCheck.location, check: "stack", capability: .stackInspection)
        ]
        summary.results.append(judgedWithASkippedCheck)
        summary.results.append(ReportFixtures.skipped)
        summary.lateLines = HostileStrings.all.map(\.text)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var expected = QuotedText.json(Array(try encoder.encode(HeaderLine(summary.header)))) + [0x0A]
        for result in summary.results {
            expected += QuotedText.json(Array(try encoder.encode(CaseLine(result)))) + [0x0A]
        }
        expected += QuotedText.json(Array(try encoder.encode(FooterLine(summary, judged: summary)))) + [0x0A]
        // JSONEncoder writes U+0008 and U+000C as `\b` and `\f`, the writer as `\u0008` and `\u000c`:
        // the same JSON string (no backslash of these texts comes before a b or an f).
        let same = String(decoding: expected, as: UTF8.self).replacingOccurrences(of: #"\b"#, with: #"\u0008"#)
            .replacingOccurrences(of: #"\f"#, with: #"\u000c"#)
        #expect(String(decoding: ResultsStream.encode(summary), as: UTF8.self) == same)
    }

    /// The footer of a run a large baseline judged is written in pieces (a stream's writer hands
    /// each to its spool), which together are the bytes JSONEncoder wrote of the whole footer,
    /// made inert: hostile text in every entry and stale key, a piece ending between entries.
    @Test func aFooterWrittenInPiecesIsTheWholeLine() throws {
        let texts = HostileStrings.all.map(\.text) + ["a/b ##[error] é \u{7F}", "##", "x#", "#[x]"]
        let entries = (0..<3_000).map { number in
            BaselineEntry(
                caseID: "case-\(number) " + texts[number % texts.count],
                profile: number.isMultiple(of: 3) ? .brazeSwift : nil,
                status: number.isMultiple(of: 5) ? .flaky : .fail,
                reason: texts[(number + 1) % texts.count],
                issue: number.isMultiple(of: 2) ? texts[(number + 2) % texts.count] : nil,
                location: number.isMultiple(of: 7)
                    ? SourceLocation(file: texts[number % texts.count], line: 3, column: 5) : nil
            )
        }
        var summary = ReportFixtures.summary()
        summary.lateLines = texts
        summary.baseline = AppliedBaseline(
            Baseline(engine: "engine " + texts[0], entries: entries),
            file: "ci/baseline " + texts[1] + ".yaml",
            staleEntries: Array(entries.suffix(700)),
            allowsUnexpectedPasses: true
        )
        let footer = FooterLine(summary, judged: summary)
        var pieces: [[UInt8]] = []
        footer.writeLine { pieces.append($0) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let whole = QuotedText.json(Array(try encoder.encode(footer))) + [0x0A]
        // JSONEncoder writes U+0008 and U+000C as `\b` and `\f`, the writer as `\u0008` and `\u000c`.
        let same = String(decoding: whole, as: UTF8.self).replacingOccurrences(of: #"\b"#, with: #"\u0008"#)
            .replacingOccurrences(of: #"\f"#, with: #"\u000c"#)
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == same)
        #expect(pieces.count > 4)
        #expect(pieces.dropLast().allSatisfy { $0.count < 80_000 })
        #expect(ResultsStream.line(footer) == Array(pieces.joined()))
    }

    /// A line past the limit (a file that is no stream: no line end in sight) is refused at its
    /// line, naming the limit, once read that far.
    @Test func aLineLongerThanTheLimitIsRefusedNamingIt() throws {
        var bytes = ResultsStream.encode(ReportFixtures.summary())
        bytes.insert(
            contentsOf: repeatElement(UInt8(ascii: " "), count: ResultsStream.maximumLineBytes),
            at: bytes.count - 3
        )
        do {
            _ = try ResultsStream.decode(Data(bytes), path: "r.jsonl")
            Issue.record("a line of more than 16 MiB was read")
        } catch {
            #expect(
                error.description
                    == "r.jsonl:6:1: error: found a line longer than 16 MiB (16777216 bytes), expected a results "
                    + "record of at most that"
            )
        }
    }

    @Test func eachLineIsOneRecordHeaderCasesFooter() throws {
        let records = try lines(ReportFixtures.summary()).map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(records.map { $0["record"] as? String } == ["header", "case", "case", "case", "case", "footer"])
        #expect(records[0]["format_version"] as? Int == 1)
        #expect(records[0]["started_at"] as? String == "2026-01-31T23:59:59Z")
        #expect(records[1]["skip_reason"] as? String == "the engine lacks the capability keyboard")
        #expect(records[4]["duration_ms"] as? Int == 1005)
        let totals = records[5]["totals"] as? [String: Int]
        #expect(totals == ["runs": 4, "passed": 1, "failed": 2, "errors": 1, "skipped": 1])
    }

    @Test func aFailFastStopReadsBackAndAnOlderFooterMeansNone() throws {
        var summary = ReportFixtures.summary()
        summary.stoppedAtFirstFailure = true
        summary.notRun = 12
        #expect(try ResultsStream.decode(Data(ResultsStream.encode(summary)), path: "r.jsonl") == summary.asRead)
        var text = lines(summary)
        text[text.count - 1] =
            "{\"interrupted\":false,\"record\":\"footer\",\"totals\":{\"errors\":1,\"failed\":2,\"passed\":1,\"runs\":4,\"skipped\":1}}"
        let older = try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
        #expect(older.notRun == 0)
        #expect(!older.stoppedAtFirstFailure)
    }

    @Test func aFooterThatDisagreesWithTheCaseLinesIsRefusedNamingEachTotal() {
        var text = lines(ReportFixtures.summary())
        text.remove(at: 1)
        do {
            _ = try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
            Issue.record("a stream that lost a case line was read")
        } catch {
            #expect(error.diagnostic.location.line == 5)
            #expect(
                error.diagnostic.message.hasPrefix(
                    "found a footer whose totals disagree with the 3 case lines before it (runs: the footer says 4, the case lines count 3; "
                )
            )
        }
    }

    @Test func anotherFormatVersionIsRefused() {
        var text = lines(ReportFixtures.summary())
        text[0] = text[0].replacing("\"format_version\":1", with: "\"format_version\":7")
        #expect(throws: ResultsStreamError.self) {
            try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
        }
        do {
            _ = try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
        } catch {
            #expect(error.description == "r.jsonl:1:1: error: found format version 7, expected 1")
        }
    }

    @Test func aStreamWithoutItsFooterIsRefused() {
        let text = lines(ReportFixtures.summary()).dropLast().joined(separator: "\n")
        do {
            _ = try ResultsStream.decode(Data(text.utf8), path: "r.jsonl")
            Issue.record("a stream without a footer was read")
        } catch {
            #expect(error.diagnostic.location.line == 6)
            #expect(error.diagnostic.message.hasPrefix("found no footer record"))
        }
    }

    @Test func aCaseRecordWithAMissingKeyIsLocated() {
        var text = lines(ReportFixtures.summary())
        text[3] = text[3].replacing("\"status\":\"error\",", with: "")
        do {
            _ = try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
            Issue.record("a broken case record was read")
        } catch {
            #expect(
                error.description
                    == "r.jsonl:4:1: error: found a case record that does not fit the format: the key \"status\" is missing"
            )
        }
    }

    /// A field of the wrong type is named, with what was found and what the format expects, at
    /// the column where the value starts: `replacement` (for `original`, in the errored run's line)
    /// holds it from its `at`-th byte.
    @Test(arguments: [
        (#""status":"error""#, #""status":7"#, 9, "found 7 for status in a case record, expected a string"),
        (
            #""duration_ms":"#, #""duration_ms":"5","x":"#, 14,
            #"found "5" for duration_ms in a case record, expected an integer"#
        ),
        (
            #""location":{"#, #""location":[],"x":{"#, 11,
            "found an array [] for location in a case record, expected an object"
        ),
        (
            #""timeline":["#, #""timeline":[7],"x":["#, 12,
            "found 7 for timeline[0] in a case record, expected an object"
        ),
        (#""status":"error""#, #""status":null"#, 9, "found null for status in a case record, expected a string"),
    ])
    func aFieldOfTheWrongTypeIsNamedAtItsValue(original: String, replacement: String, at: Int, message: String) throws {
        var text = lines(ReportFixtures.summary())
        let found = try #require(text[3].range(of: original))
        let column = text[3].utf8.distance(from: text[3].startIndex, to: found.lowerBound) + at + 1
        text[3].replaceSubrange(found, with: replacement)
        let data = Data(text.joined(separator: "\n").utf8)
        #expect {
            _ = try ResultsStream.decode(data, path: "r.jsonl")
        } throws: { error in
            (error as? ResultsStreamError)?.description == "r.jsonl:4:\(column): error: \(message)"
        }
    }

    /// A value of the right type that the format does not allow (a name outside its closed set, a
    /// negative wall time, a place before a file's first line or column) is named at its value,
    /// with what the format allows there, in the format's words, never the decoder's.
    @Test(arguments: [
        (
            #""status":"error""#, #""status":"exploded""#, 9,
            #"found "exploded" for status in a case record, expected one of "#
                + CaseStatus.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        ),
        (
            #""duration_ms":"#, #""duration_ms":-5,"x":"#, 14,
            "found -5 for duration_ms in a case record, expected an integer of at least 0"
        ),
        (
            #""line":"#, #""line":0,"x":"#, 7,
            "found 0 for location.line in a case record, expected an integer of at least 1"
        ),
        (
            #""column":"#, #""column":-1,"x":"#, 9,
            "found -1 for location.column in a case record, expected an integer of at least 1"
        ),
    ])
    func aValueTheFormatDoesNotAllowIsNamedWithWhatItAllows(
        original: String,
        replacement: String,
        at: Int,
        message: String
    ) throws {
        try aFieldOfTheWrongTypeIsNamedAtItsValue(
            original: original,
            replacement: replacement,
            at: at,
            message: message
        )
    }

    @Test func aProfileTheFormatDoesNotKnowIsNamedWithTheProfiles() throws {
        var text = lines(ReportFixtures.summary())
        let profile = try #require(text[3].firstRange(of: /"profile":"[a-z-]+"/))
        let column = text[3].utf8.distance(from: text[3].startIndex, to: profile.lowerBound) + 11
        text[3].replaceSubrange(profile, with: #""profile":"web""#)
        #expect {
            _ = try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
        } throws: { error in
            (error as? ResultsStreamError)?.description
                == "r.jsonl:4:\(column): error: found \"web\" for profile in a case record, expected one of "
                + Profile.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        }
    }

    /// Bytes that are not UTF-8 are named where they are, not as JSON that is not valid.
    @Test func bytesThatAreNotUTF8AreLocated() throws {
        var text = lines(ReportFixtures.summary()).map { Array($0.utf8) }
        let quote = try #require(text[2].firstIndex(of: UInt8(ascii: "\"")))
        text[2].insert(0xC0, at: quote + 1)
        let data = Data(text.joined(separator: [0x0A]))
        #expect {
            _ = try ResultsStream.decode(data, path: "r.jsonl")
        } throws: { error in
            (error as? ResultsStreamError)?.description
                == "r.jsonl:3:\(quote + 2): error: found bytes that are not UTF-8 (byte 0xC0 never appears in UTF-8), "
                + "expected a results record in UTF-8 text"
        }
    }

    /// A line JSONDecoder would call "not valid JSON", or read without a word, is named where its
    /// problem is: `problem` found at the `at`-th byte of `replacement`.
    @Test(arguments: [
        (#""record":"case""#, #""record":"case","record":"footer""#, 16, "duplicate key \"record\""),
        (#""record":"case""#, #""record":"case","n":1e400"#, 20, "the number 1e400 is out of range"),
        (#""record":"case""#, #""record":"case",,"#, 16, "expected a key (a string), found `,`"),
    ])
    func aLineThatIsNotStrictJSONIsLocated(original: String, replacement: String, at: Int, problem: String) throws {
        var text = lines(ReportFixtures.summary())
        let found = try #require(text[2].range(of: original))
        let column = text[2].utf8.distance(from: text[2].startIndex, to: found.lowerBound) + at + 1
        text[2].replaceSubrange(found, with: replacement)
        let data = Data(text.joined(separator: "\n").utf8)
        #expect {
            _ = try ResultsStream.decode(data, path: "r.jsonl")
        } throws: { error in
            (error as? ResultsStreamError)?.description
                == "r.jsonl:3:\(column): error: found a line that is not JSON (\(problem)), expected a results record"
        }
    }

    /// Every field a case line may hold reads back as it was written, the optional ones too: a
    /// kind, a difference that blocks rules, the case's `given`, a skipped check, a
    /// nondeterministic run's repeats.
    @Test func everyFieldOfACaseLineReadsBack() throws {
        var summary = ReportFixtures.summary()
        var result = ReportFixtures.failed
        // A run of its own, after the others in report order.
        result.caseID = "triggers.two.every-field"
        result.given = ["a user in the control group", ""]
        result.difference = Difference(rules: ["delivery.a"], mismatch: "sequence: x", blocked: ["delivery.b"])
        result.skippedChecks = [SkippedCheck(location: result.location, check: "stack", capability: .stackInspection)]
        result.kind = .nondeterministic
        result.nondeterminism = Nondeterminism(
            repeats: 3,
            runs: [
                .init(number: 1, status: .failed, kind: .sequence, message: "m", timeline: result.timeline),
                .init(number: 3, status: .passed, timeline: result.timeline),
            ]
        )
        summary.results.append(result)
        #expect(try ResultsStream.decode(Data(ResultsStream.encode(summary)), path: "r.jsonl") == summary.asRead)
    }

    /// A stream's footer is read from the end of its file, before its case lines (one pass for
    /// `iamspec report`, `merge`, `diff` and `explain`), however long the footer is: the case
    /// lines are then checked as they are read, each problem said at its line. (Footers of about
    /// 1 KB, 100 KB and 700 KB, past the first piece read from the end and several times it.)
    @Test(arguments: [1, 100, 700])
    func theFooterIsReadFromTheEndOfTheFileAndTheCaseLinesCheckedAfter(lateLines: Int) throws {
        var summary = ReportFixtures.summary()
        summary.lateLines = (0..<lateLines).map { "late line \($0): " + String(repeating: "x", count: 1_000) }
        var text = lines(summary)
        text[3] = text[3].replacing("\"status\":\"error\",", with: "")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data((text.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let reader = try ResultsStreamReader(path: path)
        #expect(try reader.outline().summary.lateLines == summary.lateLines)
        #expect {
            while try reader.next() != nil {}
        } throws: { error in
            (error as? ResultsStreamError)?.description
                == "\(path):4:1: error: found a case record that does not fit the format: the key \"status\" is missing"
        }
    }

    /// A stream whose last line is no footer (cut short, or its run killed) is read whole for its
    /// footer, and refused at the first problem, as a read from its start finds it.
    @Test(arguments: [(true, 3, "found a line that is not JSON"), (false, 6, "found no footer record")])
    func aStreamWhoseLastLineIsNoFooterIsRefusedAtItsFirstProblem(
        truncated: Bool,
        line: Int,
        problem: String
    ) throws {
        var text = lines(ReportFixtures.summary()).dropLast()
        if truncated {
            text[2] = String(text[2].prefix(40))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try ResultsStreamReader(path: path).outline()
        } throws: { error in
            let diagnostic = (error as? ResultsStreamError)?.diagnostic
            return diagnostic?.location.line == line && diagnostic?.message.hasPrefix(problem) == true
        }
    }

    /// A stream that can be read only once (a pipe, as `<(zcat run.jsonl.gz)` gives one) reads as
    /// its file would: its footer first, then its records from the start, never by opening the
    /// pipe again (a FIFO opened twice waits for a writer that is gone); and a problem in it is
    /// said at its line.
    @Test(arguments: [false, true])
    func aStreamInAPipeReadsAsItsFileDoes(broken: Bool) throws {
        let summary = ReportFixtures.summary(interrupted: true)
        var text = lines(summary)
        if broken {
            text[2] = "{not json"
        }
        let bytes = Array((text.joined(separator: "\n") + "\n").utf8)
        try #require(bytes.count < 65_536, "the stream fits in a pipe's buffer")
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress!, $0.count) }
        close(ends[1])
        try #require(written == bytes.count)
        let path = "/dev/fd/\(ends[0])"
        let reader = try ResultsStreamReader(path: path)
        do {
            let recorded = try reader.outline()
            var results: [CaseResult] = []
            while let result = try reader.next() {
                results.append(result)
            }
            #expect(!broken)
            #expect(recorded.summary.interrupted)
            #expect(results == summary.results)
            #expect(reader.footer != nil && reader.lineNumber == 6)
        } catch {
            #expect(broken)
            #expect(error.description.hasPrefix("\(path):3:2: error: found a line that is not JSON"))
        }
    }

    /// `iamspec run` writes each case run once, in report order: a stream holding one twice was
    /// put together by hand, and is refused at the second.
    @Test func aRunGivenTwiceIsRefusedAtItsSecondRecord() throws {
        var text = lines(ReportFixtures.summary())
        text.insert(text[2], at: 3)
        #expect {
            _ = try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
        } throws: { error in
            (error as? ResultsStreamError)?.description
                == "r.jsonl:4:1: error: found the run triggers.one [braze-swift] again, expected each case run once"
        }
    }

    /// What `results.schema.json` bounds and no other check covers: `jobs` and `timeout_ms` of at
    /// least 1, `not_run` of at least 0.
    @Test(arguments: [
        (0, #""jobs":2"#, #""jobs":0"#, "found jobs 0 in the header, expected 1 or more"),
        (0, #""timeout_ms":30000"#, #""timeout_ms":-5"#, "found timeout_ms -5 in the header, expected 1 or more"),
        (5, #""not_run":0"#, #""not_run":-1"#, "found not_run -1 in a footer, expected 0 or more runs"),
    ])
    func aCountBelowItsLeastIsRefused(line: Int, original: String, replacement: String, message: String) throws {
        var text = lines(ReportFixtures.summary())
        let found = try #require(text[line].range(of: original))
        text[line].replaceSubrange(found, with: replacement)
        #expect {
            _ = try ResultsStream.decode(Data(text.joined(separator: "\n").utf8), path: "r.jsonl")
        } throws: { error in
            (error as? ResultsStreamError)?.description == "r.jsonl:\(line + 1):1: error: \(message)"
        }
    }
}
