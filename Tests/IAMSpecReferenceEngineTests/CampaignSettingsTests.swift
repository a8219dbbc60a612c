import IAMSpec
import Testing

/// A campaign's own settings (its interval, its window, its control group, its assets per
/// delivery), opening the app from a push, dismissals and the state kept per user.
@Suite struct CampaignSettingsTests {
    private func message(_ id: MessageID, _ event: String = "tap", change: (inout InAppMessage) -> Void) -> InAppMessage
    {
        var message = onEvent(id, event)
        change(&message)
        return message
    }

    @Test("a campaign's window holds from its start to its end, both included, at the event's time")
    func campaignWindow() throws {
        let windowed = message("a") {
            $0.start = .seconds(10)
            $0.end = .seconds(20)
            $0.reeligibility = .zero
        }
        var engine = try EngineDriver([windowed], configuration: interval(0))
        try engine.startSession()
        try engine.advance(milliseconds: 9999)
        #expect(try engine.event("tap") == unmatched("tap"))
        try engine.advance(milliseconds: 1)
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        try engine.advance(10)
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        try engine.advance(milliseconds: 1)
        #expect(try engine.event("tap") == unmatched("tap"))
    }

    @Test("a message's own interval replaces the global one, at trigger and at display time")
    func messageInterval() throws {
        let eager = message("b", "other") { $0.minimumTriggerInterval = .seconds(2) }
        var engine = try EngineDriver([onEvent("a"), eager])
        try engine.startSession()
        try engine.event("tap")
        try engine.dismiss("a")
        try engine.advance(1)
        #expect(try engine.event("other") == [])
        try engine.advance(1)
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("a control message logs its impression, moves the clocks, and shows nothing")
    func controlMessage() throws {
        let control = message("a") { $0.isControl = true }
        var engine = try EngineDriver([control, onEvent("b", "other")])
        try engine.startSession()
        #expect(try engine.event("tap") == [.impressionLogged("a")])
        #expect(try engine.click("a") == [])
        #expect(try engine.event("other") == [])
        try engine.advance(30)
        #expect(try engine.event("other") == shown("b"))
        #expect(try engine.event("tap") == unmatched("tap"))
    }

    @Test("the display delegate decides on a control message: later stacks it, discard drops it, both log nothing")
    func controlMessageAndTheDelegate() throws {
        let control = message("a") { $0.isControl = true }
        var engine = try EngineDriver(
            [control, onEvent("b", "other")],
            configuration: EngineConfiguration(delegate: .implemented)
        )
        try engine.startSession()
        try engine.choose(.later, for: "a")
        #expect(try engine.event("tap") == [.stacked("a", reason: .delegateLater)])
        try engine.choose(.discard, for: "a")
        #expect(try engine.event("tap") == [.discarded("a", reason: .delegate)])
        // Neither counted as a display: no interval holds "b" back.
        #expect(try engine.event("other") == shown("b"))
    }

    @Test("the legacy delegate's rollback undoes a control message's trigger; it stays eligible")
    func controlMessageRolledBack() throws {
        let control = message("a") { $0.isControl = true }
        var engine = try EngineDriver(
            [control],
            profile: .appboyLegacy,
            configuration: EngineConfiguration(delegate: .implemented)
        )
        try engine.startSession()
        try engine.choose(.rollback, for: "a")
        #expect(try engine.event("tap") == [.rolledBack("a")])
        try engine.choose(.now, for: "a")
        #expect(try engine.event("tap") == [.impressionLogged("a")])
    }

    @Test("each delivery downloads the assets again, with that delivery's outcome")
    func assetsPerDelivery() throws {
        let banner = message("a") {
            $0.image = .fails
            $0.imageOnLaterDeliveries = [.succeeds]
        }
        var engine = try EngineDriver([banner], configuration: interval(0))
        try engine.startSession()
        #expect(try engine.event("tap") == [.discarded("a", reason: .assetFailed)])
        try engine.startSession()
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("the app opened from a push judges the session start, then the push click")
    func pushOpen() throws {
        let welcome = InAppMessage(id: "a", triggers: [.sessionStart])
        let fromPush = InAppMessage(id: "b", triggers: [.pushClick(campaign: nil)])
        var engine = try EngineDriver([welcome, fromPush], configuration: interval(0))
        #expect(
            try engine.send(.appOpenedFromPush(campaign: "c"))
                == shown("a") + [.stacked("b", reason: .messageVisible)]
        )
    }

    @Test("a dismissal is observed for the message on screen only")
    func dismissals() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        #expect(try engine.dismiss("a") == [])
        try engine.event("tap")
        #expect(try engine.dismiss("a") == [.dismissed("a")])
        #expect(try engine.dismiss("a") == [])
    }

    @Test("users: the same user changes nothing, a new user starts afresh, the anonymous user's clocks stay")
    func perUserState() throws {
        var engine = try EngineDriver([onEvent("a")], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        #expect(try engine.send(.userChanged(to: "alice")) == [.dismissed("a")])
        try engine.startSession()
        #expect(try engine.event("tap") == unmatched("tap"))
        #expect(try engine.send(.userChanged(to: "alice")) == [])
        try engine.send(.userChanged(to: "bob"))
        try engine.startSession()
        #expect(try engine.event("tap") == shown("a"))
    }
}
