/// Writes a baseline as the YAML (or JSON) file ``BaselineParser`` reads back: a comment header, the
/// engine, then each entry in the baseline's order, every string double-quoted.
package enum BaselineWriter {
    package static func yaml(_ baseline: Baseline) -> String {
        var text = """
            # iamspec baseline: the known outcomes of one engine (iamspec run --baseline FILE).
            # Keys are case ids (every profile) or id@profile. status: fail (must fail; a pass fails
            # the run), flaky (either outcome), skip (not run). Refresh with --update-baseline FILE.
            engine: \(YAMLDoubleQuoted.scalar(baseline.engine))

            """
        guard !baseline.entries.isEmpty else { return text + "cases: {}\n" }
        text += "cases:\n"
        for entry in baseline.entries {
            text += "  \(YAMLDoubleQuoted.scalar(entry.key)):\n"
            text += "    status: \(entry.status.rawValue)\n"
            text += "    reason: \(YAMLDoubleQuoted.scalar(entry.reason))\n"
            if let issue = entry.issue {
                text += "    issue: \(YAMLDoubleQuoted.scalar(issue))\n"
            }
        }
        return text
    }

    /// Writes the file atomically: as JSON (`BaselineJSON`) when its name ends in `.json`, which an
    /// app's test bundle reads without YAML, else as YAML.
    package static func write(_ baseline: Baseline, to path: String) throws(AtomicFileError) {
        try AtomicFile.write(
            BaselineParser.isJSONFileName(path) ? BaselineJSON.text(baseline) : yaml(baseline),
            to: path
        )
    }
}
