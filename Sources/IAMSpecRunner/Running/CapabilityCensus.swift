import IAMSpec

/// How many of a suite's cases and runs need each capability (`iamspec capabilities`), so an
/// engine author knows what declaring or lacking one changes.
package struct CapabilityCensus: Sendable {
    /// One capability: what in a case needs it, and how many selected cases and runs do.
    package struct Row: Sendable, Hashable {
        package var capability: Capability
        package var neededBy: String
        package var cases: Int
        package var runs: Int
        /// Whether an engine that does not speak of it has it (``Capability/assumedUnlessLacking``).
        package var isAssumed: Bool
    }

    /// Every capability, in name order.
    package private(set) var rows: [Row]
    package private(set) var caseCount: Int
    package private(set) var runCount: Int

    /// Counts the runs the selection makes of the suite's cases, reading them a file at a time.
    ///
    /// - Throws: `CaseFileChanged` when a case file changed since the suite was loaded.
    package init(suite: LoadedSuite, selection: RunSelection = RunSelection()) throws(CaseFileChanged) {
        let runs = selection.runs(of: suite.loadedCases)
        var runsOfCase: [String: Int] = [:]
        for run in runs { runsOfCase[run.caseID, default: 0] += 1 }
        var needing: [Capability: (cases: Int, runs: Int)] = [:]
        try suite.forEachCase { specCase in
            guard let runs = runsOfCase[specCase.id] else { return }
            for capability in Set(specCase.requires) {
                needing[capability, default: (0, 0)].cases += 1
                needing[capability, default: (0, 0)].runs += runs
            }
        }
        caseCount = runsOfCase.count
        runCount = runs.count
        rows = Capability.allCases.sorted().map { capability in
            Row(
                capability: capability,
                neededBy: capability.neededBy,
                cases: needing[capability]?.cases ?? 0,
                runs: needing[capability]?.runs ?? 0,
                isAssumed: Capability.assumedUnlessLacking.contains(capability)
            )
        }
    }

    /// The table: a heading, one line per capability, then the totals, what `*` means and where
    /// what no capability covers is listed.
    package var lines: [String] {
        let nameWidth = max("capability".count, rows.map { $0.capability.rawValue.count + 2 }.max() ?? 0)
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        func right(_ number: Int, _ width: Int) -> String {
            let text = String(number)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        var lines = ["\(padded("capability", nameWidth))  cases   runs  needed by"]
        for row in rows {
            let name = row.capability.rawValue + (row.isAssumed ? " *" : "")
            lines.append(
                "\(padded(name, nameWidth))  \(right(row.cases, 5))  \(right(row.runs, 5))  \(row.neededBy)"
            )
        }
        lines.append("")
        lines.append(
            "\(caseCount) case\(caseCount == 1 ? "" : "s"), \(runCount) run\(runCount == 1 ? "" : "s") selected"
        )
        lines.append(
            "* assumed for an engine that does not speak of it: a protocol-1 stdio engine, or a Swift "
                + "EngineDescription that does not list it in `lacking:`"
        )
        lines.append(
            "What no capability covers, every engine must have: Specs/README.md, \"What every engine must have\""
        )
        return lines
    }
}
