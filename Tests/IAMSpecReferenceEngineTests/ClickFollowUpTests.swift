import IAMSpec
import Testing

/// A click's follow-up (braze-swift-sdk, `InAppMessageUI.swift`: "Once the current message is
/// dismissed, we directly display the `followupMessage`"): from a click of the message on screen
/// until it leaves, the next message that meets it there waits off the stack.
@Suite("A click's follow-up")
struct ClickFollowUpTests {
    /// An engine showing `shown`, whose click is processed, with `waiting` triggered by `later`.
    private static func clicked(
        profile: Profile = .brazeSwift,
        configuration: EngineConfiguration = interval(0)
    ) throws -> EngineDriver {
        var engine = try EngineDriver(
            [onEvent("shown", "tap"), onEvent("waiting", "later"), onEvent("next", "after")],
            profile: profile,
            configuration: configuration
        )
        try engine.startSession()
        #expect(try engine.event("tap") == shown("shown"))
        #expect(try engine.click("shown") == [.clickLogged("shown")])
        return engine
    }

    @Test("a message triggered after the click is held, then shown once the clicked message is dismissed")
    func heldThenShown() throws {
        var engine = try Self.clicked()
        #expect(try engine.event("later") == [])
        #expect(try engine.stack() == [])
        #expect(try engine.dismiss("shown") == [.dismissed("shown")] + shown("waiting"))
        #expect(try engine.stack() == [])
    }

    @Test("the app dismissing the clicked message releases the follow-up too")
    func appDismissalReleases() throws {
        var engine = try Self.clicked()
        try engine.event("later")
        #expect(try engine.send(.visibleMessageDismissedByApp) == [.dismissed("shown")] + shown("waiting"))
    }

    @Test("the legacy SDK holds nothing: the message is stacked, and nothing follows the dismissal")
    func legacyStacks() throws {
        var engine = try Self.clicked(profile: .appboyLegacy)
        #expect(try engine.event("later") == [.stacked("waiting", reason: .messageVisible)])
        #expect(try engine.dismiss("shown") == [.dismissed("shown")])
        #expect(try engine.stack() == ["waiting"])
    }

    @Test("a second message held puts the first on the stack; so does a new firing of the one held")
    func secondHeldStacksTheFirst() throws {
        var engine = try Self.clicked()
        try engine.event("later")
        #expect(try engine.event("after") == [.stacked("waiting", reason: .messageVisible)])
        #expect(try engine.stack() == ["waiting"])
        #expect(try engine.dismiss("shown") == [.dismissed("shown")] + shown("next"))
        #expect(try engine.stack() == ["waiting"])
    }

    @Test("a new firing of the message held puts the earlier firing on the stack; its display takes it off")
    func refiredHeldStacksItsEarlierFiring() throws {
        var engine = try Self.clicked()
        try engine.event("later")
        #expect(try engine.event("later") == [.stacked("waiting", reason: .messageVisible)])
        #expect(try engine.stack() == ["waiting"])
        #expect(try engine.dismiss("shown") == [.dismissed("shown")] + shown("waiting"))
        #expect(try engine.stack() == [])
    }

    @Test("the delegate is asked when the follow-up is released, not when it is held")
    func delegateAskedAtRelease() throws {
        var engine = try Self.clicked(
            configuration: EngineConfiguration(minimumTriggerInterval: .zero, delegate: .implemented)
        )
        try engine.choose(.discard, for: "waiting")
        #expect(try engine.event("later") == [])
        #expect(try engine.dismiss("shown") == [.dismissed("shown"), .discarded("waiting", reason: .delegate)])
    }

    @Test("the follow-up's timeout runs from its trigger")
    func timeoutFromTrigger() throws {
        var engine = try EngineDriver(
            [onEvent("shown", "tap"), onEvent("waiting", "later", timeout: 10)],
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.event("tap")
        try engine.click("shown")
        try engine.event("later")
        try engine.advance(10)
        #expect(try engine.dismiss("shown") == [.dismissed("shown"), .discarded("waiting", reason: .timeout)])
    }

    @Test("a follow-up released while the app is in the background goes on the stack for it")
    func releasedInTheBackground() throws {
        var engine = try Self.clicked()
        try engine.event("later")
        try engine.send(.appBackgrounded)
        #expect(
            try engine.send(.visibleMessageDismissedByApp)
                == [.dismissed("shown"), .stacked("waiting", reason: .background)]
        )
    }

    @Test("the click is over once its message leaves: the next message meeting the follow-up is stacked")
    func disarmedAtDismissal() throws {
        var engine = try Self.clicked()
        try engine.event("later")
        try engine.dismiss("shown")
        #expect(try engine.event("after") == [.stacked("next", reason: .messageVisible)])
        #expect(try engine.dismiss("waiting") == [.dismissed("waiting")])
    }

    /// An engine showing `shown`, not clicked, with `waiting` triggered by `later`.
    private static func showing() throws -> EngineDriver {
        var engine = try EngineDriver(
            [onEvent("shown", "tap"), onEvent("waiting", "later")],
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.event("tap")
        return engine
    }

    @Test("display_next while the click is processed leaves the top on the stack, unobserved")
    func displayNextHoldsNothing() throws {
        var engine = try Self.showing()
        try engine.event("later")
        try engine.click("shown")
        #expect(try engine.displayNext() == [])
        #expect(try engine.dismiss("shown") == [.dismissed("shown")])
        #expect(try engine.stack() == ["waiting"])
    }

    @Test("a click of a message that is not on screen arms nothing")
    func clickOffScreenArmsNothing() throws {
        var engine = try Self.showing()
        #expect(try engine.click("waiting") == [])
        #expect(try engine.event("later") == [.stacked("waiting", reason: .messageVisible)])
    }

    @Test("a click of a message the app created arms nothing; a local message presented after a click is held")
    func localMessages() throws {
        var engine = try EngineDriver([onEvent("waiting", "later")], configuration: interval(0))
        try engine.startSession()
        try engine.send(.localMessagePresented(InAppMessage(id: "local", triggers: [])))
        try engine.click("local")
        #expect(try engine.event("later") == [.stacked("waiting", reason: .messageVisible)])

        var other = try Self.clicked()
        #expect(try other.send(.localMessagePresented(InAppMessage(id: "local", triggers: []))) == [])
        #expect(try other.dismiss("shown") == [.dismissed("shown"), .displayed("local", extras: [:])])
    }

    @Test(
        "a change of user, a wipe or a relaunch drops the follow-up with the clicked message",
        arguments: [Stimulus.userChanged(to: "ana"), .dataWiped, .appRelaunched]
    )
    func droppedWithTheScreen(stimulus: Stimulus) throws {
        var engine = try Self.clicked()
        try engine.event("later")
        let observed = try engine.send(stimulus)
        #expect(!observed.contains { if case .displayed = $0 { true } else { false } })
        #expect(try engine.stack() == [])
        #expect(try engine.dismiss("shown") == [])
    }
}
