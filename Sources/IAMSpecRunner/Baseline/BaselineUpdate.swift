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
        let failing = Set(
            summary.results.filter { $0.status == .failed || $0.status == .error }.map { RunKey($0.caseID, $0.profile) }
        )
        let made = Set(summary.results.filter { $0.status != .skipped }.map { RunKey($0.caseID, $0.profile) })
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
        let date = String(summary.header.startedAt.prefix(10))
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
                    BaselineEntry(
                        caseID: caseID,
                        profile: profile,
                        status: isFlaky ? .flaky : .fail,
                        reason: "\(isFlaky ? "nondeterministic" : "new failure") on \(date)"
                    )
                )
            }
        }
        return Baseline(engine: engine, entries: kept.sorted { $0.key < $1.key })
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
