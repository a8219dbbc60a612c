/// The failing runs that no behaviour of the catalogue explains and that differ from the rules the
/// same way: under the rule of their failing check, with the same shape of mismatch. Each such
/// run is in one group.
public struct DifferenceGroup: Sendable, Hashable {
    /// The rule the failing steps check.
    public var rule: String
    /// The shape of their mismatch.
    public var mismatch: String
    /// The ids of the cases whose runs show it, sorted.
    public var cases: [String]
    /// How many runs show it.
    public var runs: Int
    /// The rules of the cases that these runs left unchecked, because the failing step only set
    /// the case up (``Difference/blocked``), sorted; empty when no run is blocked.
    public var blocked: [String] = []
    /// One of the runs (the first in report order), whose re-run line reports show.
    public var example: ExplainedBehaviour.Run
    /// The smallest case that shows the difference (``RunSummary/smallestCases``): the example
    /// run shrunk on the engine, as YAML; nil when none was looked for or found.
    public var smallestCase: String?
}

extension DifferenceGroup {
    /// One line, as the console, the JUnit properties and the Markdown summary say it:
    /// `stack.no-auto-drain: sequence: an unexpected displayed (13 cases, 26 runs)`; with blocked
    /// runs, the mismatch as ``mismatchAndBlocked`` says it.
    package var line: String {
        let counts = "\(cases.count) case\(cases.count == 1 ? "" : "s"), \(runs) run\(runs == 1 ? "" : "s")"
        return "\(rule): \(mismatchAndBlocked) (\(counts))"
    }

    /// The mismatch, then, when some runs were blocked, the rules they left unchecked:
    /// `sequence: a missing stacked; blocked: delay.display-delay`.
    package var mismatchAndBlocked: String {
        blocked.isEmpty ? mismatch : "\(mismatch); blocked: \(blocked.joined(separator: ", "))"
    }
}

extension RunSummary {
    /// The failed runs no behaviour of ``behaviours`` explains, grouped by the rule of their
    /// failing check (the first the failing step names, else the case's first) and the shape of
    /// their mismatch: each run in exactly one group. Most runs first, then by rule and mismatch.
    ///
    /// A run that folded its failures (`failureFold`) groups those it folded, the same way.
    public var differences: [DifferenceGroup] {
        let explained = Set(behaviours.flatMap(\.runs))
        var groups: [DifferenceGroup]
        if let failureFold {
            groups = failureFold.differences(excluding: explained)
        } else {
            var grouping = DifferenceGrouping()
            for result in results where !explained.contains(ExplainedBehaviour.Run(result)) {
                grouping.add(result)
            }
            groups = grouping.groups
        }
        guard !smallestCases.isEmpty else { return groups }
        for index in groups.indices { groups[index].smallestCase = smallestCases[groups[index].example] }
        return groups
    }
}

/// The failed runs' differences (``DifferenceGroup``), grouped as they are added, in report order:
/// a group's example is its first run.
package struct DifferenceGrouping: Sendable, Hashable {
    /// The groups by rule and mismatch.
    private var byKey: [String: DifferenceGroup] = [:]
    /// Each group's cases as a set too: a group of a hundred thousand runs is not searched
    /// through for each.
    private var groupCases: [String: Set<String>] = [:]

    /// No group yet.
    package init() {}

    /// Adds `result` to its group when it failed with a difference; any other result is passed over.
    package mutating func add(_ result: CaseResult) {
        guard result.status == .failed, let difference = result.difference else { return }
        add(ExplainedBehaviour.Run(result), differing: difference)
    }

    /// Adds a failed run that differs as `difference` says to its group.
    package mutating func add(_ run: ExplainedBehaviour.Run, differing difference: Difference) {
        let rule = difference.rules.first ?? ""
        let key = rule + "\u{0}" + difference.mismatch
        guard byKey[key] != nil else {
            groupCases[key] = [run.caseID]
            byKey[key] = DifferenceGroup(
                rule: rule,
                mismatch: difference.mismatch,
                cases: [run.caseID],
                runs: 1,
                blocked: difference.blocked,
                example: run
            )
            return
        }
        // Changed in place: a copy of the group would copy its cases at each run.
        byKey[key]!.runs += 1
        for rule in difference.blocked where !byKey[key]!.blocked.contains(rule) {
            byKey[key]!.blocked.append(rule)
        }
        if groupCases[key, default: []].insert(run.caseID).inserted { byKey[key]!.cases.append(run.caseID) }
    }

    /// The groups, most runs first, then by rule and mismatch; each one's cases and blocked rules
    /// sorted.
    package var groups: [DifferenceGroup] {
        byKey.values
            .map { group in
                var sorted = group
                sorted.cases.sort()
                sorted.blocked.sort()
                return sorted
            }
            .sorted { ($1.runs, $0.rule, $0.mismatch) < ($0.runs, $1.rule, $1.mismatch) }
    }
}
