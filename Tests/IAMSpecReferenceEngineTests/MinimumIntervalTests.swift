import IAMSpec
import Testing

/// "By default, we rate limit in-app messages to once every 30 seconds" (seed 003), measured from
/// the last display, checked before priority and again at display time.
@Suite("Minimum trigger interval")
struct MinimumIntervalTests {
    @Test("the default interval is 30 s", arguments: Profile.allCases)
    func defaultIsThirtySeconds(profile: Profile) throws {
        var engine = try EngineDriver([onEvent("a"), onEvent("b", "other")], profile: profile)
        try engine.startSession()
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        try engine.advance(milliseconds: 29_999)
        #expect(try engine.event("other") == [])
        try engine.advance(milliseconds: 1)
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("a configured interval replaces the default")
    func configuredInterval() throws {
        var engine = try EngineDriver([onEvent("a"), onEvent("b", "other")], configuration: interval(5))
        try engine.startSession()
        try engine.event("tap")
        try engine.dismiss("a")
        try engine.advance(4)
        #expect(try engine.event("other") == [])
        try engine.advance(1)
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("an interval of 0 lets every trigger through")
    func zeroInterval() throws {
        var engine = try EngineDriver([onEvent("a"), onEvent("b", "other")], configuration: interval(0))
        try engine.startSession()
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("the interval runs from the last display, not the last trigger")
    func measuredFromLastDisplay() throws {
        var engine = try EngineDriver([onEvent("delayed", delay: 10), onEvent("b", "other")])
        try engine.startSession()
        #expect(try engine.event("tap") == [])
        #expect(try engine.advance(10) == shown("delayed"))
        try engine.dismiss("delayed")
        try engine.advance(25)  // 35 s after the trigger, 25 s after the display
        #expect(try engine.event("other") == [])
        try engine.advance(5)
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("a trigger inside the interval is dropped, not queued")
    func droppedNotQueued() throws {
        var engine = try EngineDriver([onEvent("a"), onEvent("b", "other")])
        try engine.startSession()
        try engine.event("tap")
        try engine.dismiss("a")
        #expect(try engine.event("other") == [])
        #expect(try engine.advance(60) == [])
        #expect(try engine.stack() == [])
        #expect(try engine.displayNext() == [])
    }

    @Test("the interval is checked before priority: a passing lower priority wins over a failing higher one")
    func checkedBeforePriority() throws {
        // At 10 s, "high" would display 10 s after "first" (too soon); "patient" would display at
        // 10 + 25 = 35 s, 35 s after it, so it alone passes and wins despite its lower priority.
        var engine = try EngineDriver([
            onEvent("first", "start"),
            onEvent("patient", priority: 1, delay: 25),
            onEvent("high", priority: 2),
        ])
        try engine.startSession()
        #expect(try engine.event("start") == shown("first"))
        try engine.dismiss("first")
        try engine.advance(10)
        #expect(try engine.event("tap") == [])
        #expect(try engine.advance(25) == shown("patient"))
    }

    @Test("a delayed message is checked again when it becomes ready, and dropped silently")
    func displayTimeRecheck() throws {
        var engine = try EngineDriver([onEvent("delayed", delay: 20), onEvent("quick", "other")])
        try engine.startSession()
        #expect(try engine.event("tap") == [])  // passes: nothing displayed yet
        try engine.advance(5)
        #expect(try engine.event("other") == shown("quick"))
        try engine.dismiss("quick")
        #expect(try engine.advance(15) == [])  // ready at 20 s, only 15 s after "quick"
        #expect(try engine.stack() == [])
        #expect(try engine.event("tap") == [])  // dropped, never displayed: eligible again
        #expect(try engine.advance(20) == shown("delayed"))
    }

    @Test("a test send ignores the interval, at trigger and at display time", arguments: Profile.allCases)
    func testSendIgnoresInterval(profile: Profile) throws {
        var engine = try EngineDriver(
            [
                onEvent("a"), onEvent("test", "other", testSend: true),
                onEvent("delayedTest", "late", delay: 20, testSend: true),
            ],
            profile: profile
        )
        try engine.startSession()
        #expect(try engine.event("late") == [])
        try engine.advance(5)
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        #expect(try engine.event("other") == shown("test"))
        try engine.dismiss("test")
        #expect(try engine.advance(15) == shown("delayedTest"))
    }

    @Test("a delay may be as long as 7200 s")
    func longestDelay() throws {
        var engine = try EngineDriver([onEvent("late", delay: 7200, timeout: 7300)])
        try engine.startSession()
        try engine.event("tap")
        #expect(try engine.advance(7199) == [])
        #expect(try engine.advance(1) == shown("late"))
    }

    @Test("a delay over 7200 s is refused when the engine is made")
    func delayOverLimit() {
        #expect(throws: EngineError.self) {
            try EngineDriver([onEvent("late", delay: 7201)])
        }
    }

    @Test("delayed messages become ready in time order, and in trigger order at equal times")
    func delayedOrder() throws {
        var engine = try EngineDriver(
            [
                onEvent("slow", "one", delay: 20), onEvent("fast", "two", delay: 10),
                onEvent("tied", "three", delay: 20),
            ],
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.event("one")
        try engine.event("two")
        try engine.event("three")
        // "fast" shows at 10 s; "slow" and "tied" find it visible at 20 s and stack in trigger order.
        #expect(
            try engine.advance(30) == shown("fast") + [
                .stacked("slow", reason: .messageVisible), .stacked("tied", reason: .messageVisible),
            ]
        )
        #expect(try engine.stack() == ["tied", "slow"])
    }
}
