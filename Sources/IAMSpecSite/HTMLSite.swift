import IAMSpec
import IAMSpecRunner

/// The site as HTML pages: plain HTML5 with one stylesheet, no scripts, no fonts or anything
/// else fetched from elsewhere (a Content-Security-Policy meta forbids it), readable on a
/// phone (viewport meta, responsive CSS) and in print. Every text is escaped.
struct HTMLSite {
    let content: SiteContent
    /// The suite's paths and the iamspec version, for the footer.
    let provenance: String

    /// Path (relative to the site's root) and text of every page.
    func pages() -> [(path: String, text: String)] {
        var pages = [("index.html", index())]
        for area in content.areas {
            pages.append(("areas/\(area.pageName).html", areaPage(area)))
        }
        if content.matrix != nil {
            pages.append(("matrix.html", matrixPage()))
        }
        return pages
    }

    // MARK: Pages

    private func index() -> String {
        var body = "<h1>In-app message delivery rules</h1>\n"
        body += "<p class=\"lead\">When an in-app message is shown, put on the stack, or discarded: "
        body += "each rule with the words of the documents that state it, and the conformance cases that check it, "
        body += "told as timelines.</p>\n"
        body +=
            "<p>\(SiteContent.count(content.ruleCount, "rule")) in \(SiteContent.count(content.areas.count, "area")), "
        body += "checked by \(SiteContent.count(content.caseCount, "case")).</p>\n"
        if let matrix = content.matrix {
            body += conformanceTable(matrix)
            body += "<p><a href=\"matrix.html\">Every case under every engine</a></p>\n"
        }
        body += "<h2>Rule areas</h2>\n<table class=\"areas\">\n"
        body +=
            "<thead><tr><th scope=\"col\">Area</th><th scope=\"col\">Rules</th><th scope=\"col\">Cases</th></tr></thead>\n<tbody>\n"
        for area in content.areas {
            body += "<tr><td><a href=\"areas/\(attribute(area.pageName)).html\">\(text(area.name))</a></td>"
            body += "<td>\(area.rules.count)</td><td>\(area.cases.count)</td></tr>\n"
        }
        body += "</tbody></table>\n<h2>Every rule</h2>\n<ul class=\"rule-index\">\n"
        for area in content.areas {
            for rule in area.rules {
                body += "<li><a href=\"areas/\(attribute(area.pageName)).html#rule-\(attribute(rule.id))\">"
                body += "<code>\(text(rule.id))</code></a> \(InlineText.html(rule.title))</li>\n"
            }
        }
        body += "</ul>\n"
        return page(title: "In-app message delivery rules", depth: 0, current: "index", body: body)
    }

    private func areaPage(_ area: SiteContent.Area) -> String {
        var body = "<h1>\(text(area.name))</h1>\n"
        body +=
            "<p>\(SiteContent.count(area.rules.count, "rule")), \(SiteContent.count(area.cases.count, "case")).</p>\n"
        if !area.rules.isEmpty {
            body += "<nav class=\"toc\" aria-label=\"Rules\"><h2>Rules</h2><ul>\n"
            for rule in area.rules {
                body +=
                    "<li><a href=\"#rule-\(attribute(rule.id))\"><code>\(text(rule.id))</code></a> \(InlineText.html(rule.title))</li>\n"
            }
            body += "</ul></nav>\n"
            body += area.rules.map(ruleArticle).joined()
        }
        if !area.cases.isEmpty {
            body += "<h2 id=\"cases\">Cases</h2>\n"
            body += area.cases.map(caseArticle).joined()
        }
        return page(title: area.name, depth: 1, current: area.name, body: body)
    }

    private func matrixPage() -> String {
        guard let matrix = content.matrix else { return "" }
        var body = "<h1>Conformance matrix</h1>\n"
        body += conformanceTable(matrix)
        body += differencesSection(matrix)
        body += "<p>Each rule of each area, with the outcome of the cases that check it under each engine: "
        body += "<em>fail</em> when a case failed, <em>error</em> when the engine could not finish a case, "
        body += "<em>blocked</em> when a case failed only under other rules (a failure counts against the rules "
        body += "its failing step checks), <em>skip</em> when the engine does not support any of them; every run "
        body += "that did not pass is listed with its reason.</p>\n"
        for area in content.areas where !area.rules.isEmpty {
            body += "<section class=\"area\" id=\"area-\(attribute(area.name))\">\n"
            body += "<h2><a href=\"areas/\(attribute(area.pageName)).html\">\(text(area.name))</a></h2>\n"
            body += "<table class=\"matrix stack\">\n<thead><tr><th scope=\"col\">Rule</th>"
            for column in matrix.columns {
                body += "<th scope=\"col\">\(text(column.label))</th>"
            }
            body += "</tr></thead>\n<tbody>\n"
            for rule in area.rules {
                body += matrixRow(rule, areaPage: area.pageName, matrix: matrix)
            }
            body += "</tbody></table>\n</section>\n"
        }
        if !matrix.unknownCaseIDs.isEmpty {
            body += "<p>The results also name cases this suite does not have: "
            body += matrix.unknownCaseIDs.map { "<code>\(text($0))</code>" }.joined(separator: ", ") + ".</p>\n"
        }
        return page(title: "Conformance matrix", depth: 0, current: "matrix", body: body)
    }

