// The footer line of the results stream, written a piece at a time: the same bytes as the line
// made whole (`ResultsStream.line(_:)` of the footer, compact JSON with its keys sorted, its text
// made inert), so that a baseline of tens of thousands of entries, most of a long run's footer
// (7.0 MB of a 7.5 MB line at 42,858 entries), goes to the report's spool an entry at a time
// instead of being made whole, and copied, first.

extension FooterLine {
    /// About how many bytes a piece holds: a piece ends after the entry that takes it past this.
    private static let pieceBytes = 1 << 16

    /// Hands the footer's line, its line end included, to `piece` in order, a part at a time.
    ///
    /// `baseline` sorts before every other key of the footer, so the line is the baseline's
    /// member, written an entry at a time, then the other members as ``SortedJSONEncoder`` writes
    /// them. A piece ends between two values of an array (after a `}` or a string's `"`), where
    /// making text inert (`QuotedText.json(_:)`) acts as it does on the whole line.
    package func writeLine(in piece: ([UInt8]) -> Void) {
        // A footer is made of strings, integers and Booleans: encoding one cannot fail.
        guard let baseline else { return piece(ResultsStream.inertLine(try! SortedJSONEncoder.encode(self))) }
        var others = self
        others.baseline = nil
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.key("baseline")
        writer.beginObject()
        writer.key("allow_unexpected_pass")
        writer.boolean(baseline.allowUnexpectedPass)
        writer.field("engine", string: baseline.engine)
        writer.key("entries")
        writer.beginArray()
        for entry in baseline.entries {
            writer.written(try! SortedJSONEncoder.encode(entry))
            if writer.byteCount >= Self.pieceBytes { piece(QuotedText.json(writer.takeBytes())) }
        }
        writer.endArray()
        writer.field("file", string: baseline.file)
        writer.key("stale")
        writer.beginArray()
        for key in baseline.stale {
            writer.string(key)
            if writer.byteCount >= Self.pieceBytes { piece(QuotedText.json(writer.takeBytes())) }
        }
        writer.endArray()
        writer.endObject()
        // The other members, `{` left out: never none, `record` and `totals` being always there.
        let rest = try! SortedJSONEncoder.encode(others)
        writer.written(Array(rest.dropFirst()))
        piece(ResultsStream.inertLine(writer.takeBytes()))
    }
}
