import IAMSpec

/// A compiled suite: the selected runs of a loaded suite, with their cases, the rules they refer
/// to, and what a results stream's header records of how they were chosen, as one JSON document
/// that reads back without YAML (`iamspec compile` writes it; ``PortableSuite`` runs it).
///
/// The document (`Specs/schemas/compiled-suite.schema.json`) holds, in this order: `format`,
/// `iamspec_version`, `suite_paths`, `selection` and `timeout_ms` (as the results header writes
/// them), `rules` (each rule a case names, with its title, sources and quoted line), `cases` (a
/// case a line: its setup and stimuli in the stdio protocol's JSON, `WireCodec`'s, its
/// expectations as patterns) and `runs` (a case's id and a profile, in report order). A case's
/// `requires` is what the loader computed, declared and derived, and the reader adds to it what
/// the case's content needs (``CapabilityNeeds``), so that one edited by hand cannot drop a need:
/// the portable executor skips a run for a capability its engine lacks exactly as the runner
/// does, without the reference engine the proof of the behavioural ones needs.
package struct CompiledSuite: Sendable {
    /// The version of the document's format; a reader refuses any other.
    package static let formatVersion: Int64 = 1

    /// One run: a case, by its position in ``cases``, under a profile.
    package struct Run: Sendable, Hashable {
        /// The position of the run's case in ``CompiledSuite/cases``.
        package var caseIndex: Int
        /// The profile the case runs under.
        package var profile: Profile

        /// The run of the case at `caseIndex` under `profile`.
        package init(caseIndex: Int, profile: Profile) {
            self.caseIndex = caseIndex
            self.profile = profile
        }
    }

    /// The version of iamspec that compiled the suite.
    package var iamspecVersion: String
    /// The spec paths the suite was loaded from, for the results header.
    package var suitePaths: [String]
    /// The selection that chose the runs, for the results header.
    package var selection: RunSelection
    /// How long one run may take, in whole milliseconds, for the results header and the
    /// portable executor's watchdog.
    package var timeoutMilliseconds: Int64
    /// The rules the cases name, with what a failure report shows of each.
    package var rules: [RuleReference]
    /// The cases of the runs, sorted by id: their models, or, for a suite read back, what its runs
    /// need of them and where their bytes are.
    package var cases: CompiledCases
    /// The runs, in report order: by case id, then profile.
    package var runs: [Run]
    /// The engine's known outcomes (`iamspec compile --baseline FILE`), applied by the portable
    /// executor as `iamspec run --baseline FILE` applies them, so that the app's test bundle and
    /// the host judge a run alike from one file; nil when the suite was compiled without one.
    package var baseline: CompiledBaseline?

    /// A suite of these runs of `cases`, chosen from `suitePaths` by `selection`.
    package init(
        iamspecVersion: String = IAMSpecVersion.current,
        suitePaths: [String],
        selection: RunSelection,
        timeoutMilliseconds: Int64,
        rules: [RuleReference],
        cases: [SpecCase],
        runs: [Run]
    ) {
        self.init(
            iamspecVersion: iamspecVersion,
            suitePaths: suitePaths,
            selection: selection,
            timeoutMilliseconds: timeoutMilliseconds,
            rules: rules,
            cases: CompiledCases(cases),
            runs: runs
        )
    }

    /// A suite of these runs of `cases` (``CompiledCases``): a suite read back, or one whose
    /// cases are made as they are written.
    package init(
        iamspecVersion: String,
        suitePaths: [String],
        selection: RunSelection,
        timeoutMilliseconds: Int64,
        rules: [RuleReference],
        cases: CompiledCases,
        runs: [Run]
    ) {
        self.iamspecVersion = iamspecVersion
        self.suitePaths = suitePaths
        self.selection = selection
        self.timeoutMilliseconds = timeoutMilliseconds
        self.rules = rules
        self.cases = cases
        self.runs = runs
    }

    // MARK: Writing

    /// The document: its top-level keys on the first line, then a rule, a case and a run a line,
    /// so that two compilations compare line by line.
    ///
    /// For a suite made in memory (`iamspec compile`), or read back from bytes in memory: a suite
    /// read back from a file it can no longer read as it was is a programming error here.
    package func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        write { bytes += $0 }
        return bytes
    }

    /// The document ``encoded()`` makes, handed to `emit` a few tens of kilobytes at a time, each
    /// case read (``CompiledCases/specCase(at:)``) only when it is written: a suite of 100,000
    /// cases is never held whole, as text or as models.
    package func write<Failure: Error>(
        to emit: (borrowing [UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        var writer = JSONLineWriter()
        var written = 0
        func flush(_ writer: inout JSONLineWriter, afterEvery count: Int) throws(Failure) {
            guard written >= count else { return }
            try emit(writer.takeBytes())
            written = 0
        }
        writer.beginObject()
        writer.field("format", integer: Self.formatVersion)
        writer.field("iamspec_version", string: iamspecVersion)
        writer.field("suite_paths", strings: suitePaths)
        writer.key("selection")
        write(selection, to: &writer)
        writer.field("timeout_ms", integer: timeoutMilliseconds)
        if let baseline {
            writer.key("baseline")
            baseline.write(to: &writer)
        }
        writer.key("rules")
        writer.beginArray()
        for rule in rules {
            writer.breakLine()
            write(rule, to: &writer)
        }
        writer.endArray()
        writer.key("cases")
        writer.beginArray()
        for index in 0..<cases.count {
            let specCase: SpecCase
            do {
                specCase = try cases.specCase(at: index)
            } catch {
                preconditionFailure("a compiled suite written again, its cases unreadable: \(error)")
            }
            writer.breakLine()
            Self.write(specCase, to: &writer)
            written += 1
            try flush(&writer, afterEvery: 64)
        }
        writer.endArray()
        writer.key("runs")
        writer.beginArray()
        for run in runs {
            writer.breakLine()
            writer.beginObject()
            writer.field("case", string: cases.id(at: run.caseIndex))
            writer.field("profile", string: run.profile.rawValue)
            writer.endObject()
            written += 1
            try flush(&writer, afterEvery: 1024)
        }
        writer.endArray()
        writer.endObject()
        try emit(writer.line())
    }

    /// The selection as the results header writes it: `filters`, `tags`, `profiles`, then
    /// `tag_expression` and `shard` when given.
    private func write(_ selection: RunSelection, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("filters", strings: selection.filters.map(\.pattern))
        writer.field("tags", strings: selection.tags)
        writer.field("profiles", strings: selection.profiles.map(\.rawValue))
        if let expression = selection.tagExpression {
            writer.field("tag_expression", string: expression.source)
        }
        if let shard = selection.shard {
            writer.field("shard", string: shard.description)
        }
        writer.endObject()
    }

    /// A rule: its id, title, sources and the line of its words a failure report quotes.
    private func write(_ rule: RuleReference, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("id", string: rule.id)
        writer.field("title", string: rule.title)
        writer.field("sources", strings: rule.sources)
        writer.field("quoted_line", string: rule.quotedLine)
        writer.endObject()
    }

    // MARK: Reading

    /// The longest wait for an answer a compiled suite may give, as `--timeout` allows: a day.
    package static let longestTimeoutMilliseconds: Int64 = 86_400_000

    /// `timeout_ms`: more than 0 and at most a day, as `compile --timeout` allows, so that a
    /// deadline that far ahead cannot pass the clock's range (a larger one wrapped to a deadline
    /// already past).
    static func timeoutMilliseconds(_ value: WireValue) throws(WireFormatError) -> Int64 {
        let milliseconds = try value.integer(atLeast: 1)
        guard milliseconds <= longestTimeoutMilliseconds else {
            throw value.mismatch(
                expected: "an integer from 1 to \(longestTimeoutMilliseconds) (a day, as --timeout allows)"
            )
        }
        return milliseconds
    }

    static func decodeRule(_ value: WireValue) throws(WireFormatError) -> RuleReference {
        let object = try value.object()
        try object.allowOnly("id", "title", "sources", "quoted_line")
        return RuleReference(
            id: try identifier(object.field("id"), IdentifierSyntax.isRuleID, IdentifierSyntax.ruleIDSpelling),
            sources: try strings(object.field("sources")),
            title: try object.string("title"),
            quotedLine: try object.string("quoted_line")
        )
    }

    static func decodeSelection(_ value: WireValue) throws(WireFormatError) -> RunSelection {
        let object = try value.object()
        try object.allowOnly("filters", "tags", "profiles", "tag_expression", "shard")
        var profiles: [Profile] = []
        for element in try object.field("profiles").array() {
            profiles.append(try element.choice(Profile.self))
        }
        let tagExpression = try parsed(object, "tag_expression", as: TagExpression.self, expected: "a tag expression")
        let shard = try parsed(object, "shard", as: Shard.self, expected: "a shard I/N")
        return RunSelection(
            filters: try strings(object.field("filters")).map(GlobPattern.init),
            tags: try strings(object.field("tags")),
            profiles: profiles,
            tagExpression: tagExpression,
            shard: shard
        )
    }

    /// The string at `key`, if any, parsed as written on the command line: a string that does not
    /// parse is a mismatch expecting `what`, with the parser's message.
    private static func parsed<Value: TextCodable>(
        _ object: WireObject,
        _ key: String,
        as: Value.Type,
        expected what: String
    ) throws(WireFormatError) -> Value? {
        guard let value = object.optionalField(key) else { return nil }
        let text = try value.string()
        do {
            return try Value(parsing: text)
        } catch {
            throw value.mismatch(expected: "\(what) (\(error))")
        }
    }

    /// An array of strings.
    /// A string spelled as `isSpelled` allows, which `spelling` names (`IdentifierSyntax`'s): what
    /// the loader could have read.
    static func identifier(
        _ value: WireValue,
        _ isSpelled: (String) -> Bool,
        _ spelling: String
    ) throws(WireFormatError) -> String {
        let text = try value.string()
        guard isSpelled(text) else { throw value.mismatch(expected: spelling) }
        return text
    }

    static func strings(_ value: WireValue) throws(WireFormatError) -> [String] {
        var strings: [String] = []
        for element in try value.array() {
            strings.append(try element.string())
        }
        return strings
    }
}