    // MARK: Parts

    /// A rule's row: the rule with the cases that check it, then a cell per engine with the
    /// outcome, the case counts and every run that did not pass, written out.
    private func matrixRow(_ rule: Rule, areaPage: String, matrix: ConformanceMatrix) -> String {
        let caseIDs = content.casesByRule[rule.id] ?? []
        var row = "<tr><th scope=\"row\"><a href=\"areas/\(attribute(areaPage)).html#rule-\(attribute(rule.id))\">"
        row += "<code>\(text(rule.id))</code></a> <span class=\"rule-title\">\(InlineText.html(rule.title))</span>"
        if !caseIDs.isEmpty {
            row += "<span class=\"cases\">Checked by: "
            row += caseIDs.map { caseLink($0, fromRoot: true) }.joined(separator: ", ") + "</span>"
        }
        row += "</th>"
        for (index, column) in matrix.columns.enumerated() {
            let outcome = matrix.ruleOutcome(rule.id, caseIDs: caseIDs, column: index)
            row += "<td class=\"\(outcomeClass(outcome.outcome))\" data-label=\"\(attribute(column.label))\">"
            row +=
                "<strong>\(text(outcome.outcome.rawValue))</strong> <span class=\"counts\">\(text(outcome.countText))</span>"
            if !outcome.findings.isEmpty {
                row += "<ul class=\"findings\">"
                for finding in outcome.findings {
                    let runs = finding.cases.map {
                        "\(caseLink($0.caseID, fromRoot: true)) [\(text($0.profiles.joined(separator: ", ")))]"
                    }
                    row +=
                        "<li><strong>\(text(finding.outcome.rawValue))</strong> \(runs.joined(separator: ", "))"
                    row += finding.message.isEmpty ? "" : ": <span class=\"reason\">\(text(finding.message))</span>"
                    row += "</li>"
                }
                row += "</ul>"
            }
            row += "</td>"
        }
        return row + "</tr>\n"
    }

    /// Each engine's failed runs grouped by the behaviour that differs, as the console, JUnit and
    /// the Markdown summary group them: the rule of the failing step and the mismatch's shape.
    private func differencesSection(_ matrix: ConformanceMatrix) -> String {
        var body = "<h2 id=\"differences\">Differences</h2>\n<p>Each engine's failed runs, grouped by the "
        body += "behaviour that differs: the rule the failing step checks, and the shape of the mismatch. One "
        body += "difference is one row, however many cases show it; the re-run line runs one of them.</p>\n"
        for column in matrix.columns {
            let groups = column.summary.differences
            body += "<h3>\(text(column.label))</h3>\n"
            guard !groups.isEmpty else {
                body += "<p>None: no run failed.</p>\n"
                continue
            }
            body += "<table class=\"differences stack\">\n<thead><tr><th scope=\"col\">Rule</th>"
            body += "<th scope=\"col\">Mismatch</th><th scope=\"col\">Cases</th><th scope=\"col\">Runs</th>"
            body += "<th scope=\"col\">Re-run one</th></tr></thead>\n<tbody>\n"
            for group in groups {
                body += "<tr><th scope=\"row\">\(ruleLink(group.rule, fromRoot: true))</th>"
                body += "<td data-label=\"Mismatch\">\(text(group.mismatch))</td>"
                body += "<td data-label=\"Cases\">"
                body += group.cases.map { caseLink($0, fromRoot: true) }.joined(separator: ", ") + "</td>"
                body += "<td data-label=\"Runs\">\(group.runs)</td>"
                let rerun = RerunCommand.text(for: group.example, header: column.summary.header)
                body += "<td data-label=\"Re-run one\"><code>\(text(rerun))</code></td></tr>\n"
            }
            body += "</tbody></table>\n"
        }
        return body
    }

