import IAMSpec

// A case line of the results stream written straight into its bytes, a line per run: compact
// JSON, each object's keys in byte order, an optional left out when nil, as the header and the
// footer are written (`ResultsStream.line(_:)`), without an encoder's tree of values to sort.
// A key added to `CaseLine` (or to a type it holds) is written here, in its place in that order.

extension CaseLine {
    /// Writes the record's object.
    package func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("diagnostics")
        writer.string(diagnostics)
        if let difference {
            writer.key("difference")
            difference.write(to: &writer)
        }
        writer.key("duration_ms")
        writer.integer(durationMilliseconds)
        if let given {
            writer.key("given")
            writer.strings(given)
        }
        writer.key("id")
        writer.string(id)
        if let kind {
            writer.key("kind")
            writer.string(kind.rawValue)
        }
        writer.key("location")
        location.write(to: &writer)
        writer.key("message")
        writer.string(message)
        if let nondeterminism {
            writer.key("nondeterminism")
            nondeterminism.write(to: &writer)
        }
        writer.key("profile")
        writer.string(profile.rawValue)
        writer.key("record")
        writer.string(record)
        writer.key("rules")
        writer.beginArray()
        for rule in rules {
            writer.beginObject()
            writer.key("id")
            writer.string(rule.id)
            writer.key("sources")
            writer.strings(rule.sources)
            writer.endObject()
        }
        writer.endArray()
        if let skipReason {
            writer.key("skip_reason")
            writer.string(skipReason)
        }
        if let skippedChecks {
            writer.key("skipped_checks")
            writer.beginArray()
            for skipped in skippedChecks {
                writer.beginObject()
                writer.key("capability")
                writer.string(skipped.capability.rawValue)
                writer.key("check")
                writer.string(skipped.check)
                writer.key("location")
                skipped.location.write(to: &writer)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.key("status")
        writer.string(status.rawValue)
        writer.key("tags")
        writer.strings(tags)
        writer.key("timeline")
        timeline.write(to: &writer)
        writer.key("title")
        writer.string(title)
        writer.endObject()
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
                writer.key("actual")
                writer.strings(actual)
            }
            if let expected = entry.expected {
                writer.key("expected")
                writer.strings(expected)
            }
            writer.key("location")
            entry.location.write(to: &writer)
            writer.key("observations")
            writer.strings(entry.observations)
            writer.key("step")
            writer.string(entry.step)
            writer.key("time")
            writer.string(entry.time)
            writer.endObject()
        }
        writer.endArray()
    }
}

extension SourceLocation {
    fileprivate func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("column")
        writer.integer(Int64(column))
        writer.key("file")
        writer.string(file)
        writer.key("line")
        writer.integer(Int64(line))
        writer.endObject()
    }
}

extension Difference {
    /// Writes the difference, `blocked` only when the run is blocked.
    fileprivate func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        if !blocked.isEmpty {
            writer.key("blocked")
            writer.strings(blocked)
        }
        writer.key("mismatch")
        writer.string(mismatch)
        writer.key("rules")
        writer.strings(rules)
        writer.endObject()
    }
}

extension Nondeterminism {
    /// Writes how many repeats were asked for and the two that did not agree.
    fileprivate func write(to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("repeats")
        writer.integer(Int64(repeats))
        writer.key("runs")
        writer.beginArray()
        for run in runs {
            writer.beginObject()
            if let kind = run.kind {
                writer.key("kind")
                writer.string(kind.rawValue)
            }
            writer.key("message")
            writer.string(run.message)
            writer.key("number")
            writer.integer(Int64(run.number))
            writer.key("status")
            writer.string(run.status.rawValue)
            writer.key("timeline")
            run.timeline.write(to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
