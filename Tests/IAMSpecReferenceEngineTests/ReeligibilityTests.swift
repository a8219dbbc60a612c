import IAMSpec
import Testing

/// "By default a message that has been displayed is not eligible again; a campaign may set a
/// re-eligibility period in seconds, counted from its last display" (semantics notes, point 1).
@Suite("Re-eligibility")
struct ReeligibilityTests {
    @Test("a displayed message is never triggered again by default", arguments: Profile.allCases)
    func neverByDefault(profile: Profile) throws {
        var engine = try EngineDriver([onEvent("a")], profile: profile)
        try engine.startSession()
        try engine.event("tap")
        try engine.dismiss("a")
        try engine.advance(3600)
        #expect(try engine.event("tap") == unmatched("tap"))
    }

    @Test("a re-eligible message fires again once the period since its last display has passed")
    func afterThePeriod() throws {
        var engine = try EngineDriver([onEvent("a", delay: 5, reeligibility: 60)], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        #expect(try engine.advance(5) == shown("a"))  // displayed at 5 s
        try engine.dismiss("a")
        try engine.advance(54)  // 59 s: ready at 64 s, 59 s after the display
        #expect(try engine.event("tap") == unmatched("tap"))
        try engine.advance(1)  // ready at 65 s, 60 s after the display
        #expect(try engine.event("tap") == [])
        #expect(try engine.advance(5) == shown("a"))
    }

    @Test("re-eligibility is judged at the trigger time + delay, as the Web SDK judges it")
    func judgedAtTheReadyTime() throws {
        var engine = try EngineDriver([onEvent("a", delay: 30, reeligibility: 60)], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        #expect(try engine.advance(30) == shown("a"))  // displayed at 30 s
        try engine.dismiss("a")
        try engine.advance(30)  // 60 s: 30 s after the display, ready at 90 s, 60 s after it
        #expect(try engine.event("tap") == [])
        #expect(try engine.advance(30) == shown("a"))
    }

    @Test("a message still waiting on the stack is fired again, and stays on it once")
    func stackedIsFiredAgain() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        try engine.send(.appBackgrounded)
        try engine.event("tap")
        #expect(try engine.event("tap") == [.stacked("a", reason: .background)])
        #expect(try engine.stack() == ["a"])
    }
}
