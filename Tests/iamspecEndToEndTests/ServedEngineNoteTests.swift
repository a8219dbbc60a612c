import Foundation
import Testing

/// `iamspec engine --stdio` notes on stderr each request it cannot read, quoting it: a person
/// feeding it requests by hand (Specs/PROTOCOL.md, Writing an engine) reads that on a terminal,
/// so the quote is shown inert, as every report shows text from outside.
@Suite struct ServedEngineNoteTests {
    @Test func aRequestWithControlSequencesIsQuotedInertOnStderr() throws {
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.runInShell(
            #"printf '\033[2J\033]0;title\007RED\357\273\277\n' | '\#(iamspec)' engine --stdio"#
        )
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError
                == "iamspec engine: not a request iamspec's protocol defines: column 1: expected a value, found the "
                + #"byte 0x1B (in `\u{1b}[2J\u{1b}]0;title\u{7}RED\u{feff}`)"# + "\n"
        )
        // The answer on stdout is JSON, which escapes the control characters itself.
        #expect(!outcome.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
