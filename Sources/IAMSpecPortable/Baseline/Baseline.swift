import IAMSpec

/// The known outcomes of one engine (`iamspec run --baseline FILE`): case runs expected to
/// fail, to be flaky, or not to be run, each with a reason and an optional issue link.
///
/// ```yaml
/// engine: my-engine
/// cases:
///   stack-lifo-order:
///     status: fail
///     reason: "the stack is a queue (#12)"
///     issue: https://example.com/issues/12
///   interval-test-send@appboy-legacy:
///     status: flaky
///     reason: "depends on the wall clock"
/// ```
///
/// A key is a case id (every profile of the case) or `id@profile` (one profile), which wins
/// over the bare id.
package struct Baseline: Sendable, Hashable {
    /// The engine name (as its description gives it) the baseline is for.
    package var engine: String
    /// In file order.
    package var entries: [BaselineEntry] {
        didSet { positions = Self.positions(of: entries) }
    }
    /// Where the engine name is written; nil for a baseline made by `--update-baseline`.
    package var engineLocation: SourceLocation?
    /// The positions in `entries` of each case id's entries, in file order: a run's entry is
    /// found among its case's, not by reading a baseline of a hundred thousand entries through
    /// for each run.
    private var positions: [String: [Int]]

    package init(engine: String, entries: [BaselineEntry] = [], engineLocation: SourceLocation? = nil) {
        self.engine = engine
        self.entries = entries
        self.engineLocation = engineLocation
        positions = Self.positions(of: entries)
    }

    /// The entry that decides a run: the one for `id@profile`, else the one for the bare id (the
    /// first of each in file order).
    package func entry(caseID: String, profile: Profile) -> BaselineEntry? {
        guard let held = positions[caseID] else { return nil }
        let first = { (profile: Profile?) in held.first { entries[$0].profile == profile }.map { entries[$0] } }
        return first(profile) ?? first(nil)
    }

    private static func positions(of entries: [BaselineEntry]) -> [String: [Int]] {
        var positions: [String: [Int]] = [:]
        for (position, entry) in entries.enumerated() {
            positions[entry.caseID, default: []].append(position)
        }
        return positions
    }

    /// Why a run is not made: the reason of a `skip` entry, or nil.
    package func skipReason(caseID: String, profile: Profile) -> String? {
        guard let entry = entry(caseID: caseID, profile: profile), entry.status == .skip else { return nil }
        return "skipped by the baseline: \(entry.explanation)"
    }

    /// The entries that name a case the suite does not have, or a profile the case does not
    /// hold for; `cases` gives each case's id and profiles (of a `SpecCase`, or a `LoadedCase`
    /// without decoding it).
    package func staleEntries(in cases: some Sequence<(id: String, profiles: [Profile])>) -> [BaselineEntry] {
        let profiles = Dictionary(cases.map { ($0.id, Set($0.profiles)) }, uniquingKeysWith: { first, _ in first })
        return entries.filter { entry in
            guard let held = profiles[entry.caseID] else { return true }
            return entry.profile.map { !held.contains($0) } ?? false
        }
    }
}

/// One baseline entry: the runs of a case (or of one profile of it) and what they are expected to do.
package struct BaselineEntry: Sendable, Hashable {
    package var caseID: String
    /// Nil: every profile of the case.
    package var profile: Profile?
    package var status: BaselineStatus
    /// Why; shown beside every run the entry decides.
    package var reason: String
    /// A link to the issue that tracks it.
    package var issue: String?
    /// Where the entry's key is written; nil for an entry made by `--update-baseline`.
    package var location: SourceLocation?

    package init(
        caseID: String,
        profile: Profile? = nil,
        status: BaselineStatus,
        reason: String,
        issue: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.caseID = caseID
        self.profile = profile
        self.status = status
        self.reason = reason
        self.issue = issue
        self.location = location
    }

    /// `id` or `id@profile`, as the file writes it.
    package var key: String {
        profile.map { "\(caseID)@\($0.rawValue)" } ?? caseID
    }

    /// Whether the entry decides runs of this case under this profile (before `id@profile`
    /// entries take precedence).
    package func covers(caseID: String, profile: Profile) -> Bool {
        self.caseID == caseID && (self.profile == nil || self.profile == profile)
    }

    /// The reason, with the issue link when there is one.
    package var explanation: String {
        issue.map { "\(reason) (\($0))" } ?? reason
    }
}

/// What a baseline expects of a case run.
package enum BaselineStatus: String, Sendable, Hashable, CaseIterable {
    /// The run is expected to fail (or error); passing is an unexpected pass.
    case fail
    /// Either outcome is fine.
    case flaky
    /// The run is not made; it is reported skipped with the reason.
    case skip
}
