import IAMSpec
import IAMSpecRunner

/// The site as GitHub-flavoured Markdown, in `markdown/` beside the HTML: `README.md` (the
/// index, which GitHub shows for the folder), `areas/<area>.md`, and `matrix.md` with results.
/// Anchors are explicit `<a id>` elements, since GitHub's own heading anchors drop the dots
/// of rule ids.
struct MarkdownSite {
    let content: SiteContent
    let provenance: String

    /// Path (relative to `markdown/`) and text of every page.
    func pages() -> [(path: String, text: String)] {
        var pages = [("README.md", index())]
        for area in content.areas {
            pages.append(("areas/\(area.pageName).md", areaPage(area)))
        }
        if content.matrix != nil {
            pages.append(("matrix.md", matrixPage()))
        }
        return pages
    }

    private func index() -> String {
        var lines = [
            "# In-app message delivery rules", "",
            "When an in-app message is shown, put on the stack, or discarded: each rule with the words of the "
                + "documents that state it, and the conformance cases that check it, told as timelines.",
            "",
            "\(SiteContent.count(content.ruleCount, "rule")) in \(SiteContent.count(content.areas.count, "area")), "
                + "checked by \(SiteContent.count(content.caseCount, "case")).",
            "",
        ]
        if let matrix = content.matrix {
            lines += conformanceTable(matrix, root: "")
            lines += differencesSection(matrix)
            lines += ["[Every case under every engine](matrix.md)", ""]
        }
        lines += ["## Rule areas", "", "| Area | Rules | Cases |", "| --- | ---: | ---: |"]
        for area in content.areas {
            lines.append(
                "| [\(QuotedText.markdown(area.name))](areas/\(area.pageName).md) | \(area.rules.count) | \(area.cases.count) |"
            )
        }
        lines += ["", "## Every rule", ""]
        for area in content.areas {
            for rule in area.rules {
                lines.append(
                    "- [\(QuotedText.markdownCode(rule.id))](areas/\(area.pageName).md#rule-\(rule.id)) \(InlineText.markdown(rule.title))"
                )
            }
        }
        return document(lines)
    }

    private func areaPage(_ area: SiteContent.Area) -> String {
        var lines = [
            "[All rules](../README.md)", "",
            "# \(QuotedText.markdown(area.name))", "",
            "\(SiteContent.count(area.rules.count, "rule")), \(SiteContent.count(area.cases.count, "case")).", "",
        ]
        if !area.rules.isEmpty {
            lines += ["## Rules", ""]
            for rule in area.rules {
                lines.append(
                    "- [\(QuotedText.markdownCode(rule.id))](#rule-\(rule.id)) \(InlineText.markdown(rule.title))"
                )
            }
            lines.append("")
            for rule in area.rules {
                lines += ruleSection(rule)
            }
        }
        if !area.cases.isEmpty {
            lines += ["## Cases", ""]
            for specCase in area.cases {
                lines += caseSection(specCase)
            }
        }
        return document(lines)
    }

    private func matrixPage() -> String {
        guard let matrix = content.matrix else { return "" }
        var lines = ["[All rules](README.md)", "", "# Conformance matrix", ""]
        lines += conformanceTable(matrix, root: "")
        lines += differencesSection(matrix)
        lines += [
            "Each rule of each area, with the outcome of the cases that check it under each engine (a failure "
                + "counts against the rules its failing step checks; a case that failed only under other rules "
                + "is blocked); below each area, every run that did not pass, with its reason.",
            "",
        ]
        for area in content.areas where !area.rules.isEmpty {
            lines += ["## [\(QuotedText.markdown(area.name))](areas/\(area.pageName).md)", ""]
            lines.append(
                "| Rule | " + matrix.columns.map { QuotedText.markdown($0.label) }.joined(separator: " | ") + " |"
            )
            lines.append("| --- |" + String(repeating: " --- |", count: matrix.columns.count))
            var findings: [String] = []
            for rule in area.rules {
                let caseIDs = content.casesByRule[rule.id] ?? []
                var row =
                    "| [\(QuotedText.markdownCode(rule.id, inTable: true))](areas/\(area.pageName).md#rule-\(rule.id)) |"
                for (index, column) in matrix.columns.enumerated() {
                    let outcome = matrix.ruleOutcome(rule.id, caseIDs: caseIDs, column: index)
                    row += " \(symbol(outcome.outcome)): \(QuotedText.markdown(outcome.countText)) |"
                    for finding in outcome.findings {
                        let runs = finding.cases.map {
                            "\(caseLink($0.caseID, fromRoot: true)) [\($0.profiles.joined(separator: ", "))]"
                        }
                        findings.append(
                            "- \(QuotedText.markdownCode(rule.id)), \(QuotedText.markdown(column.label)): "
                                + "**\(finding.outcome.rawValue)** \(runs.joined(separator: ", "))"
                                + (finding.message.isEmpty ? "" : ": \(QuotedText.markdown(finding.message))")
                        )
                    }
                }
                lines.append(row)
            }
            lines.append("")
            if !findings.isEmpty {
                lines += ["Not passed:", ""] + findings + [""]
            }
        }
        if !matrix.unknownCaseIDs.isEmpty {
            lines.append(
                "The results also name cases this suite does not have: "
                    + matrix.unknownCaseIDs.map { QuotedText.markdownCode($0) }.joined(separator: ", ") + "."
            )
            lines.append("")
        }
        return document(lines)
    }

