import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite struct DiagnosticRendererTests {
    @Test func rendersTheSourceLineWithACaretUnderTheColumn() throws {
        let scratch = try SpecScratch(["case.yaml": "id: a\n\tsteps: [x]\n"])
        let file = scratch.folder + "/case.yaml"
        let diagnostics = [
            Diagnostic("unknown step 'x'", at: SourceLocation(file: file, line: 2, column: 10)),
            Diagnostic("past the end", at: SourceLocation(file: file, line: 1, column: 8)),
            Diagnostic("no such line", at: SourceLocation(file: file, line: 40, column: 1)),
            Diagnostic("no such file", at: SourceLocation(file: "/no/such.yaml", line: 1, column: 1)),
        ]
        #expect(
            DiagnosticRenderer.render(diagnostics) == #"""
                \#(file):2:10: error: unknown step 'x'
                2 | \tsteps: [x]
                  |           ^
                \#(file):1:8: error: past the end
                1 | id: a
                  |        ^
                \#(file):40:1: error: no such line
                /no/such.yaml:1:1: error: no such file

                """#
        )
    }

    @Test func loaderDiagnosticsRenderWithTheirSource() throws {
        let scratch = try SpecScratch([
            "case.yaml": "id: a\ntitle: T\nrules: [x.y]\nsteps: [{advance: -1}, {expect: nothing}]\n"
        ])
        let rendered = DiagnosticRenderer.render(scratch.load().diagnostics)
        #expect(
            rendered.replacingOccurrences(of: scratch.folder + "/", with: "") == """
                case.yaml:4:19: error: expected non-negative seconds for 'advance', found integer -1
                4 | steps: [{advance: -1}, {expect: nothing}]
                  |                   ^

                """
        )
    }

    @Test func aLongLineShowsAWindowAroundTheColumn() throws {
        let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
        let scratch = try SpecScratch(["long.yaml": line + "\n"])
        let file = scratch.folder + "/long.yaml"
        let rendered = DiagnosticRenderer.render([
            Diagnostic("here", at: SourceLocation(file: file, line: 1, column: 301))
        ])
        let window = String(repeating: "a", count: 80) + "X" + String(repeating: "b", count: 79)
        #expect(
            rendered == "\(file):1:301: error: here\n1 | …\(window)…\n  | " + String(repeating: " ", count: 81) + "^\n"
        )
    }

    /// A spec's own line may hold escapes, bidi controls and CI log commands: it is shown after
    /// the bar, each such character visibly, the caret under the column it names.
    @Test func aHostileSourceLineIsShownInertWithTheCaretInPlace() throws {
        let line = "::error::x: \u{1B}[2J\u{202E}k: ##[error]\u{7}v"
        let scratch = try SpecScratch(["case.yaml": "id: a\n" + line + "\n"])
        let file = scratch.folder + "/case.yaml"
        let column = line.unicodeScalars.count
        let rendered = DiagnosticRenderer.render([
            Diagnostic(
                "found '\u{1B}]0;t\u{7}\n::add-mask::x'",
                at: SourceLocation(file: file, line: 2, column: column)
            )
        ])
        let shown = #"::error::x: \u{1b}[2J\u{202e}k: #\u{23}[error]\u{7}v"#
        #expect(
            rendered == """
                \(file):2:\(column): error: found '\\u{1b}]0;t\\u{7}⏎::add-mask::x'
                2 | \\u{3a}\(shown.dropFirst())
                  | \(String(repeating: " ", count: shown.count + 4))^

                """
        )
    }

    /// Bytes that are not UTF-8 are named at their place, the line never shown: a file that is not
    /// text may be no spec file at all (a link's target, a binary), whose bytes no error quotes.
    @Test func bytesThatAreNotUTF8AreNamedAtTheirPlaceAndNotShown() throws {
        let scratch = try SpecScratch([:])
        try scratch.write("case.yaml", Data(Array("id: a\ntitle: ".utf8) + [0xFF, 0xFE] + Array("x\n".utf8)))
        let file = scratch.folder + "/case.yaml"
        #expect(
            DiagnosticRenderer.render(scratch.load().diagnostics) == """
                \(file):2:8: error: unreadable text: byte 0xFF never appears in UTF-8; expected UTF-8 text

                """
        )
    }

    /// Lines are counted as libyaml counts them: a vertical tab or a form feed ends none.
    @Test func lineNumbersFollowLibyamlsLineBreaks() throws {
        let scratch = try SpecScratch(["case.yaml": "a\u{B}b\u{C}c\u{2028}second\n"])
        let file = scratch.folder + "/case.yaml"
        let rendered = DiagnosticRenderer.render([
            Diagnostic("here", at: SourceLocation(file: file, line: 2, column: 1))
        ])
        #expect(rendered == "\(file):2:1: error: here\n2 | second\n  | ^\n")
    }

    /// A file past the file limit is not read to show a line (its own diagnostic names it).
    @Test func aFileTooLargeToReadShowsNoSourceLine() throws {
        let scratch = try SpecScratch(["large.yaml": ""])
        let file = scratch.folder + "/large.yaml"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: UInt64(YAMLLimits.standard.maximumFileBytes + 1))
        try handle.close()
        let rendered = DiagnosticRenderer.render([Diagnostic("big", at: SourceLocation(file: file, line: 1, column: 1))]
        )
        #expect(rendered == "\(file):1:1: error: big\n")
    }
}
