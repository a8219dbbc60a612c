import IAMSpec
import Testing

/// "The in-app message is ready to be displayed but past the timeout duration" is discarded
/// (seed 003); the timeout runs from trigger time and defaults to delay + 30 s.
@Suite("Timeout")
struct TimeoutTests {
    @Test("a message waiting on the stack times out 30 s after its trigger by default", arguments: Profile.allCases)
    func defaultTimeout(profile: Profile) throws {
        var engine = try EngineDriver.showingA(profile: profile)
        #expect(try engine.event("other") == [.stacked("b", reason: .messageVisible)])
        try engine.dismiss("a")
        try engine.advance(30)
        #expect(try engine.displayNext() == [.discarded("b", reason: .timeout)])
        #expect(try engine.stack() == [])
    }

    @Test("just before the timeout the message still displays")
    func justBeforeTimeout() throws {
        var engine = try EngineDriver.showingA()
        try engine.event("other")
        try engine.dismiss("a")
        try engine.advance(milliseconds: 29_999)
        #expect(try engine.displayNext() == shown("b"))
    }

    @Test("a custom timeout replaces delay + 30 s")
    func customTimeout() throws {
        var engine = try EngineDriver([onEvent("a"), onEvent("b", "other", timeout: 5)], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        try engine.event("other")
        try engine.dismiss("a")
        try engine.advance(5)
        #expect(try engine.displayNext() == [.discarded("b", reason: .timeout)])
    }

    @Test("the default timeout of a delayed message is its delay + 30 s")
    func delayedDefaultTimeout() throws {
        var engine = try EngineDriver([onEvent("late", delay: 10)])
        try engine.startSession()
        try engine.event("tap")
        try engine.send(.appBackgrounded)
        #expect(try engine.advance(10) == [.stacked("late", reason: .background)])
        try engine.send(.appForegrounded)
        try engine.advance(29)
        #expect(try engine.displayNext() == shown("late"))
    }

    @Test("a delay longer than a custom timeout discards the message when it becomes ready")
    func delayPastTimeout() throws {
        var engine = try EngineDriver([onEvent("late", delay: 10, timeout: 10)])
        try engine.startSession()
        try engine.event("tap")
        #expect(try engine.advance(10) == [.discarded("late", reason: .timeout)])
    }

    @Test("a delay that ends past the timeout and inside the interval discards the message for its timeout")
    func timeoutJudgedBeforeInterval() throws {
        var engine = try EngineDriver(
            [onEvent("late", "browse", delay: 10, timeout: 5), onEvent("banner", "open")],
            configuration: interval(30)
        )
        try engine.startSession()
        try engine.event("browse")
        try engine.advance(1)
        #expect(try engine.event("open") == shown("banner"))
        try engine.dismiss("banner")
        #expect(try engine.advance(9) == [.discarded("late", reason: .timeout)])
    }

    @Test("a slow asset download can make the message time out")
    func slowAsset() throws {
        var message = onEvent("picture")
        message.image = .pending
        var engine = try EngineDriver([message])
        try engine.startSession()
        #expect(try engine.event("tap") == [])
        try engine.advance(31)
        #expect(try engine.settleAssets(of: "picture", succeeded: true) == [.discarded("picture", reason: .timeout)])
    }
}