    /// Each engine's failed runs grouped by the behaviour that differs, as the console, JUnit and
    /// the Markdown summary group them: the rule of the failing step and the mismatch's shape.
    private func differencesSection(_ matrix: ConformanceMatrix) -> [String] {
        var lines = [
            "## Differences", "",
            "Each engine's failed runs, grouped by the behaviour that differs: the rule the failing step checks, "
                + "and the shape of the mismatch. One difference is one row, however many cases show it; the "
                + "re-run line runs one of them.",
            "",
        ]
        for column in matrix.columns {
            let groups = column.summary.differences
            lines += ["### \(QuotedText.markdown(column.label))", ""]
            guard !groups.isEmpty else {
                lines += ["None: no run failed.", ""]
                continue
            }
            lines += ["| Rule | Mismatch | Cases | Runs | Re-run one |", "| --- | --- | --- | ---: | --- |"]
            for group in groups {
                let rerun = RerunCommand.text(for: group.example, header: column.summary.header)
                lines.append(
                    "| \(ruleLink(group.rule, fromRoot: true, inTable: true)) | \(QuotedText.markdown(group.mismatch)) "
                        + "| \(group.cases.map { caseLink($0, fromRoot: true, inTable: true) }.joined(separator: ", ")) "
                        + "| \(group.runs) | \(QuotedText.markdownCode(rerun, inTable: true)) |"
                )
            }
            lines.append("")
        }
        return lines
    }

    private func conformanceTable(_ matrix: ConformanceMatrix, root: String) -> [String] {
        var lines = [
            "## Conformance", "",
            "Passed runs out of the runs the engine supports (skipped runs aside); errors (the engine could not "
                + "finish a run) and skipped runs are counted apart.",
            "",
            "| Engine | Conformance | Passed | Failed | Errors | Skipped | Run |",
            "| --- | --- | --- | ---: | ---: | --- | --- |",
        ]
        for column in matrix.columns {
            let header = column.summary.header
            let figures = column.conformance
            let alt = ConformanceBadge.label(engine: header.engine.name) + ": " + figures.badgeText
            lines.append(
                "| \(QuotedText.markdown(column.label)) | ![\(QuotedText.markdown(alt))](\(root)../badges/\(column.fileName).svg) "
                    + "| \(figures.passed) of \(figures.supported) supported | \(figures.failed) | \(figures.errored) "
                    + "| \(figures.skipped) of \(figures.total) runs "
                    + "| \(QuotedText.markdown(header.startedAt)) on \(QuotedText.markdown(header.hostname))"
                    + (column.summary.interrupted ? " (interrupted)" : "") + " |"
            )
        }
        lines.append("")
        return lines
    }

    private func ruleSection(_ rule: Rule) -> [String] {
        var lines = [
            "<a id=\"rule-\(rule.id)\"></a>", "",
            "### \(QuotedText.markdownCode(rule.id)) \(InlineText.markdown(rule.title))", "",
            "*\(rule.kind == .documented ? "Documented" : "Clarification") · holds for "
                + "\(QuotedText.markdown(SiteContent.profilesText(rule.profiles)))*",
            "",
        ]
        for quote in rule.quotes {
            lines.append("> \(InlineText.markdown(quote.text))")
            lines.append(">")
            lines.append(
                "> — seed \(QuotedText.markdownCode(quote.seed)) (\(QuotedText.markdown(SiteContent.languageName(quote.language))))"
            )
            lines.append("")
            if let translation = quote.translation {
                lines += ["**English translation:** \(InlineText.markdown(translation))", ""]
            }
        }
        if let source = rule.source {
            lines += ["**Settled by the semantics notes, from:** \(InlineText.markdown(source))", ""]
        }
        if let note = rule.note {
            lines += ["**In iamspec's terms:** \(InlineText.markdown(note))", ""]
        }
        let cases = content.casesByRule[rule.id] ?? []
        lines.append(
            cases.isEmpty
                ? "No case checks this rule yet."
                : "**Checked by:** " + cases.map { caseLink($0) }.joined(separator: ", ")
        )
        lines.append("")
        return lines
    }

