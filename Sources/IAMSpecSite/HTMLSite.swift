import IAMSpec
import IAMSpecRunner

/// The site as HTML pages: plain HTML5 with one stylesheet, no scripts, no fonts or anything
/// else fetched from elsewhere (a Content-Security-Policy meta forbids it), readable on a
/// phone (viewport meta, responsive CSS) and in print. Every text is escaped.
struct HTMLSite: SiteForm {
    let content: SiteContent
    /// The suite's paths and the iamspec version, for the footer.
    let provenance: String

    static let indexFile = "index.html"
    static let fileEnding = ".html"

    // MARK: Pages

    func index() -> String {
        var body = "<h1>In-app message delivery rules</h1>\n"
        body += "<p class=\"lead\">When an in-app message is shown, put on the stack, or discarded: "
        body += "each rule with the words of the documents that state it, and the conformance cases that check it, "
        body += "told as timelines.</p>\n"
        body +=
            "<p>\(SiteContent.count(content.ruleCount, "rule")) in \(SiteContent.count(content.areas.count, "area")), "
        body += "checked by \(SiteContent.count(content.caseCount, "case")).</p>\n"
        if let matrix = content.matrix {
            body += conformanceTable(matrix, columns: Array(matrix.columns.indices))
            body += "<p><a href=\"matrix.html\">Every rule under every engine</a></p>\n"
        }
        if let field = content.field {
            body += "<p><a href=\"field.html\">The field</a>: how \(field.engines.count) public engines fare on "
            body += "each rule, and by what mechanism of their vendor's code they differ.</p>\n"
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
                body += "<code>\(text(rule.id))</code></a> \(Phrase(markup: rule.title).html)</li>\n"
            }
        }
        body += "</ul>\n"
        body += seedsSection()
        return page(title: "In-app message delivery rules", depth: 0, current: "index", body: body)
    }

    /// The seed documents the rules quote, each by its title, language and SDK generation.
    private func seedsSection() -> String {
        guard !content.seeds.seeds.isEmpty else { return "" }
        var body = "<h2 id=\"seeds\">Seed documents</h2>\n<p>The documents the rules quote.</p>\n"
        body += tableHead("seeds stack", ["Title", "Language", "SDK generation", "Rules quoting it", "File"])
        for seed in content.seeds.seeds {
            let title = "<cite lang=\"\(attribute(seed.language))\">\(text(seed.title))</cite>"
            let page = content.seedPages.first { $0.file == seed.file }
            body += "<tr><th scope=\"row\">"
            body += page.map { "<a href=\"seeds/\(attribute($0.pageName)).html\">\(title)</a>" } ?? title
            body += "</th><td data-label=\"Language\">\(text(SiteContent.languageName(seed.language)))</td>"
            body += "<td data-label=\"SDK generation\">\(text(SiteContent.profileName(seed.profile)))</td>"
            body += "<td data-label=\"Rules quoting it\">\(content.rulesQuotingSeed[seed.file]?.count ?? 0)</td>"
            body += "<td data-label=\"File\"><code>\(text(seed.file))</code></td></tr>\n"
        }
        return body + "</tbody></table>\n"
    }

    func areaPage(_ area: SiteContent.Area) -> String {
        var body = "<h1>\(text(area.name))</h1>\n"
        body +=
            "<p>\(SiteContent.count(area.rules.count, "rule")), \(SiteContent.count(area.cases.count, "case")).</p>\n"
        if !area.rules.isEmpty {
            body += "<nav class=\"toc\" aria-label=\"Rules\"><h2>Rules</h2><ul>\n"
            for rule in area.rules {
                body +=
                    "<li><a href=\"#rule-\(attribute(rule.id))\"><code>\(text(rule.id))</code></a> \(Phrase(markup: rule.title).html)</li>\n"
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

    /// The summary: the conformance table, then by rule area a row per rule and a column per
    /// engine, at most ``ConformanceMatrix/enginesPerTable`` engines to a table; each cell says the
    /// outcome and links to the engine's page, which has the reasons.
    func matrixPage() -> String {
        guard let matrix = content.matrix else { return "" }
        var body = "<h1>Conformance matrix</h1>\n"
        body += conformanceTable(matrix, columns: Array(matrix.columns.indices))
        body += "<p>Each rule of each area, with the outcome of the cases that check it under each engine: "
        body += "<em>fail</em> when a case failed, <em>error</em> when the engine could not finish a case, "
        body += "<em>blocked</em> when a case failed only under other rules (a failure counts against the rule "
        body += "it is filed under, as the report files it: the rule of the behaviour that explains the run, or "
        body += "else the rules its failing step checks), <em>skip</em> when the engine does not support any of them. "
        body += "Each engine's page has its differences and every run that did not pass, with its reason; "
        body += "a cell links to its rule there.</p>\n"
        let groups = matrix.columnGroups
        for area in content.areas where !area.rules.isEmpty {
            body += "<section class=\"area\" id=\"area-\(attribute(area.name))\">\n"
            body += "<h2><a href=\"areas/\(attribute(area.pageName)).html\">\(text(area.name))</a></h2>\n"
            for group in groups {
                body += "<table class=\"matrix stack\">\n"
                if groups.count > 1 {
                    body +=
                        "<caption>Engines \(group.lowerBound + 1) to \(group.upperBound) of \(matrix.columns.count)</caption>\n"
                }
                body += "<thead><tr><th scope=\"col\">Rule</th>"
                for index in group {
                    body += "<th scope=\"col\">\(engineLink(matrix.columns[index]))</th>"
                }
                body += "</tr></thead>\n<tbody>\n"
                for rule in area.rules {
                    body += summaryRow(rule, areaPage: area.pageName, matrix: matrix, columns: group)
                }
                body += "</tbody></table>\n"
            }
            body += "</section>\n"
        }
        if !matrix.unknownCaseIDs.isEmpty {
            body += "<p>The results also name cases this suite does not have: "
            body += matrix.unknownCaseIDs.map { "<code>\(text($0))</code>" }.joined(separator: ", ") + ".</p>\n"
        }
        return page(title: "Conformance matrix", depth: 0, current: "matrix", body: body)
    }

    /// One engine's page: its conformance, its differences, then by rule area a row per rule with
    /// the outcome, the cases that check it and every run that did not pass, with its reason.
    func enginePage(_ index: Int, matrix: ConformanceMatrix) -> String {
        let column = matrix.columns[index]
        var body = "<h1>\(text(column.label))</h1>\n"
        body += "<p><a href=\"../matrix.html\">Every engine</a></p>\n"
        body += conformanceTable(matrix, columns: [index], root: "../")
        body += behavioursSection(column, root: "../")
        body += differencesSection(column, root: "../")
        body += "<h2 id=\"rules\">By rule</h2>\n<p>The outcome of the cases that check each rule "
        body += "(<em>blocked</em>: a case failed only under other rules), and every run that did not pass.</p>\n"
        for area in content.areas where !area.rules.isEmpty {
            body += "<section class=\"area\" id=\"area-\(attribute(area.name))\">\n"
            body += "<h3><a href=\"../areas/\(attribute(area.pageName)).html\">\(text(area.name))</a></h3>\n"
            body += tableHead("engine-rules stack", ["Rule", "Outcome", "Runs that did not pass"])
            for rule in area.rules {
                body += engineRow(rule, areaPage: area.pageName, matrix: matrix, column: index)
            }
            body += "</tbody></table>\n</section>\n"
        }
        return page(title: column.label, depth: 1, current: "", body: body)
    }

    /// A seed document's page: its title, language and SDK generation, the rules that quote it,
    /// then its text as written, each quoted passage marked with the anchor its quote links to.
    func seedPage(_ seed: SeedPage) -> String {
        let described = content.seeds.seed(seed.file)
        var body =
            "<h1>\(text(described?.title ?? seed.file))</h1>\n<p class=\"meta\">Seed document <code>\(text(seed.file))</code>"
        if let described {
            body +=
                " · \(text(SiteContent.languageName(described.language))) · \(text(SiteContent.profileName(described.profile)))"
        }
        body += " · \(SiteContent.count(seed.markedCount, "passage")) quoted by the rules, marked below</p>\n"
        let quoting = content.rulesQuotingSeed[seed.file] ?? []
        if !quoting.isEmpty {
            body += "<p class=\"checked\"><span class=\"label\">Quoted by:</span> "
            body += quoting.map { ruleLink($0, root: "../") }.joined(separator: ", ") + "</p>\n"
        }
        body += "<div class=\"seed-text\"\(described.map { " lang=\"\(attribute($0.language))\"" } ?? "")>"
        body += seed.lines.map { line in
            line.map { segment in
                let anchors = segment.anchors.map { "<span id=\"\(attribute($0))\"></span>" }.joined()
                return anchors + (segment.isQuoted ? "<mark>\(text(segment.text))</mark>" : text(segment.text))
            }.joined()
        }.joined(separator: "\n")
        body += "</div>\n"
        return page(title: described?.title ?? seed.file, depth: 1, current: "", body: body)
    }

    /// The field: each public engine with where its results came from, then by rule area a row
    /// per rule and a column per engine, each cell the engine's verdict, linked to the rule's
    /// "In the field", which names how it differs.
    func fieldPage(_ field: FieldView) -> String {
        var body = "<h1>The field</h1>\n<p class=\"lead\">How \(field.engines.count) public engines, each their "
        body += "vendor's published in-app message code run unchanged behind an adapter, fare on each rule.</p>\n"
        body += "<p>Each engine's results are a results stream of <code>iamspec run</code>, explained (the report "
        body += "names what the engine does differently), committed with where it came from, and refreshed by "
        body += "<code>scripts/refresh-field-results</code> where the vendors' repositories can be fetched. "
        body += "An engine whose results ran other Specs than these is marked <em>\(text(FieldView.staleText))</em>: "
        body += "its verdicts are those of the Specs it ran.</p>\n"
        body += tableHead("field-engines stack", ["Engine", "Vendor's code", "Results", "Run by", "Specs"])
        for (index, engine) in field.engines.enumerated() {
            let provenance = engine.provenance
            body +=
                "<tr id=\"engine-\(attribute(provenance.adapter))\"><th scope=\"row\"><code>\(text(provenance.adapter))</code>"
            body +=
                "<span class=\"run\">\(text(engine.summary.header.engine.name)) \(text(engine.summary.header.engine.version))</span></th>"
            body +=
                "<td data-label=\"Vendor's code\">\(text(provenance.vendor)): <code>\(text(provenance.repository))</code> "
            body += "at <code>\(text(FieldView.shortCommit(provenance.vendorCommit)))</code></td>"
            body += "<td data-label=\"Results\">\(text(field.figures(engine: index)))</td>"
            body +=
                "<td data-label=\"Run by\">iamspec <code>\(text(FieldView.shortCommit(provenance.iamspecCommit)))</code>, "
            body += "\(text(engine.summary.header.startedAt))</td>"
            body +=
                engine.isStale
                ? "<td class=\"stale\" data-label=\"Specs\"><strong>\(text(FieldView.staleText))</strong>: "
                    + "<code>\(text(provenance.specsDigest))</code>, these are <code>\(text(field.specsDigest))</code></td>"
                : "<td data-label=\"Specs\">these Specs</td>"
            body += "</tr>\n"
        }
        body += "</tbody></table>\n"
        body += "<h2>By rule</h2>\n<p>Each rule under each engine: <em>follows</em> when every case of the rule "
        body += "it ran passed, <em>differs</em> when one failed under the rule, <em>blocked</em> when one failed "
        body += "under other rules only, <em>not bound</em> when the engine lacks what the rule's cases need (every "
        body += "run skipped). A cell links to the rule's \"In the field\", which names how the engine differs.</p>\n"
        for area in content.areas where !area.rules.isEmpty {
            body += "<section class=\"area\" id=\"area-\(attribute(area.name))\">\n"
            body += "<h3><a href=\"areas/\(attribute(area.pageName)).html\">\(text(area.name))</a></h3>\n"
            body += "<table class=\"field-matrix stack\">\n<thead><tr><th scope=\"col\">Rule</th>"
            for engine in field.engines {
                body += "<th scope=\"col\"><a href=\"#engine-\(attribute(engine.provenance.adapter))\">"
                body += "\(text(engine.provenance.adapter))</a>"
                body += engine.isStale ? " <span class=\"stale\">(\(text(FieldView.staleText)))</span>" : ""
                body += "</th>"
            }
            body += "</tr></thead>\n<tbody>\n"
            for rule in area.rules {
                let caseIDs = content.casesByRule[rule.id] ?? []
                body +=
                    "<tr><th scope=\"row\"><a href=\"areas/\(attribute(area.pageName)).html#field-\(attribute(rule.id))\">"
                body += "<code>\(text(rule.id))</code></a></th>"
                for (index, engine) in field.engines.enumerated() {
                    let verdict = field.verdict(rule.id, caseIDs: caseIDs, engine: index)
                    let label = engine.provenance.adapter + (engine.isStale ? " (\(FieldView.staleText))" : "")
                    body +=
                        "<td class=\"\(verdict.styleClass)\" data-label=\"\(attribute(label))\">\(text(verdict.rawValue))</td>"
                }
                body += "</tr>\n"
            }
            body += "</tbody></table>\n</section>\n"
        }
        return page(title: "The field", depth: 0, current: "field", body: body)
    }

    /// A rule's "In the field": which public engines follow it, which differ and by what names
    /// (each with the vendor code the catalogue cites), and which are not bound by it.
    private func fieldSection(_ rule: Rule, field: FieldView) -> String {
        let caseIDs = content.casesByRule[rule.id] ?? []
        var byVerdict: [FieldView.Verdict: [Int]] = [:]
        for index in field.engines.indices {
            byVerdict[field.verdict(rule.id, caseIDs: caseIDs, engine: index), default: []].append(index)
        }
        func engines(_ indices: [Int]) -> String {
            indices.map { index in
                let engine = field.engines[index]
                return
                    "<a href=\"../field.html#engine-\(attribute(engine.provenance.adapter))\">\(text(engine.provenance.adapter))</a>"
                    + (engine.isStale ? " <span class=\"stale\">(\(text(FieldView.staleText)))</span>" : "")
            }.joined(separator: ", ")
        }
        var html =
            "<div class=\"field\" id=\"field-\(attribute(rule.id))\"><p><span class=\"label\">In the field:</span> "
        var parts: [String] = []
        for verdict in FieldView.Verdict.allCases {
            guard let indices = byVerdict[verdict] else { continue }
            parts.append("\(text(verdict.rawValue)): \(engines(indices))")
        }
        html += parts.joined(separator: "; ") + ".</p>\n"
        let differing = byVerdict[.differs] ?? []
        guard !differing.isEmpty else { return html + "</div>\n" }
        html += "<ul class=\"field-names\">\n"
        for index in differing {
            let engine = field.engines[index]
            var items = field.names(rule.id, engine: index).map { name in
                var item = (name.behaviours.count > 1 ? "by one of " : "by ")
                item += name.behaviours.map { "<code>\(text($0))</code>" }.joined(separator: ", ")
                item += ": \(text(name.summary)) (\(SiteContent.count(name.runs, "run")))"
                item += name.citationsClause(quoted: { text($0) }, code: { "<code>\(text($0))</code>" })
                return item
            }
            items += field.unexplained(rule.id, engine: index).map { group in
                let shown = group.cases.prefix(FieldView.casesShown).map { caseLink($0) }
                let more = group.cases.count - shown.count
                return "by no name of the catalogue: <span class=\"reason\">\(text(group.mismatchAndBlocked))</span> "
                    + "(\(SiteContent.count(group.runs, "run")): \(shown.joined(separator: ", "))"
                    + (more > 0 ? " and \(more) more" : "") + ")"
            }
            html += "<li><span class=\"label\">\(text(engine.provenance.adapter))</span> "
            html +=
                items.isEmpty
                ? "differs in a run the report groups under another of its rules" : items.joined(separator: ". ")
            html += ".</li>\n"
        }
        return html + "</ul></div>\n"
    }

    // MARK: Parts

    /// A rule's row of the summary: the rule, then a cell per engine of the group with the outcome
    /// (linked to the rule's row on the engine's page) and how many of its cases pass.
    private func summaryRow(_ rule: Rule, areaPage: String, matrix: ConformanceMatrix, columns: Range<Int>) -> String {
        let caseIDs = content.casesByRule[rule.id] ?? []
        var row = "<tr><th scope=\"row\"><a href=\"areas/\(attribute(areaPage)).html#rule-\(attribute(rule.id))\">"
        row +=
            "<code>\(text(rule.id))</code></a> <span class=\"rule-title\">\(Phrase(markup: rule.title).html)</span></th>"
        for index in columns {
            let column = matrix.columns[index]
            let outcome = matrix.ruleOutcome(rule.id, caseIDs: caseIDs, column: index)
            row += "<td class=\"\(outcomeClass(outcome.outcome))\" data-label=\"\(attribute(column.label))\">"
            row += "<a href=\"engines/\(attribute(column.fileName)).html#rule-\(attribute(rule.id))\">"
            row += "<strong>\(text(outcome.outcome.rawValue))</strong></a> "
            row += "<span class=\"counts\">\(text(outcome.shortCountText))</span></td>"
        }
        return row + "</tr>\n"
    }

    /// A rule's row on an engine's page: the rule with the cases that check it, the outcome with
    /// the case counts, and every run that did not pass, written out.
    private func engineRow(_ rule: Rule, areaPage: String, matrix: ConformanceMatrix, column: Int) -> String {
        let caseIDs = content.casesByRule[rule.id] ?? []
        let outcome = matrix.ruleOutcome(rule.id, caseIDs: caseIDs, column: column)
        var row = "<tr id=\"rule-\(attribute(rule.id))\"><th scope=\"row\">"
        row +=
            "<a href=\"../areas/\(attribute(areaPage)).html#rule-\(attribute(rule.id))\"><code>\(text(rule.id))</code></a> "
        row += "<span class=\"rule-title\">\(Phrase(markup: rule.title).html)</span>"
        if !caseIDs.isEmpty {
            row += "<span class=\"cases\">Checked by: "
            row += caseIDs.map { caseLink($0, root: "../") }.joined(separator: ", ") + "</span>"
        }
        row += "</th><td class=\"\(outcomeClass(outcome.outcome))\" data-label=\"Outcome\">"
        row +=
            "<strong>\(text(outcome.outcome.rawValue))</strong> <span class=\"counts\">\(text(outcome.countText))</span></td>"
        row += "<td data-label=\"Runs that did not pass\">"
        if outcome.findings.isEmpty {
            row += "none"
        } else {
            row += "<ul class=\"findings\">"
            for finding in outcome.findings {
                let runs = finding.cases.map {
                    "\(caseLink($0.caseID, root: "../")) [\(text($0.profiles.joined(separator: ", ")))]"
                }
                row +=
                    "<li class=\"\(outcomeClass(finding.outcome))\"><strong>\(text(finding.outcome.rawValue))</strong> "
                row += runs.joined(separator: ", ")
                row += finding.message.isEmpty ? "" : ": <span class=\"reason\">\(text(finding.message))</span>"
                row += "</li>"
            }
            row += "</ul>"
        }
        return row + "</td></tr>\n"
    }

    /// What the engine does differently: each behaviour of the catalogue that reproduces some of
    /// its failed runs, with those runs, as the console, JUnit and the Markdown summary list them;
    /// nothing when none was found. `root` leads from the page to the site's root.
    private func behavioursSection(_ column: ConformanceMatrix.Column, root: String) -> String {
        let behaviours = column.summary.behaviours
        guard !behaviours.isEmpty else { return "" }
        var body = "<h2 id=\"behaviours\">What the engine does differently</h2>\n<p>Each behaviour, replayed on the "
        body += "reference engine, gives exactly the engine's observations of the runs listed (each failed run is "
        body += "listed once) and passes the runs the engine passed; \"one of\" where nothing run tells behaviours "
        body += "apart. The re-run line runs the first of them.</p>\n"
        body += engineNote(column)
        body += tableHead("behaviours stack", ["Behaviour", "Departs from", "Cases", "Runs", "Proof", "Re-run one"])
        for explained in behaviours {
            body += "<tr><th scope=\"row\">\(text(explained.isOpen ? "one of" : explained.summary)) "
            body +=
                ([explained.behaviour] + explained.alternatives.map(\.behaviour)).map { "<code>\(text($0))</code>" }
                .joined(separator: ", ") + "</th>"
            let rules = ([explained.rule] + explained.alternatives.map(\.rule)).flatMap {
                $0.components(separatedBy: ", ")
            }
            var seen = Set<String>()
            body += "<td data-label=\"Departs from\">"
            body += rules.filter { seen.insert($0).inserted }.map { ruleLink($0, root: root) }.joined(separator: ", ")
            body += "</td>"
            body += "<td data-label=\"Cases\">"
            body += explained.cases.map { caseLink($0, root: root) }.joined(separator: ", ") + "</td>"
            body += "<td data-label=\"Runs\">\(explained.runs.count)</td>"
            body += "<td data-label=\"Proof\">checked against \(explained.passes) passes; "
            body += explained.proofLines.map(text).joined(separator: "<br>") + "</td>"
            let rerun = column.summary.example(of: explained).map { column.rerunLine($0) } ?? ""
            body += "<td class=\"rerun\" data-label=\"Re-run one\"><code>\(text(rerun))</code></td></tr>\n"
        }
        return body + "</tbody></table>\n"
    }

    /// The engine's failed runs that no behaviour explains, grouped as the console, JUnit and the
    /// Markdown summary group them: the rule of the failing check and the mismatch's shape.
    /// `root` leads from the page to the site's root.
    private func differencesSection(_ column: ConformanceMatrix.Column, root: String) -> String {
        var body = "<h2 id=\"differences\">Differences</h2>\n<p>The engine's failed runs, grouped by the "
        body += "behaviour that differs: the rule the failing step checks, and the shape of the mismatch. One "
        body += "difference is one row, however many cases show it; the re-run line runs one of them.</p>\n"
        let groups = column.summary.differences
        guard !groups.isEmpty else { return body + "<p>None: no run failed.</p>\n" }
        body += engineNote(column)
        body += tableHead("differences stack", ["Rule", "Mismatch", "Cases", "Runs", "Re-run one"])
        for group in groups {
            body += "<tr><th scope=\"row\">\(ruleLink(group.rule, root: root))</th>"
            body += "<td data-label=\"Mismatch\">\(text(group.mismatchAndBlocked))</td>"
            body += "<td data-label=\"Cases\">"
            body += group.cases.map { caseLink($0, root: root) }.joined(separator: ", ") + "</td>"
            body += "<td data-label=\"Runs\">\(group.runs)</td>"
            let rerun = column.rerunLine(group.example)
            body += "<td class=\"rerun\" data-label=\"Re-run one\"><code>\(text(rerun))</code></td></tr>\n"
        }
        return body + "</tbody></table>\n"
    }

    /// Above a table whose re-run lines name `$ENGINE`: the command the results stream records,
    /// as data, or the line that sets it to the engine command, in full; nothing when the command
    /// is short enough to be written in each line.
    private func engineNote(_ column: ConformanceMatrix.Column) -> String {
        if let recorded = column.recordedEngineCommand {
            return "<p>The re-run lines name the engine command <code>$ENGINE</code>: set it to the engine you "
                + "test. The results stream records this one, shown as data, not as a line to run: "
                + "<code>\(text(recorded))</code></p>\n"
        }
        guard let assignment = column.engineAssignment else { return "" }
        return "<p>The re-run lines name the engine command <code>$ENGINE</code>; set it first: "
            + "<code>\(text(assignment))</code></p>\n"
    }

    /// The conformance of the engines at `columns`, each named with a link to its page; `root`
    /// leads from the page to the site's root.
    private func conformanceTable(_ matrix: ConformanceMatrix, columns: [Int], root: String = "") -> String {
        var body = "<h2>Conformance</h2>\n<p>Passed runs out of the runs the engine supports (skipped runs aside); "
        body += "errors (the engine could not finish a run) and skipped runs are counted apart. The badge is green "
        body += "when every run passed, yellow when none failed but some were skipped, red when any failed or "
        body +=
            "errored, grey when none ran; green, saying &ldquo;green by its baseline&rdquo;, when the run passed only "
        body += "as its baseline judged it (every failure expected), beside the raw figures.</p>\n"
        body += tableHead(
            "conformance stack pairs",
            ["Engine", "Conformance", "Passed", "Failed", "Errors", "Skipped"]
        )
        for index in columns {
            let column = matrix.columns[index]
            let header = column.summary.header
            let figures = column.conformance
            let badge = ConformanceBadge.label(engine: header.engine.name) + ": " + figures.badgeText
            body +=
                "<tr><th scope=\"row\">\(engineLink(column, root: root))<span class=\"run\">run \(text(header.startedAt))"
            body += "\(column.summary.interrupted ? " (interrupted)" : "")</span></th>"
            body += "<td class=\"badge\" data-label=\"Conformance\">"
            body += "<img src=\"\(root)badges/\(attribute(column.fileName)).svg\" alt=\"\(attribute(badge))\"></td>"
            body += "<td data-label=\"Passed\">\(figures.passed) of \(figures.supported) supported</td>"
            body += "<td data-label=\"Failed\">\(figures.failed)</td>"
            body += "<td data-label=\"Errors\">\(figures.errored)</td>"
            body += "<td data-label=\"Skipped\">\(figures.skipped) of \(figures.total) runs</td></tr>\n"
        }
        return body + "</tbody></table>\n"
    }

    /// A table's start, up to its body: the class names and the column headings (plain words).
    private func tableHead(_ classes: String, _ headings: [String]) -> String {
        "<table class=\"\(classes)\">\n<thead><tr>"
            + headings.map { "<th scope=\"col\">\($0)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
    }

    /// The engine's label, linked to its page; `root` leads from the page to the site's root.
    private func engineLink(_ column: ConformanceMatrix.Column, root: String = "") -> String {
        "<a href=\"\(root)engines/\(attribute(column.fileName)).html\">\(text(column.label))</a>"
    }

    private func ruleArticle(_ rule: Rule) -> String {
        var html = "<article class=\"rule\" id=\"rule-\(attribute(rule.id))\">\n"
        html += "<h3><code>\(text(rule.id))</code> \(Phrase(markup: rule.title).html)</h3>\n"
        let kind = rule.kind == .documented ? "Documented" : "Clarification"
        html += "<p class=\"meta\">\(kind) · holds for \(text(SiteContent.profilesText(rule.profiles)))</p>\n"
        for quote in rule.quotes {
            html +=
                "<figure class=\"quote\"><blockquote lang=\"\(attribute(quote.language))\"><p>\(Phrase(markup: quote.text).html)</p></blockquote>\n"
            html += "<figcaption>\(citation(content.citation(of: quote)))</figcaption>\n"
            if let translation = quote.translation {
                html +=
                    "<p class=\"translation\" lang=\"en\"><span class=\"label\">English translation:</span> \(Phrase(markup: translation).html)</p>\n"
            }
            html += "</figure>\n"
        }
        if let source = rule.source {
            html +=
                "<p class=\"source\"><span class=\"label\">Settled by the semantics notes, from:</span> \(Phrase(markup: source).html)</p>\n"
        }
        if let note = rule.note {
            html +=
                "<p class=\"note\"><span class=\"label\">In iamspec's terms:</span> \(Phrase(markup: note).html)</p>\n"
        }
        if let platforms = rule.platforms {
            html += "<p class=\"platforms\"><span class=\"label\">Braze Web SDK:</span> "
            html += text(SiteContent.webVerdictText(platforms.web))
            html += platforms.note.map { " " + Phrase(markup: $0).html } ?? ""
            html += "</p>\n"
        }
        let cases = content.casesByRule[rule.id] ?? []
        if cases.isEmpty {
            html += "<p class=\"uncovered\">No case checks this rule yet.</p>\n"
        } else {
            html += "<p class=\"checked\"><span class=\"label\">Checked by:</span> "
            html += cases.map { caseLink($0) }.joined(separator: ", ") + "</p>\n"
        }
        if let field = content.field {
            html += fieldSection(rule, field: field)
        }
        return html + "</article>\n"
    }

    /// A quote's source, from an area page: `From <title> (Portuguese, Braze Swift SDK; <file>)`,
    /// the title linked to the quoted passage on the seed's page when the site has one; the file
    /// name and language alone for a seed the catalogue does not describe.
    private func citation(_ citation: SiteContent.Citation) -> String {
        let file = "<code>\(text(citation.file))</code>"
        let link = citation.page.map { page in
            "../seeds/\(attribute(page)).html" + (citation.anchor.map { "#\(attribute($0))" } ?? "")
        }
        guard let seed = citation.seed else {
            return "Seed " + (link.map { "<a href=\"\($0)\">\(file)</a>" } ?? file) + " (\(text(citation.language)))"
        }
        let title = "<cite lang=\"\(attribute(seed.language))\">\(text(seed.title))</cite>"
        return "From " + (link.map { "<a href=\"\($0)\">\(title)</a>" } ?? title)
            + " (\(text(citation.language)), \(text(SiteContent.profileName(seed.profile))); \(file))"
    }

    private func caseArticle(_ specCase: SpecCase) -> String {
        let narrative = CaseNarrative(specCase)
        var html = "<article class=\"case\" id=\"case-\(attribute(specCase.id))\">\n"
        html += "<h3>\(text(specCase.title))</h3>\n<dl class=\"meta\">\n"
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
        html += "<p class=\"given\">\(narrative.setting.html)</p>\n"
        if !narrative.messages.isEmpty {
            html += "<ul class=\"messages\">\n"
            html += narrative.messages.map { "<li>\($0.html)</li>\n" }.joined()
            html += "</ul>\n"
        }
        html += "<ol class=\"timeline\">\n"
        for moment in narrative.moments {
            html +=
                "<li class=\"\(moment.isCheck ? "then" : "when")\"><span class=\"time\">\(text(moment.time))</span> "
            html +=
                "<span class=\"step\"><strong>\(text(moment.word))</strong> \(moment.text.html)</span></li>\n"
        }
        return html + "</ol>\n</article>\n"
    }

    /// A link to a case's section: from an area page, or from the page `root` leads to the site's
    /// root from; the bare id for a case the suite does not have.
    private func caseLink(_ caseID: String, root: String? = nil) -> String {
        guard let page = content.pageOfCase[caseID] else { return "<code>\(text(caseID))</code>" }
        let folder = root.map { $0 + "areas/" } ?? ""
        return "<a href=\"\(folder)\(attribute(page)).html#case-\(attribute(caseID))\"><code>\(text(caseID))</code></a>"
    }

    /// A link to a rule's section: from an area page, or from the page `root` leads to the site's
    /// root from; the bare id for a rule the catalogue does not have.
    private func ruleLink(_ ruleID: String, root: String? = nil) -> String {
        guard let page = content.pageOfRule[ruleID] else { return "<code>\(text(ruleID))</code>" }
        let folder = root.map { $0 + "areas/" } ?? ""
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
    /// `current` is the page's own nav entry: `index`, an area's name, `matrix` or `field` (empty for a
    /// page with none: an engine's, a seed's).
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
        if content.field != nil {
            nav += " <a href=\"\(root)field.html\"\(current == "field" ? " aria-current=\"page\"" : "")>Field</a>"
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
