/// Writes a baseline as the YAML file ``BaselineParser`` reads back: a comment header, the
/// engine, then each entry in the baseline's order, every string double-quoted.
public enum BaselineWriter {
    public static func yaml(_ baseline: Baseline) -> String {
        var text = """
            # iamspec baseline: the known outcomes of one engine (iamspec run --baseline FILE).
            # Keys are case ids (every profile) or id@profile. status: fail (must fail; a pass fails
            # the run), flaky (either outcome), skip (not run). Refresh with --update-baseline FILE.
            engine: \(quoted(baseline.engine))

            """
        guard !baseline.entries.isEmpty else { return text + "cases: {}\n" }
        text += "cases:\n"
        for entry in baseline.entries {
            text += "  \(quoted(entry.key)):\n"
            text += "    status: \(entry.status.rawValue)\n"
            text += "    reason: \(quoted(entry.reason))\n"
            if let issue = entry.issue {
                text += "    issue: \(quoted(issue))\n"
            }
        }
        return text
    }

    /// Writes the file atomically.
    public static func write(_ baseline: Baseline, to path: String) throws(AtomicFileError) {
        try AtomicFile.write(yaml(baseline), to: path)
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0xFEFF || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
