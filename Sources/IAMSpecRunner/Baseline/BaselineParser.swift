import IAMSpec
import IAMSpecPlatform

/// Reads a baseline file (see `Baseline`) with the YAML layer the suite loader uses, or, for a
/// `.json` file, with the JSON reader an app's test bundle judges its runs with (`BaselineJSON`),
/// reporting every problem as `path:line:col: error: what was found, what was expected`.
package enum BaselineParser {
    /// The baseline and every problem found; the baseline is nil when the file cannot be used
    /// at all, and must not be used while `diagnostics` is not empty.
    package struct Outcome: Sendable {
        package var baseline: Baseline?
        package var diagnostics: [Diagnostic]
    }

    static let topKeys = KeySet(["engine", "cases"])
    static let entryKeys = KeySet(["status", "reason", "issue"])

    /// Reads and parses the file at `path`.
    package static func read(from path: String) -> Outcome {
        let unreadable = { (reason: String) in
            "cannot read the baseline file: \(reason); expected the engine's baseline, a YAML file (docs/CI.md, \"Baselines\")"
        }
        if let refusal = LinkBoundary.refusal(
            of: path,
            within: LinkBoundary.parent(of: path),
            role: "a baseline",
            isNamed: { SpecFiles.isSpecFileName($0) || isJSONFileName($0) }
        ) {
            return Outcome(baseline: nil, diagnostics: [SpecFiles.unquoted(refusal, at: path)])
        }
        return switch YAMLFile.contents(of: path, unreadable: unreadable) {
        case .bytes(let bytes) where isJSONFileName(path): parseJSON(bytes, file: path)
        case .bytes(let bytes): parse(bytes, file: path)
        case .problem(let problem): Outcome(baseline: nil, diagnostics: [problem])
        }
    }

    /// Whether the file at `path` is a baseline written as JSON (`*.json`), read as the test
    /// bundle reads it.
    package static func isJSONFileName(_ path: String) -> Bool {
        path.hasSuffix(".json")
    }

    /// Parses a baseline written as JSON, as `PortableSuite.judged(byBaseline:named:)` does.
    package static func parseJSON(_ bytes: [UInt8], file: String) -> Outcome {
        do {
            return Outcome(baseline: try BaselineJSON.decode(bytes, file: file), diagnostics: [])
        } catch {
            let location = SourceLocation(file: error.file, line: error.line, column: error.column)
            return Outcome(baseline: nil, diagnostics: [Diagnostic(error.message, at: location)])
        }
    }

    /// Parses a baseline's bytes; `file` names it in diagnostics.
    package static func parse(_ bytes: [UInt8], file: String) -> Outcome {
        let composition = YAMLComposer(file: file).compose(bytes)
        guard composition.diagnostics.isEmpty else {
            return Outcome(baseline: nil, diagnostics: composition.diagnostics)
        }
        var reader = NodeReader(file: file)
        guard composition.documents.count == 1, let root = composition.documents.first, !root.isEmptyNull else {
            let found = composition.documents.count > 1 ? "\(composition.documents.count) documents" : "an empty file"
            let mark = composition.documents.dropFirst().first?.mark ?? YAMLMark(line: 1, column: 1)
            reader.report("found \(found), expected one mapping with the keys engine and cases", at: mark)
            return Outcome(baseline: nil, diagnostics: reader.diagnostics)
        }
        guard let top = reader.mapping(root, for: "a baseline (keys engine and cases)") else {
            return Outcome(baseline: nil, diagnostics: reader.diagnostics)
        }
        reader.checkKeys(top, topKeys, in: "a baseline")
        let engineNode = reader.required("engine", of: top, in: "a baseline", at: root)
        let engine = engineNode.flatMap { reader.nonEmptyString($0, for: "the engine name") }
        var entries: [BaselineEntry] = []
        if let casesNode = reader.required("cases", of: top, in: "a baseline", at: root), !casesNode.isEmptyNull,
            let cases = reader.mapping(casesNode, for: "cases (case id, or id@profile, to its expected status)")
        {
            for entry in cases.entries {
                if let parsed = parseEntry(entry, reader: &reader) { entries.append(parsed) }
            }
        }
        let baseline = engine.map {
            Baseline(engine: $0, entries: entries, engineLocation: engineNode.map { reader.location(of: $0) })
        }
        return Outcome(baseline: baseline, diagnostics: reader.diagnostics.sorted())
    }

    private static func parseEntry(_ entry: YAMLMapping.Entry, reader: inout NodeReader) -> BaselineEntry? {
        let key = entry.name
        let parts = key.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var valid = true
        if !IdentifierSyntax.isCaseID(parts[0]) {
            reader.report(
                "found the key '\(key)', expected a case id ([a-z0-9][a-z0-9._-]*), optionally followed by @profile",
                at: entry.key
            )
            valid = false
        }
        var profile: Profile?
        if parts.count == 2 {
            profile = Profile(rawValue: parts[1])
            if profile == nil {
                let names = Profile.allCases.map(\.rawValue).joined(separator: ", ")
                reader.report("found the profile '\(parts[1])' in '\(key)', expected one of \(names)", at: entry.key)
                valid = false
            }
        }
        let subject = "the baseline entry '\(key)'"
        guard let body = reader.mapping(entry.value, for: "\(subject) (keys status, reason, issue)") else { return nil }
        reader.checkKeys(body, entryKeys, in: subject)
        let status: BaselineStatus? = reader.required("status", of: body, in: subject, at: entry.value).flatMap {
            reader.choice($0, for: "the status of '\(key)'")
        }
        let reason = reader.required("reason", of: body, in: subject, at: entry.value).flatMap {
            reader.nonEmptyString($0, for: "the reason of '\(key)'")
        }
        let issue = body["issue"].flatMap { reader.nonEmptyString($0, for: "the issue link of '\(key)'") }
        guard valid, let status, let reason else { return nil }
        return BaselineEntry(
            caseID: parts[0],
            profile: profile,
            status: status,
            reason: reason,
            issue: issue,
            location: reader.location(of: entry.key)
        )
    }
}
