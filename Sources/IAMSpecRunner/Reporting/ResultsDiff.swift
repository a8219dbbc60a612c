import IAMSpec

/// What changed between two runs (`iamspec diff OLD.jsonl NEW.jsonl`), case run by case run.
///
/// A case run is matched by case id and profile. Each one that changed lands in one group:
/// - newly failing: failed or errored now; passed, was skipped or did not exist before (a
///   regression: `iamspec diff` exits 1);
/// - newly passing: passes now; failed, errored or was skipped before;
/// - newly skipped: skipped now; passed, failed or errored before;
/// - changed messages: failed or errored in both, with another status, kind or message;
/// - nondeterministic: changed in any of these ways, where either stream marks the run
///   nondeterministic (`iamspec run --repeat N`, kind `nondeterministic`): a run that flips is
///   not a regression nor a fix, and is listed here instead (not a regression: the run that
///   found it failed already).
///
/// Runs only in one of the two streams that are not newly failing are counted apart (the suite or
/// the selection changed); unchanged runs are not listed.
///
/// Two streams are compared side by side (``init(oldPath:newPath:)``), each in report order as
/// `iamspec run` writes it: the comparison holds the changes, each in brief (its status, kind and
/// message, without its timeline), and of the other runs what their counts and verdicts need
/// (``CountedRun``: counts and groups, not a result per failure, whether or not a baseline
/// judged the run), not both streams.
package struct ResultsDiff: Sendable {
    /// One case run that changed: how it was (nil when it is new) and how it is.
    package struct Change: Sendable {
        package var old: CaseResult?
        package var new: CaseResult

        /// `case-id [profile]`.
        package var name: String { "\(new.caseID) [\(new.profile.rawValue)]" }
    }

    /// The earlier run: its counts, and the results a summary keeps (all of them but the passes
    /// for summaries compared in memory; read from streams, those ``CountedRun/tally(_:sharing:)``
    /// keeps).
    package var old: RunSummary
    /// The later run, kept alike.
    package var new: RunSummary
    package var newlyFailing: [Change] = []
    package var newlyPassing: [Change] = []
    package var newlySkipped: [Change] = []
    package var changedMessages: [Change] = []
    /// Changed runs either stream marks nondeterministic.
    package var nondeterministic: [Change] = []
    /// Runs in the new stream only, newly failing ones left out (they are listed there).
    package var added = 0
    /// Runs in the old stream only.
    package var removed = 0

    /// The groups of changed runs as the reports list them, titled in lower case.
    package var groups: [(title: String, changes: [Change])] {
        [
            ("newly failing", newlyFailing), ("newly passing", newlyPassing), ("newly skipped", newlySkipped),
            ("changed messages", changedMessages), ("nondeterministic", nondeterministic),
        ]
    }

    /// Compares the runs of two summaries; the groups are in the new summary's order.
    package init(old: RunSummary, new: RunSummary) {
        self.old = old
        self.new = new
        var before: [String: CaseResult] = [:]
        for result in old.results {
            before["\(result.caseID)\u{0}\(result.profile.rawValue)"] = result
        }
        var matched = 0
        for result in new.results {
            let previous = before["\(result.caseID)\u{0}\(result.profile.rawValue)"]
            if previous != nil { matched += 1 }
            compare(result, with: previous)
        }
        removed = old.results.count - matched
    }

    /// Compares the results streams at two paths side by side, a record of each at a time: each
    /// one's footer and baseline learnt first (``ResultsStreamReader/outline()``), then both read
    /// together in report order, each record checked as it comes. The groups are in the new
    /// stream's order.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file and line at fault, a run out of report
    ///   order or given twice among them.
    package init(oldPath: String, newPath: String) throws(ResultsStreamError) {
        let earlier = try ResultsStreamReader(path: oldPath)
        var before = CountedRun(try earlier.outline())
        let later = try ResultsStreamReader(path: newPath)
        var after = CountedRun(try later.outline())
        old = before.summary
        new = after.summary
        var previous = try earlier.next()
        var current = try later.next()
        var sharing = OutlineSharing()
        while previous != nil || current != nil {
            if let run = previous, current.map({ ResultsMerge.RunKey(run) < ResultsMerge.RunKey($0) }) ?? true {
                before.tally(run, sharing: &sharing)
                removed += 1
                previous = try earlier.next()
            } else if let run = current {
                let matching = previous.flatMap { ResultsMerge.RunKey($0) == ResultsMerge.RunKey(run) ? $0 : nil }
                if let matching {
                    before.tally(matching, sharing: &sharing)
                    previous = try earlier.next()
                }
                after.tally(run, sharing: &sharing)
                compare(run, with: matching)
                current = try later.next()
            }
        }
        try earlier.checkVerdict(before.verdict, runs: before.summary.runCount)
        try later.checkVerdict(after.verdict, runs: after.summary.runCount)
        old = before.summary
        new = after.summary
    }

    /// What a diff holds of `result`: what it shows (its id, profile, status, kind and message,
    /// the message cut after ``MarkdownReport/textLimit`` characters as the Markdown report cuts
    /// it) and what its run's verdict is judged by, without the timelines, repeats, stderr, setup
    /// and mismatch a record may carry (up to the stream's line limit each): the groups hold a
    /// few hundred bytes a run, not the runs' records.
    private static func brief(_ result: CaseResult) -> CaseResult {
        var brief = result
        brief.message = MarkdownReport.clipped(result.message)
        brief.timeline = []
        brief.diagnostics = ""
        brief.given = []
        brief.difference = nil
        brief.nondeterminism = nil
        return brief
    }

    /// Files `result` (now) against `previous` (the same run before, if any) in its group.
    private mutating func compare(_ result: CaseResult, with previous: CaseResult?) {
        // Made only for a run that changed: briefing every run would cost its message's scan.
        var change: Change { Change(old: previous.map(Self.brief), new: Self.brief(result)) }
        if result.kind == .nondeterministic || previous?.kind == .nondeterministic {
            if previous?.status != result.status || previous?.kind != result.kind
                || previous?.message != result.message
            {
                nondeterministic.append(change)
            }
            return
        }
        switch (previous?.status, result.status) {
        case (.failed, .failed), (.failed, .error), (.error, .failed), (.error, .error):
            if previous?.message != result.message || previous?.kind != result.kind
                || previous?.status != result.status
            {
                changedMessages.append(change)
            }
        case (_, .failed), (_, .error):
            newlyFailing.append(change)
        case (nil, _):
            added += 1
        case (.failed, .passed), (.error, .passed), (.skipped, .passed):
            newlyPassing.append(change)
        case (.passed, .skipped), (.failed, .skipped), (.error, .skipped):
            newlySkipped.append(change)
        case (.passed, .passed), (.skipped, .skipped):
            break
        }
    }

    /// Some run fails now that did not before.
    package var hasRegression: Bool { !newlyFailing.isEmpty }

    /// Why the later run did not make every run of its selection (`interrupted`, `5 runs not
    /// run`, `lacks shard 2/3`), each reason its footer gives; nil when it made them all. The runs
    /// it did not make are compared with nothing: a diff of an unfinished run is no verdict on
    /// them.
    package var laterRunUnfinished: String? {
        var reasons: [String] = []
        if new.interrupted { reasons.append("interrupted") }
        if new.stoppedAtFirstFailure { reasons.append("stopped at its first failure") }
        if new.notRun > 0 { reasons.append("\(new.notRun) run\(new.notRun == 1 ? "" : "s") not run") }
        if !new.missingShards.isEmpty {
            reasons.append(
                "lacks shard\(new.missingShards.count == 1 ? "" : "s") "
                    + new.missingShards.map(\.description).joined(separator: ", ")
            )
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }

    /// `1 newly failing, 2 newly passing, 0 newly skipped, 1 changed message`, and
    /// `, 1 nondeterministic` when some run is.
    package var countsLine: String {
        "\(newlyFailing.count) newly failing, \(newlyPassing.count) newly passing, "
            + "\(newlySkipped.count) newly skipped, \(changedMessages.count) changed message"
            + (changedMessages.count == 1 ? "" : "s")
            + (nondeterministic.isEmpty ? "" : ", \(nondeterministic.count) nondeterministic")
    }

    /// `passed`, `skipped: REASON`, `not in the earlier run`: how a changed run was before.
    package static func before(_ change: Change) -> String {
        guard let old = change.old else { return "not in the earlier run" }
        return old.status.rawValue + (old.message.isEmpty ? "" : ": \(old.message)")
    }
}
