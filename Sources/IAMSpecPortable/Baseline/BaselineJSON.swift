import IAMSpec

/// A baseline written as JSON: the YAML file's structure (`Specs/schemas/baseline.schema.json`
/// checks both), read without libyaml, so that an app's test bundle judges its runs by the very
/// file `iamspec run --baseline` reads, and written by `iamspec run --update-baseline FILE.json`.
///
/// ```json
/// {
///   "engine": "my-engine",
///   "cases": {
///     "stack-lifo-order": {"status": "fail", "reason": "the stack is a queue", "issue": "https://example.com/issues/12"}
///   }
/// }
/// ```
///
/// Each entry keeps where its key is written (`file:line:col`), as the YAML reader's do, so that
/// a stale entry is named with its place.
package enum BaselineJSON {
    /// The baseline `bytes` hold; `file` names it in errors and in the entries' places.
    ///
    /// - Throws: ``CompiledSuiteError`` for text that is not JSON, or a value the baseline format
    ///   does not allow, at the entry that holds it, with what was found and what was expected.
    package static func decode(_ bytes: [UInt8], file: String) throws(CompiledSuiteError) -> Baseline {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw CompiledSuiteError(file: file, bytes: bytes, syntax: error)
        }
        let keyOffsets = CompiledSuiteError.keyOffsets(ofObjectAt: "cases", in: bytes)
        let place = { (key: String?) -> SourceLocation in
            let (line, column) = CompiledSuiteError.lineAndColumn(
                ofOffset: key.flatMap { keyOffsets[$0] } ?? 0,
                in: bytes
            )
            return SourceLocation(file: file, line: line, column: column)
        }
        let refusal = { (error: WireFormatError, key: String?) -> CompiledSuiteError in
            let location = place(key)
            return CompiledSuiteError(
                file: file,
                line: location.line,
                column: location.column,
                message: QuotedText.line(error.description)
            )
        }
        let engine: String
        let casesValue: WireValue
        do {
            let object = try WireValue(message: document, unknownKeys: .refused).object()
            try object.allowOnly("engine", "cases")
            engine = try object.field("engine").nonEmptyString()
            casesValue = object.field("cases")
            if casesValue.json == nil { _ = try casesValue.object() }
        } catch {
            throw refusal(error, nil)
        }
        guard casesValue.json != .null else { return Baseline(engine: engine, engineLocation: place(nil)) }
        var entries: [BaselineEntry] = []
        let cases: [(key: String, value: WireValue)]
        do {
            cases = try casesValue.mapEntries(expected: "an object of case id (or id@profile) to its expected status")
        } catch {
            throw refusal(error, nil)
        }
        for (key, value) in cases {
            do {
                var entry = try decodeEntry(key: key, value: value)
                entry.location = place(key)
                entries.append(entry)
            } catch {
                throw refusal(error, key)
            }
        }
        // In the order they are written, as the YAML reader keeps them.
        entries.sort { (keyOffsets[$0.key] ?? 0) < (keyOffsets[$1.key] ?? 0) }
        return Baseline(engine: engine, entries: entries, engineLocation: place(nil))
    }

    private static func decodeEntry(key: String, value: WireValue) throws(WireFormatError) -> BaselineEntry {
        let parts = key.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let refused = { (expected: String) in
            WireFormatError(path: "cases", found: "the key \(JSONValue.string(key).excerpt)", expected: expected)
        }
        guard IdentifierSyntax.isCaseID(parts[0]) else {
            throw refused("\(IdentifierSyntax.caseIDSpelling), optionally followed by @profile")
        }
        var profile: Profile?
        if parts.count == 2 {
            guard let named = Profile(rawValue: parts[1]) else {
                let names = Profile.allCases.map(\.rawValue).joined(separator: ", ")
                throw refused("a case id followed by @ and one of \(names)")
            }
            profile = named
        }
        let object = try value.object()
        try object.allowOnly("status", "reason", "issue")
        let status = try object.field("status").choice(BaselineStatus.self)
        return BaselineEntry(
            caseID: parts[0],
            profile: profile,
            status: status,
            reason: try object.field("reason").nonEmptyString(),
            issue: try object.optionalField("issue").map { value throws(WireFormatError) in try value.nonEmptyString() }
        )
    }

    /// The baseline as a JSON file ``decode(_:file:)`` reads back: the engine, then an entry a
    /// line, in the baseline's order.
    package static func text(_ baseline: Baseline) -> String {
        var text = "{\n  \"engine\": \(quoted(baseline.engine)),\n  \"cases\": {"
        for (index, entry) in baseline.entries.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    \(quoted(entry.key)): {\"status\": \(quoted(entry.status.rawValue)), "
            text += "\"reason\": \(quoted(entry.reason))"
            if let issue = entry.issue { text += ", \"issue\": \(quoted(issue))" }
            text += "}"
        }
        text += baseline.entries.isEmpty ? "}\n}\n" : "\n  }\n}\n"
        return text
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        var writer = JSONLineWriter()
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
