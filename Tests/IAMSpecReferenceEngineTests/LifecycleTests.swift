import IAMSpec
import Testing

/// Sessions ending, the app relaunching, and the user changing.
@Suite("App lifecycle")
struct LifecycleTests {
    @Test("a relaunch empties the stack", arguments: Profile.allCases)
    func relaunchEmptiesStack(profile: Profile) throws {
        var engine = try EngineDriver([onEvent("a")], profile: profile)
        try engine.startSession()
        try engine.send(.appBackgrounded)
        try engine.event("tap")
        #expect(try engine.send(.appRelaunched) == [])
        #expect(try engine.stack() == [])
        #expect(try engine.displayNext() == [])
    }

    @Test("a relaunch forgets delayed messages, and they may be triggered again")
    func relaunchForgetsDelayed() throws {
        var engine = try EngineDriver([onEvent("a", delay: 10)])
        try engine.startSession()
        try engine.event("tap")
        try engine.send(.appRelaunched)
        #expect(try engine.advance(20) == [])
        try engine.event("tap")
        #expect(try engine.advance(10) == shown("a"))
    }

    @Test("a relaunch brings the app to the foreground with the keyboard down")
    func relaunchResetsAppState() throws {
        var engine = try EngineDriver([onEvent("a")], profile: .appboyLegacy)
        try engine.startSession()
        try engine.send(.appBackgrounded)
        try engine.send(.keyboardShown)
        try engine.send(.appRelaunched)
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("a relaunch keeps delivered messages and clocks")
    func relaunchKeepsDeliveryAndClocks() throws {
        var engine = try EngineDriver([onEvent("a"), onEvent("b", "other")])
        try engine.startSession()
        try engine.event("tap")
        try engine.send(.appRelaunched)
        #expect(try engine.event("other") == [])  // inside the interval of "a"'s display
        try engine.advance(30)
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("a session end keeps delivered messages and the stack")
    func sessionEndKeepsState() throws {
        var engine = try EngineDriver.showingA()
        try engine.event("other")
        #expect(try engine.send(.sessionEnded) == [])
        #expect(try engine.stack() == ["b"])
        try engine.dismiss("a")
        #expect(try engine.displayNext() == shown("b"))
    }

    @Test(
        "a user change dismisses the visible message, empties the stack and clears delivery",
        arguments: Profile.allCases
    )
    func changeUserClears(profile: Profile) throws {
        var engine = try EngineDriver.showingA(profile: profile)
        try engine.event("other")
        #expect(try engine.send(.userChanged(to: "someone")) == [.dismissed("a")])
        #expect(try engine.click("a") == [])
        #expect(try engine.stack() == [])
        #expect(try engine.event("other") == [.noMatchingTrigger(.customEvent(name: "other"))])
        try engine.startSession()
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("a user change forgets delayed messages")
    func changeUserForgetsDelayed() throws {
        var engine = try EngineDriver([onEvent("a", delay: 10)])
        try engine.startSession()
        try engine.event("tap")
        try engine.send(.userChanged(to: "someone"))
        #expect(try engine.advance(20) == [])
    }
}
