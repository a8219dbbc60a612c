import IAMSpec

/// The verdict of a run as test-framework runners take it (`iamspec report --runner-records FILE`):
/// JSON lines, one record per case run, then one per stale baseline entry, then the verdict, so
/// that the pytest, node:test and JUnit 5 runners map iamspec's own judgement to their tests and
/// judge nothing themselves (docs/RESULTS.md, "Records for test-framework runners").
///
/// ```
/// {"file":"Specs/a.yaml","id":"a.b","line":3,"profile":"braze-swift","record":"run","status":"failed","text":"...","title":"..."}
/// {"key":"a.c [braze-swift]","record":"stale","text":"baseline.yaml:4:3: a.c [braze-swift]: the suite has no such case run; remove the entry"}
/// {"missing_shards":0,"outcome":"1 failed, 1 stale baseline entry","reasons":[],"record":"verdict","results":"r.jsonl","succeeded":false,"totals":{...}}
/// ```
///
/// A run's `status` is as the baseline judged it (an expected failure `skipped`, an unexpected
/// pass `failed`); its `text` is the skip's reason, or the whole failure text of the JUnit
/// report (what, where, the rules, the timeline, the re-run line), cut as JUnit cuts it; every
/// text from the stream is already inert, as the console shows it (``QuotedText``), a failure
/// text keeping its own line breaks. The verdict's `reasons` are what fails the run beyond its
/// failing tests (interrupted, runs not run, late lines, failing capability warnings, missing
/// shards), each a sentence; a runner fails one more test with them when there is any, and
/// `missing_shards` counts the shards the stream lacks (a runner names its own option for
/// partial results then).
///
/// The records go to a ``ReportSpool`` and are put in place whole at the end (``AtomicFile``):
/// a stream `report` refuses leaves no records at all.
///
/// Thread-safety: none; one thread at a time.
package final class RunnerRecords {
    private let header: RunHeader
    private let path: String
    /// The results stream's path, as given: the verdict names it.
    private let results: String
    private let spool: ReportSpool

    /// Records for `path`, of the run of the stream at `results`, which begins with `header`.
    package init(header: RunHeader, results: String, path: String) throws(AtomicFileError) {
        self.header = header
        self.results = results
        self.path = path
        spool = try ReportSpool(for: path)
    }

    /// Adds a case run's record, `result` as the baseline judged it; results come in report order.
    package func add(_ result: CaseResult) {
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.field("file", string: QuotedText.line(result.location.file))
        writer.field("id", string: QuotedText.line(result.caseID))
        writer.field("line", integer: Int64(result.location.line))
        writer.field("profile", string: QuotedText.line(result.profile.rawValue))
        writer.field("record", string: "run")
        writer.field("status", string: result.status.rawValue)
        writer.field("text", string: Self.text(of: result, header: header))
        writer.field("title", string: QuotedText.line(result.title))
        writer.endObject()
        spool.append(writer.line())
    }

    /// What a runner shows of a run: nothing for a pass, the reason of a skip (an expected
    /// failure's `expected failure: ...`), the failure text of a failure or an error.
    private static func text(of result: CaseResult, header: RunHeader) -> String {
        switch result.status {
        case .passed, .skipped: QuotedText.line(result.message)
        case .failed, .error:
            QuotedText.lines(
                XMLText.cut(JUnitReport.failureText(result, header: header), limit: JUnitReport.defaultTextLimit)
            )
        }
    }

    /// Adds the stale baseline entries and the verdict of `judged` (the run as the reports show
    /// it, its missing shards as `--partial` leaves them), and puts the records in place.
    package func finish(_ judged: RunSummary) throws(AtomicFileError) {
        for entry in judged.baseline?.staleEntries ?? [] {
            var writer = JSONLineWriter()
            writer.beginObject()
            writer.field("key", string: QuotedText.line(entry.key))
            writer.field("record", string: "stale")
            writer.field("text", string: entry.staleLine)
            writer.endObject()
            spool.append(writer.line())
        }
        let verdict = judged.verdict
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.field("missing_shards", integer: Int64(verdict.missingShards.count))
        writer.field("outcome", string: verdict.outcome)
        writer.field("reasons", strings: Self.reasons(verdict, shard: judged.header.selection.shard))
        writer.field("record", string: "verdict")
        writer.field("results", string: QuotedText.line(results))
        writer.key("succeeded")
        writer.boolean(verdict.succeeded)
        writer.key("totals")
        writer.beginObject()
        writer.field("errors", integer: Int64(verdict.errors))
        writer.field("failed", integer: Int64(verdict.failed))
        writer.field("passed", integer: Int64(verdict.passed))
        writer.field("skipped", integer: Int64(verdict.skipped))
        writer.field("stale_entries", integer: Int64(verdict.staleEntries))
        writer.endObject()
        writer.endObject()
        spool.append(writer.line())
        try AtomicFile.write(spool, to: path)
    }

    /// The most missing shards a reason names: past it, their number too.
    static let shardsListed = 20

    /// Why the run fails beyond its failing runs and stale entries, a sentence each; empty when
    /// nothing else fails it. A run that fails for nothing listed here has a failing test.
    static func reasons(_ verdict: RunVerdict, shard: Shard?) -> [String] {
        var reasons: [String] = []
        if verdict.interrupted {
            reasons.append("the run was interrupted before every selected run was made")
        }
        if verdict.notRun > 0 {
            reasons.append("\(verdict.notRun) selected run\(verdict.notRun == 1 ? "" : "s") not run")
        }
        if verdict.lateLines > 0 {
            reasons.append(
                "the engine wrote \(verdict.lateLines) line\(verdict.lateLines == 1 ? "" : "s") after a case had ended"
            )
        }
        if verdict.failingWarnings > 0 {
            reasons.append(
                "\(verdict.failingWarnings) capability warning\(verdict.failingWarnings == 1 ? "" : "s") "
                    + "(the run was made with --strict-capabilities)"
            )
        }
        if !verdict.missingShards.isEmpty {
            let listed = verdict.missingShards.prefix(shardsListed).map(\.description).joined(separator: ", ")
            let count = verdict.missingShards.count
            let lacking = listed + (count > shardsListed ? ", ... (\(count) in all)" : "")
            reasons.append(
                "the results stream lacks shard\(verdict.missingShards.count == 1 ? "" : "s") \(lacking)"
                    + (shard.map { " (it holds shard \($0) of its selection only)" } ?? "")
                    + ": the run is not complete"
            )
        }
        if reasons.isEmpty && !verdict.succeeded && verdict.failed == 0 {
            reasons.append("the run failed: \(verdict.outcome)")
        }
        return reasons
    }
}
