import IAMSpecPlatform

/// Prints diagnostics the way compilers do: `path:line:col: error: message`, then the source
/// line, then a caret under the column (tabs kept, so the caret lines up).
package enum DiagnosticRenderer {
    /// Renders every diagnostic, each followed by its source line and caret when the file and
    /// line can be read. Each file is read once.
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
        var output =
            color
            ? "\u{1B}[1m\(location): \u{1B}[31merror:\u{1B}[0m\u{1B}[1m \(diagnostic.message)\u{1B}[0m\n"
            : "\(diagnostic)\n"
        guard let scalars = sources.scalars(ofLine: location.line, in: location.file) else { return output }
        let caretOffset = location.column - 1
        // A very long line shows only a window around the column, marked with "…" where cut.
        let first = scalars.count > maximumShownWidth ? max(0, caretOffset - maximumShownWidth / 2) : 0
        let last = min(scalars.count, first + maximumShownWidth)
        var shown = first > 0 ? "…" : ""
        var caret = first > 0 ? " " : ""
        for offset in first..<max(first, last) {
            let scalar = scalars[offset]
            let printable = scalar == "\t" || scalar.value >= 0x20 && scalar.value != 0x7F
            shown.unicodeScalars.append(printable ? scalar : "\u{FFFD}")
            if offset < caretOffset {
                caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            }
        }
        if last < scalars.count { shown += "…" }
        let missing = caretOffset - first + (first > 0 ? 1 : 0) - caret.unicodeScalars.count
        if missing > 0 { caret += String(repeating: " ", count: missing) }
        output += shown + "\n"
        output += color ? "\(caret)\u{1B}[32m^\u{1B}[0m\n" : "\(caret)^\n"
        return output
    }
}

/// The lines of source files, each file read from disk once and each line split into Unicode
/// scalars once (a file with many problems on one long line is rendered in linear time).
private struct SourceLines {
    private var files: [String: [Substring]] = [:]
    private var lastLine: (file: String, number: Int, scalars: [Unicode.Scalar])?

    /// The Unicode scalars of a line, kept for the next call: diagnostics come sorted by location.
    mutating func scalars(ofLine number: Int, in path: String) -> [Unicode.Scalar]? {
        if let lastLine, lastLine.number == number, lastLine.file == path { return lastLine.scalars }
        guard let line = line(number, of: path) else { return nil }
        let scalars = Array(line.unicodeScalars)
        lastLine = (path, number, scalars)
        return scalars
    }

    private mutating func line(_ number: Int, of path: String) -> Substring? {
        let lines: [Substring]
        if let cached = files[path] {
            lines = cached
        } else {
            if let data = FileManager.default.contents(atPath: path) {
                let text = String(decoding: data, as: UTF8.self)
                lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            } else {
                lines = []
            }
            files[path] = lines
        }
        guard number >= 1, number <= lines.count else { return nil }
        return lines[number - 1]
    }
}
