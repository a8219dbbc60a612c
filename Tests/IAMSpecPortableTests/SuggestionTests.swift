import Testing

@testable import IAMSpecPortable

@Suite struct SuggestionTests {
    @Test func aNearMissGetsTheClosestName() {
        #expect(
            Suggestion.hint(for: "sesion_start", among: ["session_start", "session_end"])
                == "; did you mean 'session_start'?"
        )
        #expect(Suggestion.hint(for: "purchase", among: ["session_start"]) == "")
    }

    /// scripts/fuzz-loader found this one: a 120 KB unknown step name was compared with every step
    /// name, edit by edit (20 s); a name longer than a candidate by more than the edits allowed is
    /// not compared at all.
    @Test func aVeryLongNameIsCloseToNothing() {
        let long = "sess" + String(repeating: "- ", count: 60_000)
        #expect(Suggestion.closest(to: long, among: ["session_start", "session_end"]) == nil)
        #expect(Suggestion.closest(to: "session_startt", among: ["session_start"]) == "session_start")
    }
}
