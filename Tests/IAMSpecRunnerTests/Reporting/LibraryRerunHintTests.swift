import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

/// After a library run, a failure's re-run hint is Swift that compiles against the runner's API
/// and selects exactly the failing case run. Each hint the tests print is written in this file as
/// code, which the compiler checks; each test finds its hint in this file word for word, and
/// checks that the compiled code selects the case, in its profiles, and no other id.
@Suite("The library re-run hint")
struct LibraryRerunHintTests {
    /// The hints printed below, as code; `swift-format-ignore` keeps each on one line, as printed.
    enum Compiled {
        // swift-format-ignore
        static let plain = RunOptions(selection: RunSelection(filters: [.exactly("triggers.two")], profiles: [.brazeSwift]))
        // swift-format-ignore
        static let odd = RunOptions(selection: RunSelection(filters: [.exactly("odd*[id]?\"quoted\"\\back\u{9}")], profiles: [.appboyLegacy, .brazeSwift]))
    }

    @Test func aPlainIDsHintCompilesAndSelectsItsRun() throws {
        try check(caseID: "triggers.two", profiles: [.brazeSwift], compiled: Compiled.plain)
    }

    @Test func anIDWithGlobCharactersQuotesAndBackslashesIsEscapedTwice() throws {
        try check(
            caseID: "odd*[id]?\"quoted\"\\back\t",
            profiles: [.appboyLegacy, .brazeSwift],
            compiled: Compiled.odd
        )
    }

    private func check(caseID: String, profiles: [Profile], compiled: RunOptions) throws {
        var header = ReportFixtures.header()
        header.invocation = nil
        let hint = RerunCommand.text(caseID: caseID, profiles: profiles, header: header)
        let lead = "through the library, the same ConformanceRun with "
        #expect(hint.hasPrefix(lead), "\(hint)")
        let expression = hint.dropFirst(lead.count)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        #expect(source.contains(" = \(expression)\n"), "the hint is compiled code of \(#filePath): \(expression)")

        #expect(compiled.selection.profiles == profiles)
        #expect(compiled.selection.filters.count == 1)
        #expect(compiled.selection.filters.allSatisfy { $0.matches(caseID) })
        // What the id's `*`, `?` and `[id]` would match as a pattern, and a longer id.
        let others = [
            caseID.replacing("*", with: "-anything-"),
            caseID.replacing("?", with: "x"),
            caseID.replacing("[id]", with: "i"),
            caseID + "x",
        ]
        for other in others where other != caseID {
            #expect(!compiled.selection.filters.contains { $0.matches(other) }, "selects \(other)")
        }
    }
}
