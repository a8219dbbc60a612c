import IAMSpec
import Testing

/// "Only the in-app message with the highest priority will be delivered" (seed 003).
@Suite("Priority")
struct PriorityTests {
    @Test("the highest priority wins, whatever the delivered order", arguments: Profile.allCases)
    func highestPriorityWins(profile: Profile) throws {
        var engine = try EngineDriver(
            [onEvent("high", priority: 3), onEvent("low", priority: 1), onEvent("middle", priority: 2)],
            profile: profile
        )
        try engine.startSession()
        #expect(try engine.event("tap") == shown("high"))
    }

    @Test("a tie goes to the later message in the delivered list")
    func tieGoesToLaterMessage() throws {
        var engine = try EngineDriver([onEvent("first", priority: 1), onEvent("second", priority: 1), onEvent("low")])
        try engine.startSession()
        #expect(try engine.event("tap") == shown("second"))
    }

    @Test("losers are not triggered: they stay eligible for a later event")
    func losersAreNotTriggered() throws {
        var engine = try EngineDriver([onEvent("low", priority: 1), onEvent("high", priority: 2)])
        try engine.startSession()
        #expect(try engine.event("tap") == shown("high"))
        #expect(try engine.stack() == [])
        try engine.dismiss("high")
        try engine.advance(30)
        #expect(try engine.event("tap") == shown("low"))
    }

    @Test("a message already displayed is no candidate, so the next one wins")
    func displayedMessageIsNoCandidate() throws {
        var engine = try EngineDriver(
            [onEvent("low", priority: 1), onEvent("high", priority: 2)],
            configuration: interval(0)
        )
        try engine.startSession()
        #expect(try engine.event("tap") == shown("high"))
        try engine.dismiss("high")
        #expect(try engine.event("tap") == shown("low"))
        try engine.dismiss("low")
        #expect(try engine.event("tap") == unmatched("tap"))
    }
}
