import IAMSpec
import Testing

@testable import IAMSpecReferenceEngine

/// The in-memory stack: last in, first out; drained only when the user is eligible or the app asks.
@Suite("Stack")
struct StackTests {
    @Test("messages come off the stack last in, first out", arguments: Profile.allCases)
    func lastInFirstOut(profile: Profile) throws {
        var engine = try EngineDriver(
            [onEvent("a", "one"), onEvent("b", "two"), onEvent("c", "three")],
            profile: profile,
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.send(.appBackgrounded)
        #expect(try engine.event("one") == [.stacked("a", reason: .background)])
        #expect(try engine.event("two") == [.stacked("b", reason: .background)])
        #expect(try engine.event("three") == [.stacked("c", reason: .background)])
        #expect(try engine.stack() == ["c", "b", "a"])
        #expect(try engine.send(.appForegrounded) == [])
        #expect(try engine.displayNext() == shown("c"))
        try engine.dismiss("c")
        #expect(try engine.displayNext() == shown("b"))
        #expect(try engine.stack() == ["a"])
    }

    @Test("dismissing a message offers nothing; display_next offers the top")
    func nothingOfferedOnDismiss() throws {
        var engine = try EngineDriver.showingA()
        try engine.event("other")
        #expect(try engine.dismiss("a") == [.dismissed("a")])
        #expect(try engine.stack() == ["b"])
        #expect(try engine.displayNext() == shown("b"))
    }

    @Test(
        "display_next with a message visible: Swift leaves the top where it was, unobserved; legacy puts it back",
        arguments: Profile.allCases
    )
    func displayNextBehindAVisibleMessage(profile: Profile) throws {
        var engine = try EngineDriver(
            [onEvent("a"), onEvent("b", "two"), onEvent("c", "three")],
            profile: profile,
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.event("tap")
        try engine.event("two")
        try engine.event("three")
        let restacked: [Observation] = profile == .appboyLegacy ? [.stacked("c", reason: .messageVisible)] : []
        #expect(try engine.displayNext() == restacked)
        #expect(try engine.stack() == ["c", "b"])
    }

    @Test("display_next on an empty stack does nothing")
    func displayNextOnEmptyStack() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        #expect(try engine.displayNext() == [])
    }

    @Test("a session start offers the stack's top even when nothing matches")
    func sessionStartOffersTop() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        try engine.send(.appBackgrounded)
        try engine.event("tap")
        try engine.send(.appForegrounded)
        try engine.send(.sessionEnded)
        #expect(try engine.startSession() == [.noMatchingTrigger(.sessionStart)] + shown("a"))
    }

    @Test("a push click offers the stack's top even when nothing matches")
    func pushClickOffersTop() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        try engine.send(.appBackgrounded)
        try engine.event("tap")
        try engine.send(.appForegrounded)
        #expect(try engine.pushClick() == [.noMatchingTrigger(.pushClick(campaign: nil))] + shown("a"))
    }

    @Test("a session start whose message is delayed offers the stack's top meanwhile")
    func sessionStartWithDelayedMessageOffersTop() throws {
        let welcome = InAppMessage(id: "welcome", triggers: [.sessionStart], delay: .seconds(40))
        var engine = try EngineDriver([onEvent("a"), welcome])
        try engine.startSession()
        try engine.send(.appBackgrounded)
        try engine.event("tap")
        try engine.send(.appForegrounded)
        #expect(try engine.startSession() == shown("a"))
        #expect(try engine.stack() == [])
    }

    @Test("a custom event that fires nothing offers nothing")
    func customEventWithoutTriggerOffersNothing() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        try engine.send(.appBackgrounded)
        try engine.event("tap")
        try engine.send(.appForegrounded)
        #expect(try engine.event("other") == [.noMatchingTrigger(.customEvent(name: "other"))])
        #expect(try engine.stack() == ["a"])
    }

    @Test("pushing a message already on the stack moves it to the top")
    func moveNotDuplicate() {
        var stack = MessageStack(rules: StackRules())
        let slots = ["a": 0, "b": 1]
        for id in ["a", "b", "a"] {
            stack.push(Presentation(message: InAppMessage(id: id), slot: slots[id] ?? -1, triggerTime: .zero))
        }
        #expect(stack.idsTopFirst == ["a", "b"])
        #expect(stack.popTop()?.id == "a")
        #expect(stack.idsTopFirst == ["b"])
    }

    @Test("a stack inspection answers exactly one stack")
    func inspectionAnswersOneStack() throws {
        var engine = try EngineDriver([onEvent("a")])
        #expect(try engine.send(.stackInspected) == [.stack([])])
    }
}
