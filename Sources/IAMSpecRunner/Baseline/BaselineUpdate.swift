import IAMSpec

/// Refreshes a baseline from a run (`iamspec run --update-baseline FILE`).
///
/// - Entries whose runs were not made in this run (another shard, another selection) and
///   `skip` and `flaky` entries are kept as written.
/// - A `fail` entry is kept while a run it decides still fails; when only some of the runs of a
///   bare-id entry still fail, it is narrowed to `id@profile` entries with the same reason;
///   when they all pass, it is dropped.
/// - Each failure no entry covers gets a `fail` entry (the bare id when every profile of the
///   case failed in this run, else `id@profile`) with the reason
///   `new failure on <the run's date>`; a nondeterministic run (`--repeat N`) gets a `flaky`
///   entry instead, with the reason `nondeterministic on <the run's date>`.
/// - Stale entries are dropped. The result is sorted by key.
package enum BaselineUpdate {
    /// The baseline `summary` implies, keeping what `existing` says; `cases` gives each case of
    /// the suite by its id and profiles (of a `SpecCase`, or a `LoadedCase` without decoding it).
    package static func refresh(
        _ existing: Baseline?,
        with summary: RunSummary,
        cases: some Sequence<(id: String, profiles: [Profile])>
    ) -> Baseline {
        let engine = summary.header.engine.name
        let profilesByCase = Dictionary(cases.map { ($0.id, $0.profiles) }, uniquingKeysWith: { first, _ in first })
        let stale = Set(
            (existing?.staleEntries(in: profilesByCase.lazy.map { (id: $0.key, profiles: $0.value) }) ?? []).map(\.key)
        )
        // The failures kept as results, and those only folded (`RunSummary.failureFold`).
        let folded = (summary.failureFold?.failingRuns).map { $0.map { RunKey($0.caseID, $0.profile) } } ?? []
        let failing = Set(
            summary.results.filter { $0.status == .failed || $0.status == .error }.map { RunKey($0.caseID, $0.profile) }
                + folded
        )
        let made = Set(
            summary.results.filter { $0.status != .skipped }.map { RunKey($0.caseID, $0.profile) } + folded
        )
        let old = existing?.entries.filter { !stale.contains($0.key) } ?? []
        let oldBaseline = Baseline(engine: engine, entries: old)

        var kept: [BaselineEntry] = []
        for entry in old {
            let decided = (entry.profile.map { [$0] } ?? profilesByCase[entry.caseID] ?? [])
                .filter { oldBaseline.entry(caseID: entry.caseID, profile: $0) == entry }
            let madeHere = decided.filter { made.contains(RunKey(entry.caseID, $0)) }
            guard entry.status == .fail, !madeHere.isEmpty else {
                kept.append(entry)
                continue
            }
            let stillFailing = madeHere.filter { failing.contains(RunKey(entry.caseID, $0)) }
            if stillFailing.count == madeHere.count {
                kept.append(entry)
            } else {
                let notMade = decided.filter { !made.contains(RunKey(entry.caseID, $0)) }
                for profile in (stillFailing + notMade).sorted() {
                    var narrowed = entry
                    narrowed.profile = profile
                    narrowed.location = nil
                    kept.append(narrowed)
                }
            }
        }
        let keptBaseline = Baseline(engine: engine, entries: kept)
        let uncovered = failing.filter { keptBaseline.entry(caseID: $0.caseID, profile: $0.profile) == nil }
        let nondeterministic = Set(
            summary.results.filter { $0.kind == .nondeterministic }.map { RunKey($0.caseID, $0.profile) }
        )
        // By case: a run failing a hundred thousand times does not search its failures per case.
        for (caseID, runs) in Dictionary(grouping: uncovered, by: \.caseID) {
            let profiles = runs.map(\.profile).sorted()
            let all = (profilesByCase[caseID] ?? []).sorted()
            let flaky = profiles.map { nondeterministic.contains(RunKey(caseID, $0)) }
            // One entry for the case when every profile failed, and the same way.
            let keys: [Profile?] = profiles == all && Set(flaky).count == 1 ? [nil] : profiles
            for profile in keys {
                let isFlaky = nondeterministic.contains(RunKey(caseID, profile ?? profiles[0]))
                kept.append(
                    newEntry(caseID: caseID, profile: profile, flaky: isFlaky, startedAt: summary.header.startedAt)
                )
            }
        }
        return Baseline(engine: engine, entries: kept.sorted { $0.key < $1.key })
    }

    /// `result` as ``BaselineJudgement`` judges it against the baseline ``refresh(_:with:cases:)``
    /// writes from `existing` and a run of `startedAt` that holds it, known as the result comes:
    /// the entry the refreshed baseline has for its run depends on that run's result alone and on
    /// the entry of `existing` that decides it. A failure keeps a `fail` entry (whole or narrowed
    /// to its profile, with its status and reason), keeps a `flaky` or `skip` entry, or gets a new
    /// entry; a pass drops a `fail` entry; nothing else changes for the run.
    package static func judge(_ result: CaseResult, refreshing existing: Baseline?, startedAt: String) -> CaseResult {
        let failed = result.status == .failed || result.status == .error
        let entry: BaselineEntry
        if let decided = existing?.entry(caseID: result.caseID, profile: result.profile) {
            guard decided.status != .fail || failed else { return result }
            entry = decided
        } else {
            guard failed else { return result }
            entry = newEntry(
                caseID: result.caseID,
                profile: result.profile,
                flaky: result.kind == .nondeterministic,
                startedAt: startedAt
            )
        }
        return BaselineJudgement.judge(
            result,
            against: Baseline(engine: existing?.engine ?? "", entries: [entry]),
            allowingUnexpectedPasses: false
        )
    }

    /// The entry a failure no entry covers gets: `fail`, or `flaky` for a nondeterministic run,
    /// with the date of the run (`startedAt`'s first ten characters) in its reason.
    private static func newEntry(caseID: String, profile: Profile?, flaky: Bool, startedAt: String) -> BaselineEntry {
        BaselineEntry(
            caseID: caseID,
            profile: profile,
            status: flaky ? .flaky : .fail,
            reason: "\(flaky ? "nondeterministic" : "new failure") on \(startedAt.prefix(10))"
        )
    }

    private struct RunKey: Hashable {
        var caseID: String
        var profile: Profile

        init(_ caseID: String, _ profile: Profile) {
            self.caseID = caseID
            self.profile = profile
        }
    }
}
