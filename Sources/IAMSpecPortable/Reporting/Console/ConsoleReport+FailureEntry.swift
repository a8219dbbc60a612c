import IAMSpec

extension ConsoleReport {
    /// The entry of one case whose runs failed or errored, in every profile they did:
    ///
    /// ```
    /// FAILED   priority-tie-later-wins [appboy-legacy, braze-swift]  Of two messages ...
    ///   rule priority.ties-to-later: Of equal priorities, the later message wins
    ///     seed 003 (en): "..."
    ///   given:
    ///     config: {minimum_trigger_interval: 30}
    ///     messages:
    ///       - {id: older, priority: 3, triggers: [custom_event: browse]}
    ///
    ///   Specs/priority/ties.yaml:15:5: sequence on delivery: ...
    ///     time  step  observations
    ///     ...
    ///
    ///   re-run: cd /home/me/engine && iamspec run Specs --filter priority-tie-later-wins --profile appboy-legacy --profile braze-swift
    /// ```
    ///
    /// Runs that failed the same way (status, step, message, timeline) are shown once; a run that
    /// failed otherwise gets its own section, named by its profile. A run that failed at a step
    /// that only sets the case up is `BLOCKED`, with a `blocked:` line naming the case's rules it
    /// left unchecked.
    package func failureEntry(_ results: [CaseResult], header: RunHeader) -> [String] {
        let first = results[0]
        let status: CaseStatus = results.contains { $0.status == .error } ? .error : .failed
        let profiles = results.map(\.profile)
        let word = results.allSatisfy(\.isBlocked) ? style.red("BLOCKED") : statusWord(status)
        var lines = [
            "\(word)  \(style.bold(QuotedText.line(first.caseID))) [\(names(profiles))]  "
                + QuotedText.line(first.title)
        ]
        for rule in first.rules {
            lines.append(
                "  rule \(QuotedText.line(rule.id))\(rule.title.isEmpty ? "" : ": \(QuotedText.line(rule.title))")"
            )
            if !rule.quotedLine.isEmpty { lines.append(style.dim("    \(QuotedText.line(rule.quotedLine))")) }
        }
        if let difference = first.difference, difference.rules != first.rules.map(\.id) {
            let what = difference.blocked.isEmpty ? "the failing step checks" : "the failing step sets the case up"
            lines.append("  \(what): \(QuotedText.line(difference.rules.joined(separator: ", ")))")
        }
        if let difference = first.difference, !difference.blocked.isEmpty {
            lines.append(
                "  blocked: not checked, as its setup failed: \(QuotedText.line(difference.blocked.joined(separator: ", ")))"
            )
        }
        if !first.given.isEmpty {
            lines.append("  given:")
            lines += first.given.map { "    \(QuotedText.line($0))" }
        }
        var variants: [(profiles: [Profile], result: CaseResult)] = []
        for result in results {
            if let index = variants.firstIndex(where: { sameFailure($0.result, result) }) {
                variants[index].profiles.append(result.profile)
            } else {
                variants.append(([result.profile], result))
            }
        }
        for variant in variants {
            lines.append("")
            let result = variant.result
            let variantWord = result.isBlocked ? style.red("BLOCKED") : statusWord(result.status)
            let which = variants.count > 1 ? "[\(names(variant.profiles))] \(variantWord) " : ""
            lines.append(
                "  \(which)\(QuotedText.line(result.location.description)): \(QuotedText.line(result.message))"
            )
            lines += details(result)
        }
        lines.append("")
        lines.append("  re-run: \(RerunCommand.text(caseID: first.caseID, profiles: profiles, header: header))")
        return lines
    }

    /// The timeline and the engine's diagnostics of one run.
    private func details(_ result: CaseResult) -> [String] {
        var lines: [String] = []
        // A nondeterministic run: both repeats, each with its timeline.
        let timeline = result.nondeterminism?.lines ?? TimelineText.lines(result.timeline)
        if !timeline.isEmpty {
            lines.append("")
            lines += timeline.enumerated().map { index, line in
                let indented = line.isEmpty ? "" : "    \(line)"
                if index == 0 { return style.dim(indented) }
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("expected:") { return style.green(indented) }
                if trimmed.hasPrefix("actual:") { return style.red(indented) }
                return indented
            }
        }
        if !result.diagnostics.isEmpty {
            lines.append("")
            lines.append("  engine diagnostics:")
            lines += QuotedText.lines(result.diagnostics, after: "    | ")
        }
        return lines
    }

    private func sameFailure(_ one: CaseResult, _ other: CaseResult) -> Bool {
        one.status == other.status && one.location == other.location && one.message == other.message
            && one.timeline == other.timeline && one.diagnostics == other.diagnostics
    }

    private func names(_ profiles: [Profile]) -> String {
        profiles.map(\.rawValue).joined(separator: ", ")
    }
}
