import Foundation

/// Prints diagnostics the way compilers do: `path:line:col: error: message`, then the source
/// line, then a caret under the column (tabs kept, so the caret lines up).
public enum DiagnosticRenderer {
    /// Renders every diagnostic, each followed by its source line and caret when the file and
    /// line can be read. Each file is read once.
    public static func render(_ diagnostics: [Diagnostic], color: Bool = false) -> String {
        var sources = SourceLines()
        var output = ""
        for diagnostic in diagnostics {
            output += render(diagnostic, sources: &sources, color: color)
        }
        return output
    }

    private static func render(_ diagnostic: Diagnostic, sources: inout SourceLines, color: Bool) -> String {
        let location = diagnostic.location
        var output =
            color
            ? "\u{1B}[1m\(location): \u{1B}[31merror:\u{1B}[0m\u{1B}[1m \(diagnostic.message)\u{1B}[0m\n"
            : "\(diagnostic)\n"
        guard let line = sources.line(location.line, of: location.file) else { return output }
        var shown = ""
        var caret = ""
        for (offset, scalar) in line.unicodeScalars.enumerated() {
            let printable = scalar == "\t" || scalar.value >= 0x20 && scalar.value != 0x7F
            shown.unicodeScalars.append(printable ? scalar : "\u{FFFD}")
            if offset < location.column - 1 {
                caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            }
        }
        let missing = location.column - 1 - caret.unicodeScalars.count
        if missing > 0 { caret += String(repeating: " ", count: missing) }
        output += shown + "\n"
        output += color ? "\(caret)\u{1B}[32m^\u{1B}[0m\n" : "\(caret)^\n"
        return output
    }
}

/// The lines of source files, each file read from disk once.
private struct SourceLines {
    private var files: [String: [Substring]] = [:]

    mutating func line(_ number: Int, of path: String) -> Substring? {
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
