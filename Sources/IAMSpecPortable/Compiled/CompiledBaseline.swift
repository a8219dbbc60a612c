import IAMSpec

/// A baseline as a compiled suite carries it (`iamspec compile --baseline FILE`): the file it
/// was read from, the engine it is for, and its entries, in a `"baseline"` object:
/// `{"file": ..., "engine": ..., "entries": [{"case": ..., "profile": ..., "status": ...,
/// "reason": ..., "issue": ...}]}` (`profile` and `issue` left out when the entry has none).
package struct CompiledBaseline: Sendable, Hashable {
    /// The baseline file as `compile --baseline` was given it.
    package var file: String
    /// The entries, for the engine the file names.
    package var baseline: Baseline

    package init(file: String, baseline: Baseline) {
        self.file = file
        self.baseline = baseline
    }

    /// The baseline applied to the runs of `cases` (each case with the profiles it is run under),
    /// as `iamspec run --baseline` applies it: its entries naming no such run are stale.
    package func applied(to cases: some Sequence<(id: String, profiles: [Profile])>) -> AppliedBaseline {
        AppliedBaseline(
            baseline,
            file: file,
            staleEntries: baseline.staleEntries(in: cases),
            allowsUnexpectedPasses: false
        )
    }

    /// Why the baseline cannot judge the runs of the engine named `engine`: it is another engine's
    /// (`iamspec run --baseline` refuses such a file, and so do `run-compiled` and a test bundle);
    /// nil when it is that engine's.
    package func mismatch(engine: String) -> String? {
        guard baseline.engine != engine else { return nil }
        return "the compiled suite carries the baseline of the engine \"\(QuotedText.line(baseline.engine))\" "
            + "(\(QuotedText.line(file))), and the engine under test is \"\(QuotedText.line(engine))\"; "
            + "expected this engine's known outcomes: compile the suite with its baseline "
            + "(iamspec compile --baseline FILE)"
    }

    func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("file", string: file)
        writer.field("engine", string: baseline.engine)
        writer.key("entries")
        writer.beginArray()
        for entry in baseline.entries {
            writer.beginObject()
            writer.field("case", string: entry.caseID)
            if let profile = entry.profile {
                writer.field("profile", string: profile.rawValue)
            }
            writer.field("status", string: entry.status.rawValue)
            writer.field("reason", string: entry.reason)
            if let issue = entry.issue {
                writer.field("issue", string: issue)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    static func decode(_ value: WireValue) throws(WireFormatError) -> CompiledBaseline {
        let object = try value.object()
        try object.allowOnly("file", "engine", "entries")
        var entries: [BaselineEntry] = []
        for element in try object.field("entries").array() {
            let entry = try element.object()
            try entry.allowOnly("case", "profile", "status", "reason", "issue")
            let status = entry.field("status")
            guard let decoded = BaselineStatus(rawValue: try status.string()) else {
                throw status.mismatch(expected: BaselineStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let profile = try entry.optionalField("profile").map { value throws(WireFormatError) in
                try value.choice(Profile.self)
            }
            entries.append(
                BaselineEntry(
                    caseID: try entry.field("case").nonEmptyString(),
                    profile: profile,
                    status: decoded,
                    reason: try entry.string("reason"),
                    issue: try entry.optionalField("issue").map { value throws(WireFormatError) in try value.string() }
                )
            )
        }
        return CompiledBaseline(
            file: try object.string("file"),
            baseline: Baseline(engine: try object.field("engine").nonEmptyString(), entries: entries)
        )
    }
}