    private func conformanceTable(_ matrix: ConformanceMatrix) -> String {
        var body = "<h2>Conformance</h2>\n<p>Passed runs out of the runs the engine supports (skipped runs aside); "
        body += "errors (the engine could not finish a run) and skipped runs are counted apart.</p>\n"
        body += "<table class=\"conformance stack pairs\">\n<thead><tr><th scope=\"col\">Engine</th>"
        body += "<th scope=\"col\">Conformance</th><th scope=\"col\">Passed</th><th scope=\"col\">Failed</th>"
        body += "<th scope=\"col\">Errors</th><th scope=\"col\">Skipped</th></tr></thead>\n<tbody>\n"
        for column in matrix.columns {
            let header = column.summary.header
            let figures = column.conformance
            let badge = ConformanceBadge.label(engine: header.engine.name) + ": " + figures.badgeText
            body += "<tr><th scope=\"row\">\(text(column.label))<span class=\"run\">run \(text(header.startedAt)) "
            body += "on \(text(header.hostname))\(column.summary.interrupted ? " (interrupted)" : "")</span></th>"
            body += "<td class=\"badge\" data-label=\"Conformance\">"
            body += "<img src=\"badges/\(attribute(column.fileName)).svg\" alt=\"\(attribute(badge))\"></td>"
            body += "<td data-label=\"Passed\">\(figures.passed) of \(figures.supported) supported</td>"
            body += "<td data-label=\"Failed\">\(figures.failed)</td>"
            body += "<td data-label=\"Errors\">\(figures.errored)</td>"
            body += "<td data-label=\"Skipped\">\(figures.skipped) of \(figures.total) runs</td></tr>\n"
        }
        return body + "</tbody></table>\n"
    }

    private func ruleArticle(_ rule: Rule) -> String {
        var html = "<article class=\"rule\" id=\"rule-\(attribute(rule.id))\">\n"
        html += "<h3><code>\(text(rule.id))</code> \(InlineText.html(rule.title))</h3>\n"
        let kind = rule.kind == .documented ? "Documented" : "Clarification"
        html += "<p class=\"meta\">\(kind) · holds for \(text(SiteContent.profilesText(rule.profiles)))</p>\n"
        for quote in rule.quotes {
            let language = SiteContent.languageName(quote.language)
            html +=
                "<figure class=\"quote\"><blockquote lang=\"\(attribute(quote.language))\"><p>\(InlineText.html(quote.text))</p></blockquote>\n"
            html += "<figcaption>Seed <code>\(text(quote.seed))</code> (\(text(language)))</figcaption>\n"
            if let translation = quote.translation {
                html +=
                    "<p class=\"translation\" lang=\"en\"><span class=\"label\">English translation:</span> \(InlineText.html(translation))</p>\n"
            }
            html += "</figure>\n"
        }
        if let source = rule.source {
            html +=
                "<p class=\"source\"><span class=\"label\">Settled by the semantics notes, from:</span> \(InlineText.html(source))</p>\n"
        }
        if let note = rule.note {
            html += "<p class=\"note\"><span class=\"label\">In iamspec's terms:</span> \(InlineText.html(note))</p>\n"
        }
        let cases = content.casesByRule[rule.id] ?? []
        if cases.isEmpty {
            html += "<p class=\"uncovered\">No case checks this rule yet.</p>\n"
        } else {
            html += "<p class=\"checked\"><span class=\"label\">Checked by:</span> "
            html += cases.map { caseLink($0) }.joined(separator: ", ") + "</p>\n"
        }
        return html + "</article>\n"
    }

