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
            DiagnosticRenderer.render(diagnostics) == """
                \(file):2:10: error: unknown step 'x'
                \tsteps: [x]
                \t        ^
                \(file):1:8: error: past the end
                id: a
                       ^
                \(file):40:1: error: no such line
                /no/such.yaml:1:1: error: no such file

                """
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
                steps: [{advance: -1}, {expect: nothing}]
                                  ^

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
            rendered == "\(file):1:301: error: here\n…\(window)…\n" + String(repeating: " ", count: 81) + "^\n"
        )
    }
}
