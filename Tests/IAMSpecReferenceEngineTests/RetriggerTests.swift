import IAMSpec
import Testing

/// A message that waits (on the stack, on its delay, on its assets) has not been displayed, so its
/// event fires it again: a new trigger time, a new timeout, never a second display.
@Suite("Re-triggering a waiting message")
struct RetriggerTests {
    @Test("a stacked message fired again moves to the top, once", arguments: Profile.allCases)
    func stackedMovesToTop(profile: Profile) throws {
        var engine = try EngineDriver(
            [onEvent("first", "one"), onEvent("older", "two"), onEvent("newer", "three")],
            profile: profile,
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.event("one")
        try engine.event("two")
        try engine.event("three")
        #expect(try engine.event("two") == [.stacked("older", reason: .messageVisible)])
        #expect(try engine.stack() == ["older", "newer"])
    }

    @Test("a new firing brings a new timeout to a stacked message whose timeout passed")
    func newTimeoutOnTheStack() throws {
        var engine = try EngineDriver([onEvent("first", "one"), onEvent("waiting", "two")], configuration: interval(0))
        try engine.startSession()
        try engine.event("one")
        try engine.event("two")
        try engine.advance(40)
        try engine.event("two")
        try engine.advance(milliseconds: 29_999)
        try engine.dismiss("first")
        #expect(try engine.displayNext() == shown("waiting"))
        #expect(try engine.stack() == [])
    }

    @Test("each firing waits out its own delay; the later one finds the message displayed")
    func delayedFiringsShowOnce() throws {
        var engine = try EngineDriver([onEvent("nudge", delay: 10)], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        try engine.advance(5)
        #expect(try engine.event("tap") == [])
        #expect(try engine.advance(5) == shown("nudge"))
        try engine.dismiss("nudge")
        #expect(try engine.advance(5) == [])
    }

    @Test("a later firing's delay ends after the re-eligibility period: it displays again")
    func delayedFiringReeligible() throws {
        var engine = try EngineDriver([onEvent("nudge", delay: 10, reeligibility: 3)], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        try engine.advance(5)
        try engine.event("tap")
        #expect(try engine.advance(5) == shown("nudge"))
        try engine.dismiss("nudge")
        #expect(try engine.advance(5) == shown("nudge"))
    }

    @Test("a message waiting for its image, fired again, is timed from the new trigger")
    func newTimeoutWhileDownloading() throws {
        var message = onEvent("promo")
        message.image = .pending
        var engine = try EngineDriver([message], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        try engine.advance(40)
        #expect(try engine.event("tap") == [])
        try engine.advance(29)
        #expect(try engine.settleAssets(of: "promo", succeeded: true) == shown("promo"))
    }
}