    private func caseSection(_ specCase: SpecCase) -> [String] {
        let narrative = CaseNarrative(specCase)
        var lines = [
            "<a id=\"case-\(specCase.id)\"></a>", "",
            "### \(InlineText.markdown(specCase.title))", "",
            "- **Case:** \(QuotedText.markdownCode(specCase.id))",
            "- **Rules:** " + SiteContent.rulesChecked(by: specCase).map { ruleLink($0) }.joined(separator: ", "),
            "- **Holds for:** \(QuotedText.markdown(SiteContent.profilesText(specCase.profiles)))",
        ]
        if !specCase.requires.isEmpty {
            lines.append(
                "- **Needs:** "
                    + QuotedText.markdown(specCase.requires.sorted().map(\.rawValue).joined(separator: ", "))
            )
        }
        if !specCase.tags.isEmpty {
            lines.append("- **Tags:** " + QuotedText.markdown(specCase.tags.joined(separator: ", ")))
        }
        lines.append("- **File:** \(QuotedText.markdownCode(specCase.location.description))")
        if let matrix = content.matrix {
            let results = matrix.columns.indices.map { index in
                let runs = matrix.runs(caseID: specCase.id, column: index)
                let reasons =
                    runs.allSatisfy { $0.status == .passed }
                    ? "" : " (\(QuotedText.markdown(SiteContent.runsText(runs))))"
                return
                    "\(QuotedText.markdown(matrix.columns[index].label)) \(symbol(matrix.outcome(caseID: specCase.id, column: index)))"
                    + reasons
            }
            lines.append("- **Results:** " + results.joined(separator: ", "))
        }
        lines += ["", InlineText.markdown(narrative.setting), ""]
        if !narrative.messages.isEmpty {
            lines += narrative.messages.map { "- \(InlineText.markdown($0))" }
            lines.append("")
        }
        lines += ["| Time | What happens |", "| ---: | --- |"]
        for moment in narrative.moments {
            let text = "**\(moment.word)** \(InlineText.markdown(moment.text, inTable: true))"
            lines.append("| \(QuotedText.markdown(moment.time)) | \(moment.isCheck ? "➜ " : "")\(text) |")
        }
        lines.append("")
        return lines
    }

    /// A link to a case's section, from an area page or (`fromRoot`) from a page at the root; the
    /// bare id for a case the suite does not have (its text could not be trusted in a link).
    private func caseLink(_ caseID: String, fromRoot: Bool = false, inTable: Bool = false) -> String {
        guard let page = content.pageOfCase[caseID] else { return QuotedText.markdownCode(caseID, inTable: inTable) }
        return "[\(QuotedText.markdownCode(caseID))](\(fromRoot ? "areas/" : "")\(page).md#case-\(caseID))"
    }

    /// A link to a rule's section, from an area page or (`fromRoot`) from a page at the root; the
    /// bare id for a rule the catalogue does not have.
    private func ruleLink(_ ruleID: String, fromRoot: Bool = false, inTable: Bool = false) -> String {
        let code = QuotedText.markdownCode(ruleID, inTable: inTable)
        guard let page = content.pageOfRule[ruleID] else { return code }
        return "[\(code)](\(fromRoot ? "areas/" : "")\(page).md#rule-\(ruleID))"
    }

    /// An outcome as a symbol and its word, for tables.
    private func symbol(_ outcome: ConformanceMatrix.Outcome) -> String {
        switch outcome {
        case .pass: "✅ pass"
        case .fail: "❌ fail"
        case .error: "⚠️ error"
        case .skip: "⏭️ skip"
        case .blocked: "⛔ blocked"
        case .notRun: "— not run"
        }
    }

    private func document(_ lines: [String]) -> String {
        (lines + ["---", "", "*\(QuotedText.markdown(provenance))*", ""]).joined(separator: "\n")
    }
}
