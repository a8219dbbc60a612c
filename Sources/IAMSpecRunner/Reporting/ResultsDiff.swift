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
package struct ResultsDiff: Sendable {
    /// One case run that changed: how it was (nil when it is new) and how it is.
    package struct Change: Sendable {
        package var old: CaseResult?
        package var new: CaseResult

        /// `case-id [profile]`.
        package var name: String { "\(new.caseID) [\(new.profile.rawValue)]" }
    }

    package var old: RunSummary
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

    /// Compares the runs of two streams; the groups are in the new stream's order.
    package init(old: RunSummary, new: RunSummary) {
        self.old = old
        self.new = new
        var before: [String: CaseResult] = [:]
        for result in old.results {
            before[Self.key(result)] = result
        }
        var matched = 0
        for result in new.results {
            let previous = before[Self.key(result)]
            if previous != nil { matched += 1 }
            let change = Change(old: previous, new: result)
            if result.kind == .nondeterministic || previous?.kind == .nondeterministic {
                if previous?.status != result.status || previous?.kind != result.kind
                    || previous?.message != result.message
                {
                    nondeterministic.append(change)
                }
                continue
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
        removed = old.results.count - matched
    }

    /// Some run fails now that did not before.
    package var hasRegression: Bool { !newlyFailing.isEmpty }

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

    private static func key(_ result: CaseResult) -> String {
        "\(result.caseID)\u{0}\(result.profile.rawValue)"
    }
}
