import IAMSpec
import IAMSpecRunner

/// The site as GitHub-flavoured Markdown, in `markdown/` beside the HTML: `README.md` (the
/// index, which GitHub shows for the folder), `areas/<area>.md`, `seeds/<seed>.md` with the seeds'
/// texts, and with results `matrix.md` and `engines/<engine>.md`.
/// Anchors are explicit `<a id>` elements, since GitHub's own heading anchors drop the dots
/// of rule ids.
struct MarkdownSite: SiteForm {
    let content: SiteContent
    let provenance: String

    static let indexFile = "README.md"
    static let fileEnding = ".md"

    func index() -> String {
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
            lines += conformanceTable(matrix, columns: Array(matrix.columns.indices), root: "")
            lines += ["[Every rule under every engine](matrix.md)", ""]
        }
        if let field = content.field {
            lines += [
                "[The field](field.md): how \(field.engines.count) public engines fare on each rule, and by what "
                    + "mechanism of their vendor's code they differ.",
                "",
            ]
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
                    "- [\(QuotedText.markdownCode(rule.id))](areas/\(area.pageName).md#rule-\(rule.id)) \(Phrase(markup: rule.title).markdown())"
                )
            }
        }
        lines.append("")
        lines += seedsSection()
        return document(lines)
    }

    /// The seed documents the rules quote, each by its title, language and SDK generation.
    private func seedsSection() -> [String] {
        guard !content.seeds.seeds.isEmpty else { return [] }
        var lines = [
            "## Seed documents", "", "The documents the rules quote.", "",
            "| Title | Language | SDK generation | Rules quoting it | File |", "| --- | --- | --- | ---: | --- |",
        ]
        for seed in content.seeds.seeds {
            let title = "*\(QuotedText.markdown(seed.title))*"
            let page = content.seedPages.first { $0.file == seed.file }
            lines.append(
                "| \(page.map { "[\(title)](seeds/\($0.pageName).md)" } ?? title) "
                    + "| \(QuotedText.markdown(SiteContent.languageName(seed.language))) "
                    + "| \(QuotedText.markdown(SiteContent.profileName(seed.profile))) "
                    + "| \(content.rulesQuotingSeed[seed.file]?.count ?? 0) "
                    + "| \(QuotedText.markdownCode(seed.file, inTable: true)) |"
            )
        }
        lines.append("")
        return lines
    }

    func areaPage(_ area: SiteContent.Area) -> String {
        var lines = [
            "[All rules](../README.md)", "",
            "# \(QuotedText.markdown(area.name))", "",
            "\(SiteContent.count(area.rules.count, "rule")), \(SiteContent.count(area.cases.count, "case")).", "",
        ]
        if !area.rules.isEmpty {
            lines += ["## Rules", ""]
            for rule in area.rules {
                lines.append(
                    "- [\(QuotedText.markdownCode(rule.id))](#rule-\(rule.id)) \(Phrase(markup: rule.title).markdown())"
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

    /// The summary: the conformance table, then by rule area a table per group of at most
    /// ``ConformanceMatrix/enginesPerTable`` engines, a row per rule, each cell the outcome linked
    /// to the rule's row on the engine's page.
    func matrixPage() -> String {
        guard let matrix = content.matrix else { return "" }
        var lines = ["[All rules](README.md)", "", "# Conformance matrix", ""]
        lines += conformanceTable(matrix, columns: Array(matrix.columns.indices), root: "")
        lines += [
            "Each rule of each area, with the outcome of the cases that check it under each engine (a failure "
                + "counts against the rule it is filed under, as the report files it: the rule of the behaviour "
                + "that explains the run, or else the rules its failing step checks; a case that failed only "
                + "under other rules is blocked). Each engine's page has its differences and every run that did not pass, with its "
                + "reason; a cell links to its rule there.",
            "",
        ]
        let groups = matrix.columnGroups
        for area in content.areas where !area.rules.isEmpty {
            lines += ["## [\(QuotedText.markdown(area.name))](areas/\(area.pageName).md)", ""]
            for group in groups {
                if groups.count > 1 {
                    lines += ["Engines \(group.lowerBound + 1) to \(group.upperBound) of \(matrix.columns.count):", ""]
                }
                lines.append(
                    "| Rule | "
                        + group.map { engineLink(matrix.columns[$0], root: "") }.joined(separator: " | ") + " |"
                )
                lines.append("| --- |" + String(repeating: " --- |", count: group.count))
                for rule in area.rules {
                    let caseIDs = content.casesByRule[rule.id] ?? []
                    var row =
                        "| [\(QuotedText.markdownCode(rule.id, inTable: true))](areas/\(area.pageName).md#rule-\(rule.id)) |"
                    for index in group {
                        let outcome = matrix.ruleOutcome(rule.id, caseIDs: caseIDs, column: index)
                        row +=
                            " [\(symbol(outcome.outcome))](engines/\(matrix.columns[index].fileName).md#rule-\(rule.id)) "
                        row += "\(QuotedText.markdown(outcome.shortCountText)) |"
                    }
                    lines.append(row)
                }
                lines.append("")
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

    /// One engine's page: its conformance, its differences, then by rule area each rule with its
    /// outcome and every run that did not pass, with its reason.
    func enginePage(_ index: Int, matrix: ConformanceMatrix) -> String {
        let column = matrix.columns[index]
        var lines = ["[Every engine](../matrix.md)", "", "# \(QuotedText.markdown(column.label))", ""]
        lines += conformanceTable(matrix, columns: [index], root: "../")
        lines += behavioursSection(column, root: "../")
        lines += differencesSection(column, root: "../")
        lines += [
            "## By rule", "",
            "The outcome of the cases that check each rule (*blocked*: a case failed only under other rules), "
                + "and every run that did not pass.",
            "",
        ]
        for area in content.areas where !area.rules.isEmpty {
            lines += ["### [\(QuotedText.markdown(area.name))](../areas/\(area.pageName).md)", ""]
            for rule in area.rules {
                let caseIDs = content.casesByRule[rule.id] ?? []
                let outcome = matrix.ruleOutcome(rule.id, caseIDs: caseIDs, column: index)
                lines.append(
                    "- <a id=\"rule-\(rule.id)\"></a>\(ruleLink(rule.id, root: "../")): "
                        + "**\(symbol(outcome.outcome))**, \(QuotedText.markdown(outcome.countText))"
                        + (caseIDs.isEmpty
                            ? "" : " (checked by \(caseIDs.map { caseLink($0, root: "../") }.joined(separator: ", ")))")
                )
                for finding in outcome.findings {
                    let runs = finding.cases.map {
                        "\(caseLink($0.caseID, root: "../")) [\($0.profiles.joined(separator: ", "))]"
                    }
                    lines.append(
                        "  - **\(finding.outcome.rawValue)** \(runs.joined(separator: ", "))"
                            + (finding.message.isEmpty ? "" : ": \(QuotedText.markdown(finding.message))")
                    )
                }
            }
            lines.append("")
        }
        return document(lines)
    }

    /// A seed document's page: its title, language and SDK generation, the rules that quote it,
    /// then its text line by line (escaped: nothing in it is read as markup), each quoted passage
    /// in bold with the anchor its quote links to.
    func seedPage(_ seed: SeedPage) -> String {
        let described = content.seeds.seed(seed.file)
        var meta = "Seed document \(QuotedText.markdownCode(seed.file))"
        if let described {
            meta += " · \(QuotedText.markdown(SiteContent.languageName(described.language)))"
            meta += " · \(QuotedText.markdown(SiteContent.profileName(described.profile)))"
        }
        meta += " · \(SiteContent.count(seed.markedCount, "passage")) quoted by the rules, in bold below"
        var lines = [
            "[All rules](../README.md)", "", "# \(QuotedText.markdown(described?.title ?? seed.file))", "", meta, "",
        ]
        let quoting = content.rulesQuotingSeed[seed.file] ?? []
        if !quoting.isEmpty {
            lines += ["**Quoted by:** " + quoting.map { ruleLink($0, root: "../") }.joined(separator: ", "), ""]
        }
        var paragraph: [String] = []
        for line in seed.lines + [[]] {
            guard !line.isEmpty else {
                if !paragraph.isEmpty { lines += [paragraph.joined(separator: "<br>\n"), ""] }
                paragraph = []
                continue
            }
            var written = ""
            for (position, segment) in line.enumerated() {
                let words = QuotedText.markdown(
                    position == 0 ? String(segment.text.drop { $0.isWhitespace }) : segment.text
                )
                written += segment.anchors.map { "<a id=\"\($0)\"></a>" }.joined()
                written += segment.isQuoted && !words.allSatisfy(\.isWhitespace) ? "**\(words)**" : words
            }
            paragraph.append(written)
        }
        return document(lines)
    }

    /// What the engine does differently: each behaviour of the catalogue that reproduces some of
    /// its failed runs, with those runs; nothing when none was found. `root` leads from the page to
    /// `markdown/`.
    private func behavioursSection(_ column: ConformanceMatrix.Column, root: String) -> [String] {
        let behaviours = column.summary.behaviours
        guard !behaviours.isEmpty else { return [] }
        var lines = [
            "## What the engine does differently", "",
            "Each behaviour, replayed on the reference engine, gives exactly the engine's observations of the runs "
                + "listed (each failed run is listed once) and passes the runs the engine passed; \"one of\" where "
                + "nothing run tells behaviours apart. The re-run line runs the first of them.",
            "",
        ]
        lines += engineNote(column)
        lines += [
            "| Behaviour | Departs from | Cases | Runs | Proof | Re-run one |",
            "| --- | --- | --- | ---: | --- | --- |",
        ]
        for explained in behaviours {
            let names = ([explained.behaviour] + explained.alternatives.map(\.behaviour)).map {
                QuotedText.markdownCode($0, inTable: true)
            }
            let rules = ([explained.rule] + explained.alternatives.map(\.rule)).flatMap {
                $0.components(separatedBy: ", ")
            }
            var seen = Set<String>()
            let proof = (["checked against \(explained.passes) passes"] + explained.proofLines).map {
                QuotedText.markdown($0)
            }
            let rerun = column.summary.example(of: explained).map { column.rerunLine($0) } ?? ""
            lines.append(
                "| \(QuotedText.markdown(explained.isOpen ? "one of" : explained.summary)) \(names.joined(separator: ", ")) "
                    + "| \(rules.filter { seen.insert($0).inserted }.map { ruleLink($0, root: root, inTable: true) }.joined(separator: ", ")) "
                    + "| \(explained.cases.map { caseLink($0, root: root, inTable: true) }.joined(separator: ", ")) "
                    + "| \(explained.runs.count) | \(proof.joined(separator: "<br>")) "
                    + "| \(QuotedText.markdownCode(rerun, inTable: true)) |"
            )
        }
        lines.append("")
        return lines
    }

    /// Above a table whose re-run lines name `$ENGINE`: the command the results stream records,
    /// as data, or the line that sets it to the engine command, in full, in a code block; nothing
    /// when the command is written in each line.
    private func engineNote(_ column: ConformanceMatrix.Column) -> [String] {
        if let recorded = column.recordedEngineCommand {
            return [
                "The re-run lines name the engine command `$ENGINE`: set it to the engine you test. The results "
                    + "stream records this one, shown as data, not as a line to run: "
                    + QuotedText.markdownCode(recorded, inTable: false),
                "",
            ]
        }
        guard let assignment = column.engineAssignment else { return [] }
        return ["The re-run lines name the engine command `$ENGINE`; set it first:", ""]
            + QuotedText.markdownCodeBlock([assignment], language: "sh") + [""]
    }

    /// The engine's failed runs that no behaviour explains, grouped as the console, JUnit and the
    /// Markdown summary group them: the rule of the failing check and the mismatch's shape.
    /// `root` leads from the page to `markdown/`.
    private func differencesSection(_ column: ConformanceMatrix.Column, root: String) -> [String] {
        var lines = [
            "## Differences", "",
            "The engine's failed runs, grouped by the behaviour that differs: the rule the failing step checks, "
                + "and the shape of the mismatch. One difference is one row, however many cases show it; the "
                + "re-run line runs one of them.",
            "",
        ]
        let groups = column.summary.differences
        guard !groups.isEmpty else { return lines + ["None: no run failed.", ""] }
        lines += engineNote(column)
        lines += ["| Rule | Mismatch | Cases | Runs | Re-run one |", "| --- | --- | --- | ---: | --- |"]
        for group in groups {
            let rerun = column.rerunLine(group.example)
            lines.append(
                "| \(ruleLink(group.rule, root: root, inTable: true)) | \(QuotedText.markdown(group.mismatchAndBlocked)) "
                    + "| \(group.cases.map { caseLink($0, root: root, inTable: true) }.joined(separator: ", ")) "
                    + "| \(group.runs) | \(QuotedText.markdownCode(rerun, inTable: true)) |"
            )
        }
        lines.append("")
        return lines
    }

    /// The conformance of the engines at `columns`, each linked to its page; `root` leads from the
    /// page to `markdown/`.
    private func conformanceTable(_ matrix: ConformanceMatrix, columns: [Int], root: String) -> [String] {
        var lines = [
            "## Conformance", "",
            "Passed runs out of the runs the engine supports (skipped runs aside); errors (the engine could not "
                + "finish a run) and skipped runs are counted apart. The badge is green when every run passed, "
                + "yellow when none failed but some were skipped, red when any failed or errored, grey when none ran; "
                + "green, saying \"green by its baseline\", when the run passed only as its baseline judged it "
                + "(every failure expected), beside the raw figures.",
            "",
            "| Engine | Conformance | Passed | Failed | Errors | Skipped | Run |",
            "| --- | --- | --- | ---: | ---: | --- | --- |",
        ]
        for index in columns {
            let column = matrix.columns[index]
            let header = column.summary.header
            let figures = column.conformance
            let alt = ConformanceBadge.label(engine: header.engine.name) + ": " + figures.badgeText
            lines.append(
                "| \(engineLink(column, root: root)) | ![\(QuotedText.markdown(alt))](\(root)../badges/\(column.fileName).svg) "
                    + "| \(figures.passed) of \(figures.supported) supported | \(figures.failed) | \(figures.errored) "
                    + "| \(figures.skipped) of \(figures.total) runs "
                    + "| \(QuotedText.markdown(header.startedAt))"
                    + (column.summary.interrupted ? " (interrupted)" : "") + " |"
            )
        }
        lines.append("")
        return lines
    }

    /// The engine's label, linked to its page; `root` leads from the page to `markdown/`.
    private func engineLink(_ column: ConformanceMatrix.Column, root: String) -> String {
        "[\(QuotedText.markdown(column.label))](\(root)engines/\(column.fileName).md)"
    }

    private func ruleSection(_ rule: Rule) -> [String] {
        var lines = [
            "<a id=\"rule-\(rule.id)\"></a>", "",
            "### \(QuotedText.markdownCode(rule.id)) \(Phrase(markup: rule.title).markdown())", "",
            "*\(rule.kind == .documented ? "Documented" : "Clarification") · holds for "
                + "\(QuotedText.markdown(SiteContent.profilesText(rule.profiles)))*",
            "",
        ]
        for quote in rule.quotes {
            lines.append("> \(Phrase(markup: quote.text).markdown())")
            lines.append(">")
            lines.append("> — \(citation(content.citation(of: quote)))")
            lines.append("")
            if let translation = quote.translation {
                lines += ["**English translation:** \(Phrase(markup: translation).markdown())", ""]
            }
        }
        if let source = rule.source {
            lines += ["**Settled by the semantics notes, from:** \(Phrase(markup: source).markdown())", ""]
        }
        if let note = rule.note {
            lines += ["**In iamspec's terms:** \(Phrase(markup: note).markdown())", ""]
        }
        if let platforms = rule.platforms {
            let note = platforms.note.map { " " + Phrase(markup: $0).markdown() } ?? ""
            let verdict = QuotedText.markdown(SiteContent.webVerdictText(platforms.web))
            lines += ["**Braze Web SDK:** \(verdict)\(note)", ""]
        }
        let cases = content.casesByRule[rule.id] ?? []
        lines.append(
            cases.isEmpty
                ? "No case checks this rule yet."
                : "**Checked by:** " + cases.map { caseLink($0) }.joined(separator: ", ")
        )
        lines.append("")
        if let field = content.field {
            lines += fieldSection(rule, field: field)
        }
        return lines
    }

    /// A rule's "In the field": which public engines follow it, which differ and by what names
    /// (each with the vendor code the catalogue cites), and which are not bound by it.
    private func fieldSection(_ rule: Rule, field: FieldView) -> [String] {
        let caseIDs = content.casesByRule[rule.id] ?? []
        var byVerdict: [FieldView.Verdict: [Int]] = [:]
        for index in field.engines.indices {
            byVerdict[field.verdict(rule.id, caseIDs: caseIDs, engine: index), default: []].append(index)
        }
        func engine(_ index: Int) -> String {
            let engine = field.engines[index]
            return QuotedText.markdownCode(engine.provenance.adapter)
                + (engine.isStale ? " (\(FieldView.staleText))" : "")
        }
        var parts: [String] = []
        for verdict in FieldView.Verdict.allCases {
            guard let indices = byVerdict[verdict] else { continue }
            parts.append("\(verdict.rawValue): " + indices.map(engine).joined(separator: ", "))
        }
        var lines = [
            "<a id=\"field-\(rule.id)\"></a>", "", "**In the field:** " + parts.joined(separator: "; ") + ".", "",
        ]
        for index in byVerdict[.differs] ?? [] {
            var items = field.names(rule.id, engine: index).map { name in
                (name.behaviours.count > 1 ? "by one of " : "by ")
                    + name.behaviours.map { QuotedText.markdownCode($0) }.joined(separator: ", ")
                    + ": \(QuotedText.markdown(name.summary)) (\(SiteContent.count(name.runs, "run")))"
                    + name.citationsClause(quoted: { QuotedText.markdown($0) }, code: { QuotedText.markdownCode($0) })
            }
            items += field.unexplained(rule.id, engine: index).map { group in
                let shown = group.cases.prefix(FieldView.casesShown).map { caseLink($0) }
                let more = group.cases.count - shown.count
                return "by no name of the catalogue: \(QuotedText.markdown(group.mismatchAndBlocked)) "
                    + "(\(SiteContent.count(group.runs, "run")): \(shown.joined(separator: ", "))"
                    + (more > 0 ? " and \(more) more" : "") + ")"
            }
            lines.append(
                "- \(engine(index)) "
                    + (items.isEmpty
                        ? "differs in a run the report groups under another of its rules"
                        : items.joined(separator: ". ")) + "."
            )
        }
        if byVerdict[.differs] != nil { lines.append("") }
        return lines
    }

    /// The field: each public engine with where its results came from, then by rule area a row
    /// per rule and a column per engine, each cell the engine's verdict, linked to the rule's
    /// "In the field".
    func fieldPage(_ field: FieldView) -> String {
        var lines = [
            "[All rules](README.md)", "", "# The field", "",
            "How \(field.engines.count) public engines, each their vendor's published in-app message code run "
                + "unchanged behind an adapter, fare on each rule. Each engine's results are a results stream of "
                + "`iamspec run`, explained, committed with where it came from, and refreshed by "
                + "`scripts/refresh-field-results` where the vendors' repositories can be fetched. An engine whose "
                + "results ran other Specs than these is marked *\(FieldView.staleText)*.",
            "",
            "| Engine | Vendor's code | Results | Run by | Specs |", "| --- | --- | --- | --- | --- |",
        ]
        for (index, engine) in field.engines.enumerated() {
            let provenance = engine.provenance
            lines.append(
                "| \(QuotedText.markdownCode(provenance.adapter, inTable: true)) "
                    + "| \(QuotedText.markdown(provenance.vendor)): \(QuotedText.markdownCode(provenance.repository, inTable: true)) "
                    + "at \(QuotedText.markdownCode(FieldView.shortCommit(provenance.vendorCommit), inTable: true)) "
                    + "| \(QuotedText.markdown(field.figures(engine: index))) "
                    + "| iamspec \(QuotedText.markdownCode(FieldView.shortCommit(provenance.iamspecCommit), inTable: true)), "
                    + "\(QuotedText.markdown(engine.summary.header.startedAt)) "
                    + "| "
                    + (engine.isStale
                        ? "**\(FieldView.staleText)**: \(QuotedText.markdownCode(provenance.specsDigest, inTable: true)), "
                            + "these are \(QuotedText.markdownCode(field.specsDigest, inTable: true))"
                        : "these Specs")
                    + " |"
            )
        }
        lines.append("")
        for area in content.areas where !area.rules.isEmpty {
            lines += ["## [\(QuotedText.markdown(area.name))](areas/\(area.pageName).md)", ""]
            lines.append(
                "| Rule | "
                    + field.engines.map {
                        QuotedText.markdownCode($0.provenance.adapter, inTable: true)
                            + ($0.isStale ? " (\(FieldView.staleText))" : "")
                    }.joined(separator: " | ") + " |"
            )
            lines.append("| --- |" + String(repeating: " --- |", count: field.engines.count))
            for rule in area.rules {
                let caseIDs = content.casesByRule[rule.id] ?? []
                var row =
                    "| [\(QuotedText.markdownCode(rule.id, inTable: true))](areas/\(area.pageName).md#field-\(rule.id)) |"
                for index in field.engines.indices {
                    row += " \(field.verdict(rule.id, caseIDs: caseIDs, engine: index).rawValue) |"
                }
                lines.append(row)
            }
            lines.append("")
        }
        return document(lines)
    }

    private func caseSection(_ specCase: SpecCase) -> [String] {
        let narrative = CaseNarrative(specCase)
        var lines = [
            "<a id=\"case-\(specCase.id)\"></a>", "",
            "### \(QuotedText.markdown(specCase.title))", "",
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
        lines += ["", narrative.setting.markdown(), ""]
        if !narrative.messages.isEmpty {
            lines += narrative.messages.map { "- \($0.markdown())" }
            lines.append("")
        }
        lines += ["| Time | What happens |", "| ---: | --- |"]
        for moment in narrative.moments {
            let text = "**\(moment.word)** \(moment.text.markdown(inTable: true))"
            lines.append("| \(QuotedText.markdown(moment.time)) | \(moment.isCheck ? "➜ " : "")\(text) |")
        }
        lines.append("")
        return lines
    }

    /// A quote's source, from an area page: `From *title* (Portuguese, Braze Swift SDK; file)`,
    /// the title linked to the quoted passage on the seed's page when the site has one; the file
    /// name and language alone for a seed the catalogue does not describe.
    private func citation(_ citation: SiteContent.Citation) -> String {
        let file = QuotedText.markdownCode(citation.file)
        let link = citation.page.map { "../seeds/\($0).md" + (citation.anchor.map { "#\($0)" } ?? "") }
        guard let seed = citation.seed else {
            return "seed " + (link.map { "[\(file)](\($0))" } ?? file)
                + " (\(QuotedText.markdown(citation.language)))"
        }
        let title = "*\(QuotedText.markdown(seed.title))*"
        return "from " + (link.map { "[\(title)](\($0))" } ?? title)
            + " (\(QuotedText.markdown(citation.language)), \(QuotedText.markdown(SiteContent.profileName(seed.profile)))"
            + "; \(file))"
    }

    /// A link to a case's section: from an area page, or from the page `root` leads to `markdown/`
    /// from; the bare id for a case the suite does not have (its text could not be trusted in a link).
    private func caseLink(_ caseID: String, root: String? = nil, inTable: Bool = false) -> String {
        guard let page = content.pageOfCase[caseID] else { return QuotedText.markdownCode(caseID, inTable: inTable) }
        return "[\(QuotedText.markdownCode(caseID))](\(root.map { $0 + "areas/" } ?? "")\(page).md#case-\(caseID))"
    }

    /// A link to a rule's section: from an area page, or from the page `root` leads to `markdown/`
    /// from; the bare id for a rule the catalogue does not have.
    private func ruleLink(_ ruleID: String, root: String? = nil, inTable: Bool = false) -> String {
        let code = QuotedText.markdownCode(ruleID, inTable: inTable)
        guard let page = content.pageOfRule[ruleID] else { return code }
        return "[\(code)](\(root.map { $0 + "areas/" } ?? "")\(page).md#rule-\(ruleID))"
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
