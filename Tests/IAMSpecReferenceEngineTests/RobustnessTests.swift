import IAMSpec
import Testing

/// Extreme values from a case end in an answer or an engine error, never a trap.
@Suite("Robustness")
struct RobustnessTests {
    private static let longest = VirtualTime(milliseconds: .max)

    @Test(
        "filter spans at the end of the time range do not overflow",
        arguments: [
            (PropertyComparison.withinLast(longest), true),
            (.moreThanAgo(longest), false),
            (.lessThanInFuture(longest), true),
            (.moreThanInFuture(longest), false),
        ]
    )
    func hugeFilterSpans(comparison: PropertyComparison, fires: Bool) throws {
        let filters = PropertyFilters(groups: [[PropertyCondition(property: "at", comparison: comparison)]])
        var engine = try EngineDriver([InAppMessage(id: "a", triggers: [.customEvent(name: "tap", filters: filters)])])
        try engine.startSession()
        try engine.advance(10)
        let observations = try engine.event("tap", ["at": .time(.seconds(5))])
        #expect(observations == (fires ? shown("a") : [.noMatchingTrigger(.customEvent(name: "tap"))]))
    }

    @Test("timeouts and re-eligibility at the end of the time range do not overflow")
    func hugeTimeoutAndReeligibility() throws {
        var message = onEvent("a")
        message.timeout = Self.longest
        message.reeligibility = Self.longest
        var engine = try EngineDriver([message])
        try engine.startSession()
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        try engine.advance(100)
        #expect(try engine.event("tap") == unmatched("tap"))
    }

    @Test("a trigger at the last instant of virtual time has its whole timeout ahead of it, and displays")
    func triggerAtTheLastInstant() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        try engine.send(.timeAdvanced(by: Self.longest))
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("a delay that would end past the last instant never ends, and other messages still show")
    func delayPastTheEnd() throws {
        var engine = try EngineDriver(
            [onEvent("late", "browse", delay: 10), onEvent("now")],
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.send(.timeAdvanced(by: VirtualTime(milliseconds: .max - 5000)))
        #expect(try engine.event("browse") == [])
        #expect(try engine.advance(milliseconds: 5000) == [])
        #expect(try engine.event("tap") == shown("now"))
    }

    @Test("a delayed trigger near the end is measured against the interval exactly")
    func intervalNearTheEnd() throws {
        let lastInstant = Self.longest.milliseconds
        var engine = try EngineDriver(
            [onEvent("first", "one"), onEvent("late", "two", delay: 10)],
            configuration: interval(30)
        )
        try engine.startSession()
        try engine.send(.timeAdvanced(by: VirtualTime(milliseconds: lastInstant - 35_000)))
        #expect(try engine.event("one") == shown("first"))
        try engine.dismiss("first")
        // 25 s after the display, the delay carries the ready time past the interval: it passes.
        try engine.advance(25)
        #expect(try engine.event("two") == [])
        #expect(try engine.advance(10) == shown("late"))
    }

    @Test("re-eligibility that would end past the last instant is never reached")
    func reeligibilityPastTheEnd() throws {
        var message = onEvent("a")
        message.reeligibility = Self.longest
        var engine = try EngineDriver([message], configuration: interval(0))
        try engine.startSession()
        try engine.advance(milliseconds: 1)
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        try engine.advance(milliseconds: Self.longest.milliseconds - 1)
        #expect(try engine.event("tap") == unmatched("tap"))
    }

    @Test("a time less than a span in the future holds up to the last instant")
    func futureSpanPastTheEnd() throws {
        let filters = PropertyFilters(groups: [
            [PropertyCondition(property: "at", comparison: .lessThanInFuture(.seconds(10)))]
        ])
        var engine = try EngineDriver([InAppMessage(id: "a", triggers: [.customEvent(name: "tap", filters: filters)])])
        try engine.startSession()
        try engine.send(.timeAdvanced(by: VirtualTime(milliseconds: Self.longest.milliseconds - 1000)))
        #expect(try engine.event("tap", ["at": .time(Self.longest)]) == shown("a"))
    }

    @Test("advancing past the end of the time range is an engine error")
    func advanceOverflow() throws {
        var engine = try EngineDriver([])
        try engine.advance(1)
        #expect(throws: EngineError.self) {
            try engine.send(.timeAdvanced(by: Self.longest))
        }
    }
}
