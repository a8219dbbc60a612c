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
            pages.append(("areas/\(area.name).md", areaPage(area)))
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
            lines += ["[Every case under every engine](matrix.md)", ""]
        }
        lines += ["## Rule areas", "", "| Area | Rules | Cases |", "| --- | ---: | ---: |"]
        for area in content.areas {
            lines.append(
                "| [\(MarkdownText.escape(area.name))](areas/\(area.name).md) | \(area.rules.count) | \(area.cases.count) |"
            )
        }
        lines += ["", "## Every rule", ""]
        for area in content.areas {
            for rule in area.rules {
                lines.append(
                    "- [\(MarkdownText.codeSpan(rule.id))](areas/\(area.name).md#rule-\(rule.id)) \(MarkdownText.inline(rule.title))"
                )
            }
        }
        return document(lines)
    }

    private func areaPage(_ area: SiteContent.Area) -> String {
        var lines = [
            "[All rules](../README.md)", "",
            "# \(MarkdownText.escape(area.name))", "",
            "\(SiteContent.count(area.rules.count, "rule")), \(SiteContent.count(area.cases.count, "case")).", "",
        ]
        if !area.rules.isEmpty {
            lines += ["## Rules", ""]
            for rule in area.rules {
                lines.append(
                    "- [\(MarkdownText.codeSpan(rule.id))](#rule-\(rule.id)) \(MarkdownText.inline(rule.title))"
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
        lines += ["## Every case", ""]
        lines.append("| Case | " + matrix.columns.map { MarkdownText.escape($0.label) }.joined(separator: " | ") + " |")
        lines.append("| --- |" + String(repeating: " :---: |", count: matrix.columns.count))
        for specCase in content.casesInPageOrder {
            let area = content.areaOfCase[specCase.id] ?? ""
            var row = "| [\(MarkdownText.codeSpan(specCase.id, inTable: true))](areas/\(area).md#case-\(specCase.id)) |"
            for index in matrix.columns.indices {
                row += " \(symbol(matrix.outcome(caseID: specCase.id, column: index))) |"
            }
            lines.append(row)
        }
        lines.append("")
        if !matrix.unknownCaseIDs.isEmpty {
            lines.append(
                "The results also name cases this suite does not have: "
                    + matrix.unknownCaseIDs.map { MarkdownText.codeSpan($0) }.joined(separator: ", ") + "."
            )
            lines.append("")
        }
        return document(lines)
    }

    private func conformanceTable(_ matrix: ConformanceMatrix, root: String) -> [String] {
        var lines = ["## Conformance", "", "| Engine | Conformance | Runs | Run |", "| --- | --- | --- | --- |"]
        for column in matrix.columns {
            let header = column.summary.header
            let alt = ConformanceBadge.label(engine: header.engine.name) + ": " + column.conformance.percentText
            lines.append(
                "| \(MarkdownText.escape(column.label)) | ![\(MarkdownText.escape(alt))](\(root)../badges/\(column.slug).svg) "
                    + "| \(MarkdownText.escape(column.conformance.detailText)) "
                    + "| \(MarkdownText.escape(header.startedAt)) on \(MarkdownText.escape(header.hostname))"
                    + (column.summary.interrupted ? " (interrupted)" : "") + " |"
            )
        }
        lines.append("")
        return lines
    }

    private func ruleSection(_ rule: Rule) -> [String] {
        var lines = [
            "<a id=\"rule-\(rule.id)\"></a>", "",
            "### \(MarkdownText.codeSpan(rule.id)) \(MarkdownText.inline(rule.title))", "",
            "*\(rule.kind == .documented ? "Documented" : "Clarification") · holds for "
                + "\(MarkdownText.escape(SiteContent.profilesText(rule.profiles)))*",
            "",
        ]
        for quote in rule.quotes {
            lines.append("> \(MarkdownText.inline(quote.text))")
            lines.append(">")
            lines.append(
                "> — seed \(MarkdownText.codeSpan(quote.seed)) (\(MarkdownText.escape(SiteContent.languageName(quote.language))))"
            )
            lines.append("")
            if let translation = quote.translation {
                lines += ["**English translation:** \(MarkdownText.inline(translation))", ""]
            }
        }
        if let source = rule.source {
            lines += ["**Settled by the semantics notes, from:** \(MarkdownText.inline(source))", ""]
        }
        if let note = rule.note {
            lines += ["**In iamspec's terms:** \(MarkdownText.inline(note))", ""]
        }
        let cases = content.casesByRule[rule.id] ?? []
        lines.append(
            cases.isEmpty
                ? "No case checks this rule yet."
                : "**Checked by:** " + cases.map(caseLink).joined(separator: ", ")
        )
        lines.append("")
        return lines
    }

    private func caseSection(_ specCase: SpecCase) -> [String] {
        let narrative = CaseNarrative(specCase)
        var lines = [
            "<a id=\"case-\(specCase.id)\"></a>", "",
            "### \(MarkdownText.inline(specCase.title))", "",
            "- **Case:** \(MarkdownText.codeSpan(specCase.id))",
            "- **Rules:** " + specCase.rules.map(ruleLink).joined(separator: ", "),
            "- **Holds for:** \(MarkdownText.escape(SiteContent.profilesText(specCase.profiles)))",
        ]
        if !specCase.requires.isEmpty {
            lines.append(
                "- **Needs:** "
                    + MarkdownText.escape(specCase.requires.sorted().map(\.rawValue).joined(separator: ", "))
            )
        }
        if !specCase.tags.isEmpty {
            lines.append("- **Tags:** " + MarkdownText.escape(specCase.tags.joined(separator: ", ")))
        }
        lines.append("- **File:** \(MarkdownText.codeSpan(specCase.location.description))")
        if let matrix = content.matrix {
            let results = matrix.columns.indices.map { index in
                "\(MarkdownText.escape(matrix.columns[index].label)) \(symbol(matrix.outcome(caseID: specCase.id, column: index)))"
            }
            lines.append("- **Results:** " + results.joined(separator: ", "))
        }
        lines += ["", MarkdownText.inline(narrative.setting), ""]
        if !narrative.messages.isEmpty {
            lines += narrative.messages.map { "- \(MarkdownText.inline($0))" }
            lines.append("")
        }
        lines += ["| Time | What happens |", "| ---: | --- |"]
        for moment in narrative.moments {
            let text = "**\(moment.word)** \(MarkdownText.inline(moment.text, inTable: true))"
            lines.append("| \(MarkdownText.escape(moment.time)) | \(moment.isCheck ? "➜ " : "")\(text) |")
        }
        lines.append("")
        return lines
    }

    private func caseLink(_ caseID: String) -> String {
        "[\(MarkdownText.codeSpan(caseID))](\(content.areaOfCase[caseID] ?? "").md#case-\(caseID))"
    }

    private func ruleLink(_ ruleID: String) -> String {
        "[\(MarkdownText.codeSpan(ruleID))](\(ruleID.prefix { $0 != "." }).md#rule-\(ruleID))"
    }

    /// An outcome as a symbol and its word, for tables.
    private func symbol(_ outcome: ConformanceMatrix.Outcome) -> String {
        switch outcome {
        case .pass: "✅ pass"
        case .fail: "❌ fail"
        case .skip: "⏭️ skip"
        case .notRun: "— not run"
        }
    }

    private func document(_ lines: [String]) -> String {
        (lines + ["---", "", "*\(MarkdownText.escape(provenance))*", ""]).joined(separator: "\n")
    }
}
