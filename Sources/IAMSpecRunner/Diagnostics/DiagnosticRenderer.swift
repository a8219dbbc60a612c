/// Prints diagnostics the way compilers do: `path:line:col: error: message`, then the source
/// line after its number and a bar, then a caret under the column:
///
/// ```
/// Specs/stack/basics.yaml:5:5: error: unknown step 'sesion_start'; expected one of: ...
/// 5 |   - sesion_start
///   |     ^
/// ```
///
/// The path, the message and the source line are the spec's text, shown as `QuotedText` shows
/// it (a tab as `\t`, an escape as `\u{1b}`, the caret moved to match); the bar keeps the source
/// line from beginning a line of the output.
package enum DiagnosticRenderer {
    /// Renders every diagnostic, each followed by its source line and caret when the file and
    /// line can be read. Each file is read once, and only when it is within the file limit.
    package static func render(_ diagnostics: [Diagnostic], color: Bool = false) -> String {
        var sources = SourceLines()
        var output = ""
        for diagnostic in diagnostics {
            output += render(diagnostic, sources: &sources, color: color)
        }
        return output
    }

    /// The most characters of a source line shown under a diagnostic.
    static let maximumShownWidth = 160

    private static func render(_ diagnostic: Diagnostic, sources: inout SourceLines, color: Bool) -> String {
        let location = diagnostic.location
        let place = QuotedText.line(location.description)
        var output =
            color
            ? "\u{1B}[1m\(place): \u{1B}[31merror:\u{1B}[0m\u{1B}[1m \(QuotedText.line(diagnostic.message))\u{1B}[0m\n"
            : "\(diagnostic)\n"
        guard diagnostic.quotesSource, let scalars = sources.scalars(ofLine: location.line, in: location.file) else {
            return output
        }
        let caretOffset = location.column - 1
        // A very long line shows only a window around the column, marked with "…" where cut.
        let first = scalars.count > maximumShownWidth ? max(0, caretOffset - maximumShownWidth / 2) : 0
        let last = max(first, min(scalars.count, first + maximumShownWidth))
        let shown = QuotedText.line(Array(scalars[first..<last]), marking: caretOffset - first)
        let beyondEnd = max(0, caretOffset - last)
        let caretColumn = (first > 0 ? 1 : 0) + shown.marked + beyondEnd
        let number = String(location.line)
        let margin = String(repeating: " ", count: number.count)
        output += "\(number) | \(first > 0 ? "…" : "")\(shown.text)\(last < scalars.count ? "…" : "")\n"
        let caret = String(repeating: " ", count: caretColumn) + (color ? "\u{1B}[32m^\u{1B}[0m" : "^")
        output += "\(margin) | \(caret)\n"
        return output
    }
}

/// The lines of source files, each file read from disk once (and only within the file limit)
/// with where each line starts, and each line split into Unicode scalars once (a file with many
/// problems on one long line is rendered in linear time). Lines end where libyaml ends them
/// (``YAMLSourceText``).
private struct SourceLines {
    private var files: [String: (bytes: [UInt8], lineStarts: [Int])] = [:]
    private var lastLine: (file: String, number: Int, scalars: [Unicode.Scalar])?

    /// The Unicode scalars of a line, kept for the next call: diagnostics come sorted by location.
    mutating func scalars(ofLine number: Int, in path: String) -> [Unicode.Scalar]? {
        if let lastLine, lastLine.number == number, lastLine.file == path { return lastLine.scalars }
        let file = files[path] ?? read(path)
        files[path] = file
        guard number >= 1, number <= file.lineStarts.count else { return nil }
        let scalars = file.bytes.withUnsafeBufferPointer {
            YAMLSourceText(bytes: $0).line(startingAt: file.lineStarts[number - 1])
        }
        lastLine = (path, number, scalars)
        return scalars
    }

    private func read(_ path: String) -> (bytes: [UInt8], lineStarts: [Int]) {
        switch YAMLFile.contents(of: path, unreadable: { _ in "" }) {
        case .bytes(let bytes): (bytes, bytes.withUnsafeBufferPointer { YAMLSourceText(bytes: $0).lineStarts() })
        case .problem: ([], [])
        }
    }
}