    private func caseArticle(_ specCase: SpecCase) -> String {
        let narrative = CaseNarrative(specCase)
        var html = "<article class=\"case\" id=\"case-\(attribute(specCase.id))\">\n"
        html += "<h3>\(InlineText.html(specCase.title))</h3>\n<dl class=\"meta\">\n"
        html += "<div><dt>Case</dt><dd><code>\(text(specCase.id))</code></dd></div>\n"
        html +=
            "<div><dt>Rules</dt><dd>\(SiteContent.rulesChecked(by: specCase).map { ruleLink($0) }.joined(separator: ", "))</dd></div>\n"
        html += "<div><dt>Holds for</dt><dd>\(text(SiteContent.profilesText(specCase.profiles)))</dd></div>\n"
        if !specCase.requires.isEmpty {
            html +=
                "<div><dt>Needs</dt><dd>\(text(specCase.requires.sorted().map(\.rawValue).joined(separator: ", ")))</dd></div>\n"
        }
        if !specCase.tags.isEmpty {
            html += "<div><dt>Tags</dt><dd>\(text(specCase.tags.joined(separator: ", ")))</dd></div>\n"
        }
        html += "<div><dt>File</dt><dd><code>\(text(specCase.location.description))</code></dd></div>\n"
        html += "</dl>\n"
        if let matrix = content.matrix {
            html += "<ul class=\"results\">\n"
            for (index, column) in matrix.columns.enumerated() {
                let outcome = matrix.outcome(caseID: specCase.id, column: index)
                let runs = matrix.runs(caseID: specCase.id, column: index)
                html +=
                    "<li class=\"\(outcomeClass(outcome))\"><strong>\(text(column.label)): \(text(outcome.rawValue))</strong>"
                html +=
                    outcome == .pass && runs.allSatisfy { $0.status == .passed }
                    ? "" : " \(text(SiteContent.runsText(runs)))"
                html += "</li>\n"
            }
            html += "</ul>\n"
        }
        html += "<p class=\"given\">\(InlineText.html(narrative.setting))</p>\n"
        if !narrative.messages.isEmpty {
            html += "<ul class=\"messages\">\n"
            html += narrative.messages.map { "<li>\(InlineText.html($0))</li>\n" }.joined()
            html += "</ul>\n"
        }
        html += "<ol class=\"timeline\">\n"
        for moment in narrative.moments {
            html +=
                "<li class=\"\(moment.isCheck ? "then" : "when")\"><span class=\"time\">\(text(moment.time))</span> "
            html +=
                "<span class=\"step\"><strong>\(text(moment.word))</strong> \(InlineText.html(moment.text))</span></li>\n"
        }
        return html + "</ol>\n</article>\n"
    }

    /// A link to a case's section, from an area page or (`fromRoot`) from a page at the root; the
    /// bare id for a case the suite does not have.
    private func caseLink(_ caseID: String, fromRoot: Bool = false) -> String {
        guard let page = content.pageOfCase[caseID] else { return "<code>\(text(caseID))</code>" }
        let folder = fromRoot ? "areas/" : ""
        return "<a href=\"\(folder)\(attribute(page)).html#case-\(attribute(caseID))\"><code>\(text(caseID))</code></a>"
    }

    /// A link to a rule's section, from an area page or (`fromRoot`) from a page at the root; the
    /// bare id for a rule the catalogue does not have.
    private func ruleLink(_ ruleID: String, fromRoot: Bool = false) -> String {
        guard let page = content.pageOfRule[ruleID] else { return "<code>\(text(ruleID))</code>" }
        let folder = fromRoot ? "areas/" : ""
        return "<a href=\"\(folder)\(attribute(page)).html#rule-\(attribute(ruleID))\"><code>\(text(ruleID))</code></a>"
    }

    private func outcomeClass(_ outcome: ConformanceMatrix.Outcome) -> String {
        switch outcome {
        case .pass: "pass"
        case .fail: "fail"
        case .error: "error"
        case .skip: "skip"
        case .blocked: "blocked"
        case .notRun: "not-run"
        }
    }

    /// A whole page; `depth` is how many folders below the root it is.
    /// `current` is the page's own nav entry: `index`, an area's name or `matrix`.
    private func page(title: String, depth: Int, current: String, body: String) -> String {
        let root = String(repeating: "../", count: depth)
        var nav = "<a href=\"\(root)index.html\"\(current == "index" ? " aria-current=\"page\"" : "")>Rules</a>"
        for area in content.areas {
            let marker = current == area.name ? " aria-current=\"page\"" : ""
            nav += " <a href=\"\(root)areas/\(attribute(area.pageName)).html\"\(marker)>\(text(area.name))</a>"
        }
        if content.matrix != nil {
            nav += " <a href=\"\(root)matrix.html\"\(current == "matrix" ? " aria-current=\"page\"" : "")>Matrix</a>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self'">
            <title>\(text(title)) · iamspec</title>
            <link rel="stylesheet" href="\(root)style.css">
            </head>
            <body>
            <header class="site"><nav aria-label="Areas"><span class="brand">iamspec</span> \(nav)</nav></header>
            <main>
            \(body)</main>
            <footer class="site"><p>\(text(provenance))</p></footer>
            </body>
            </html>

            """
    }

    private func text(_ value: String) -> String {
        QuotedText.html(value)
    }

    private func attribute(_ value: String) -> String {
        QuotedText.html(value)
    }
}
