import IAMSpec

/// Writes a baseline as the YAML (or JSON) file ``BaselineParser`` reads back: a comment header, the
/// engine, then each entry in the baseline's order, every string double-quoted. The comments of
/// the file it refreshes are kept (``BaselineComments``).
package enum BaselineWriter {
    package static func yaml(_ baseline: Baseline, keeping comments: BaselineComments? = nil) -> String {
        let generatedHeader = """
            # iamspec baseline: the known outcomes of one engine (iamspec run --baseline FILE).
            # Keys are case ids (every profile) or id@profile. status: fail (must fail; a pass fails
            # the run), flaky (either outcome), skip (not run). Refresh with --update-baseline FILE.
            """
        let header = comments.map(\.header).flatMap { $0.isEmpty ? nil : $0.joined(separator: "\n") }
        var text = (header ?? generatedHeader) + "\n"
        text += "engine: \(YAMLDoubleQuoted.scalar(baseline.engine))\(comments?.engineTrailing ?? "")\n"
        text += comments?.beforeCases.map { $0 + "\n" }.joined() ?? ""
        guard !baseline.entries.isEmpty else { return text + "cases: {}\n" + footer(comments) }
        text += "cases:\n"
        var narrowedCases: Set<String> = []
        for entry in baseline.entries {
            let isFirstNarrowed = entry.profile != nil && narrowedCases.insert(entry.caseID).inserted
            let kept = comments?.comments(of: entry.key, caseID: entry.caseID, isFirstNarrowed: isFirstNarrowed)
            let trailing = { (field: String) in kept?.trailing[field] ?? "" }
            text += kept?.above.map { $0 + "\n" }.joined() ?? ""
            text += "  \(YAMLDoubleQuoted.scalar(entry.key)):\(trailing(""))\n"
            text += "    status: \(entry.status.rawValue)\(trailing("status"))\n"
            text += "    reason: \(YAMLDoubleQuoted.scalar(entry.reason))\(trailing("reason"))\n"
            if let issue = entry.issue {
                text += "    issue: \(YAMLDoubleQuoted.scalar(issue))\(trailing("issue"))\n"
            }
            text += kept?.inside.map { $0 + "\n" }.joined() ?? ""
        }
        return text + footer(comments)
    }

    private static func footer(_ comments: BaselineComments?) -> String {
        comments?.footer.map { $0 + "\n" }.joined() ?? ""
    }

    /// Writes the file atomically: as JSON (`BaselineJSON`) when its name ends in `.json`, which an
    /// app's test bundle reads without YAML, else as YAML, keeping the comments of the YAML file
    /// there before (a JSON file has none).
    package static func write(_ baseline: Baseline, to path: String) throws(AtomicFileError) {
        guard !BaselineParser.isJSONFileName(path) else {
            try AtomicFile.write(BaselineJSON.text(baseline), to: path)
            return
        }
        var comments: BaselineComments?
        if !AtomicFile.isSpecialFile(path), case .bytes(let previous) = YAMLFile.contents(of: path, unreadable: { $0 })
        {
            comments = BaselineComments(previous, file: path)
        }
        try AtomicFile.write(yaml(baseline, keeping: comments), to: path)
    }
}
