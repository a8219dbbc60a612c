import IAMSpec

// A case line of the results stream written straight into its bytes, a line per run: compact
// JSON, each object's keys in byte order, an optional left out when nil, as the header and the
// footer are written (`ResultsStream.line(_:)`), without an encoder's tree of values to sort; and
// read back straight from its parsed value (`JSONRecordObject`), without `Decodable`'s containers.
// A key added to `CaseLine` (or to a type it holds) is written here, in its place in that order,
// and read here.

extension CaseLine {
    /// Writes the record's object.
    package func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("diagnostics", string: diagnostics)
        if let difference {
            writer.key("difference")
            difference.write(to: &writer)
        }
        writer.field("duration_ms", integer: durationMilliseconds)
        if let given {
            writer.field("given", strings: given)
        }
        writer.field("id", string: id)
        if let kind {
            writer.field("kind", string: kind.rawValue)
        }
        writer.key("location")
        location.write(to: &writer)
        writer.field("message", string: message)
        if let nondeterminism {
            writer.key("nondeterminism")
            nondeterminism.write(to: &writer)
        }
        writer.field("profile", string: profile.rawValue)
        writer.field("record", string: record)
        writer.key("rules")
        writer.beginArray()
        for rule in rules {
            writer.beginObject()
            writer.field("id", string: rule.id)
            writer.field("sources", strings: rule.sources)
            writer.endObject()
        }
        writer.endArray()
        if let skipReason {
            writer.field("skip_reason", string: skipReason)
        }
        if let skippedChecks {
            writer.key("skipped_checks")
            writer.beginArray()
            for skipped in skippedChecks {
                writer.beginObject()
                writer.field("capability", string: skipped.capability.rawValue)
                writer.field("check", string: skipped.check)
                writer.key("location")
                skipped.location.write(to: &writer)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.field("status", string: status.rawValue)
        writer.field("tags", strings: tags)
        writer.key("timeline")
        timeline.write(to: &writer)
        writer.field("title", string: title)
        writer.endObject()
    }
}

extension CaseLine {
    /// The case record `value` holds (a parsed line whose `record` is `case`), each field read in
    /// the order the format lists them, so that of several problems the first is said.
    ///
    /// - Throws: ``RecordProblem`` at the first value that does not fit the format: a key
    ///   missing, a value of another type, a name of no closed set's, a line, column or duration
    ///   out of range.
    package init(reading value: JSONValue) throws(RecordProblem) {
        let fields = try JSONRecordObject(value)
        id = try fields.string("id")
        profile = try fields.name("profile", as: Profile.self)
        title = try fields.string("title")
        status = try fields.name("status", as: CaseStatus.self)
        message = try fields.string("message")
        kind = try fields.optionalName("kind", as: CaseResult.Kind.self)
        location = try fields.object("location", SourceLocation.init(reading:))
        durationMilliseconds = try fields.integer("duration_ms")
        rules = try fields.objects("rules") { rule throws(RecordProblem) in
            RuleReference(id: try rule.string("id"), sources: try rule.strings("sources"))
        }
        tags = try fields.strings("tags")
        timeline = try fields.objects("timeline", TimelineEntry.init(reading:))
        diagnostics = try fields.string("diagnostics")
        skipReason = try fields.optionalString("skip_reason")
        difference = try fields.optionalObject("difference") { difference throws(RecordProblem) in
            Difference(
                rules: try difference.strings("rules"),
                mismatch: try difference.string("mismatch"),
                blocked: try difference.optionalStrings("blocked") ?? []
            )
        }
        given = try fields.optionalStrings("given")
        skippedChecks = try fields.optionalObjects("skipped_checks") { skipped throws(RecordProblem) in
            SkippedCheck(
                location: try skipped.object("location", SourceLocation.init(reading:)),
                check: try skipped.string("check"),
                capability: try skipped.name("capability", as: Capability.self)
            )
        }
        nondeterminism = try fields.optionalObject("nondeterminism") { nondeterminism throws(RecordProblem) in
            Nondeterminism(
                repeats: Int(try nondeterminism.integer("repeats")),
                runs: try nondeterminism.objects("runs") { run throws(RecordProblem) in
                    Nondeterminism.Repeat(
                        number: Int(try run.integer("number")),
                        status: try run.name("status", as: CaseStatus.self),
                        kind: try run.optionalName("kind", as: CaseResult.Kind.self),
                        message: try run.string("message"),
                        timeline: try run.objects("timeline", TimelineEntry.init(reading:))
                    )
                }
            )
        }
        // A wall time is never negative (`minimum: 0`), nor is one any report adds up; checked
        // last, once the record is found to be of the format's shape.
        guard durationMilliseconds >= 0 else {
            throw RecordProblem(.unfit("expected an integer of at least 0"), at: [.key("duration_ms")])
        }
    }
}

extension TimelineEntry {
    /// The entry `fields` hold: `time`, `step`, `location`, `observations`, and `expected` and
    /// `actual` when present.
    fileprivate init(reading fields: JSONRecordObject) throws(RecordProblem) {
        self.init(
            time: try fields.string("time"),
            step: try fields.string("step"),
            location: try fields.object("location", SourceLocation.init(reading:)),
            observations: try fields.strings("observations"),
            expected: try fields.optionalStrings("expected"),
            actual: try fields.optionalStrings("actual")
        )
    }
}

extension SourceLocation {
    /// The location `fields` hold: `file`, then `line` and `column`, each at least 1
    /// (`results.schema.json` says `minimum: 1`), so that no report shows a place such as
    /// `x.yaml:0:-1`.
    fileprivate init(reading fields: JSONRecordObject) throws(RecordProblem) {
        let file = try fields.string("file")
        let line = try fields.integer("line", atLeast: 1)
        self.init(file: file, line: Int(line), column: Int(try fields.integer("column", atLeast: 1)))
    }
}

extension [TimelineEntry] {
    /// Writes the entries, each `actual`, `expected` (when present), `location`, `observations`,
    /// `step` and `time`.
    fileprivate func write(to writer: inout JSONLineWriter) {
        writer.beginArray()
        for entry in self {
            writer.beginObject()
            if let actual = entry.actual {
                writer.field("actual", strings: actual)
            }
            if let expected = entry.expected {
                writer.field("expected", strings: expected)
            }
            writer.key("location")
            entry.location.write(to: &writer)
            writer.field("observations", strings: entry.observations)
            writer.field("step", string: entry.step)
            writer.field("time", string: entry.time)
            writer.endObject()
        }
        writer.endArray()
    }
}

extension SourceLocation {
    fileprivate func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("column", integer: Int64(column))
        writer.field("file", string: file)
        writer.field("line", integer: Int64(line))
        writer.endObject()
    }
}

extension Difference {
    /// Writes the difference, `blocked` only when the run is blocked.
    fileprivate func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        if !blocked.isEmpty {
            writer.field("blocked", strings: blocked)
        }
        writer.field("mismatch", string: mismatch)
        writer.field("rules", strings: rules)
        writer.endObject()
    }
}

extension Nondeterminism {
    /// Writes how many repeats were asked for and the two that did not agree.
    fileprivate func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("repeats", integer: Int64(repeats))
        writer.key("runs")
        writer.beginArray()
        for run in runs {
            writer.beginObject()
            if let kind = run.kind {
                writer.field("kind", string: kind.rawValue)
            }
            writer.field("message", string: run.message)
            writer.field("number", integer: Int64(run.number))
            writer.field("status", string: run.status.rawValue)
            writer.key("timeline")
            run.timeline.write(to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
