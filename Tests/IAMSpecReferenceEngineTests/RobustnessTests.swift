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
            (.lessThanInFuture(longest), false),
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
        #expect(try engine.event("tap") == [])
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
