import IAMSpec
import Testing

/// Each trigger type fires its message, and only for its own event.
@Suite("Trigger types")
struct TriggerTypeTests {
    @Test("session_start fires when a session starts", arguments: Profile.allCases)
    func sessionStart(profile: Profile) throws {
        var engine = try EngineDriver([InAppMessage(id: "welcome", triggers: [.sessionStart])], profile: profile)
        #expect(try engine.startSession() == shown("welcome"))
    }

    @Test("any_purchase fires for every SDK purchase")
    func anyPurchase() throws {
        var engine = try EngineDriver([InAppMessage(id: "thanks", triggers: [.anyPurchase])])
        #expect(try engine.startSession() == [.noMatchingTrigger(.sessionStart)])
        #expect(try engine.purchase("anything") == shown("thanks"))
    }

    @Test("purchase: PRODUCT fires for that product only")
    func specificPurchase() throws {
        var engine = try EngineDriver([
            InAppMessage(id: "hat", triggers: [.specificPurchase(product: "hat", filters: PropertyFilters())])
        ])
        try engine.startSession()
        #expect(try engine.purchase("shoe") == [.noMatchingTrigger(.purchase(product: "shoe"))])
        #expect(try engine.purchase("hat") == shown("hat"))
    }

    @Test("custom_event: NAME fires for that name only")
    func customEvent() throws {
        var engine = try EngineDriver([
            InAppMessage(id: "level", triggers: [.customEvent(name: "level_up", filters: PropertyFilters())])
        ])
        try engine.startSession()
        #expect(try engine.event("level_down") == [.noMatchingTrigger(.customEvent(name: "level_down"))])
        #expect(try engine.event("level_up") == shown("level"))
    }

    @Test("push_click without a campaign fires for any push")
    func anyPushClick() throws {
        var engine = try EngineDriver([InAppMessage(id: "opened", triggers: [.pushClick(campaign: nil)])])
        try engine.startSession()
        #expect(try engine.pushClick(campaign: "spring") == shown("opened"))
    }

    @Test("push_click with a campaign fires for that campaign's push only")
    func campaignPushClick() throws {
        var engine = try EngineDriver([InAppMessage(id: "spring", triggers: [.pushClick(campaign: "spring")])])
        try engine.startSession()
        #expect(try engine.pushClick(campaign: "autumn") == [.noMatchingTrigger(.pushClick(campaign: "autumn"))])
        #expect(try engine.pushClick() == [.noMatchingTrigger(.pushClick(campaign: nil))])
        #expect(try engine.pushClick(campaign: "spring") == shown("spring"))
    }

    @Test("any one of a message's triggers makes it fire")
    func anyOfSeveralTriggers() throws {
        var engine = try EngineDriver([
            InAppMessage(id: "either", triggers: [.anyPurchase, .customEvent(name: "tap", filters: PropertyFilters())])
        ])
        try engine.startSession()
        #expect(try engine.event("tap") == shown("either"))
    }

    @Test("API events never trigger and never call back", arguments: Profile.allCases)
    func apiEventsNeverTrigger(profile: Profile) throws {
        var engine = try EngineDriver(
            [
                InAppMessage(id: "event", triggers: [.customEvent(name: "tap", filters: PropertyFilters())]),
                InAppMessage(id: "bought", triggers: [.anyPurchase]),
            ],
            profile: profile
        )
        try engine.startSession()
        #expect(try engine.event("tap", source: .api) == [])
        #expect(try engine.purchase("hat", source: .api) == [])
        #expect(try engine.event("other", source: .api) == [])
        #expect(try engine.event("tap") == shown("event"))
    }

    @Test("no matching trigger calls back with the event", arguments: Profile.allCases)
    func noMatchingTriggerCallback(profile: Profile) throws {
        var engine = try EngineDriver([InAppMessage(id: "bought", triggers: [.anyPurchase])], profile: profile)
        #expect(try engine.startSession() == [.noMatchingTrigger(.sessionStart)])
        #expect(try engine.event("tap") == [.noMatchingTrigger(.customEvent(name: "tap"))])
        #expect(try engine.pushClick(campaign: "c") == [.noMatchingTrigger(.pushClick(campaign: "c"))])
    }

    @Test("a matching message that may not be triggered again counts as a missing trigger")
    func matchedButIneligibleFiresTheCallback() throws {
        var engine = try EngineDriver(
            [InAppMessage(id: "once", triggers: [.customEvent(name: "tap", filters: PropertyFilters())])],
            configuration: interval(0)
        )
        try engine.startSession()
        #expect(try engine.event("tap") == shown("once"))
        #expect(try engine.event("tap") == unmatched("tap"))
    }

    @Test("before any session start nothing is delivered, so nothing matches")
    func nothingBeforeSessionStart() throws {
        var engine = try EngineDriver([
            InAppMessage(id: "event", triggers: [.customEvent(name: "tap", filters: PropertyFilters())])
        ])
        #expect(try engine.event("tap") == [.noMatchingTrigger(.customEvent(name: "tap"))])
        #expect(try engine.purchase("hat") == [.noMatchingTrigger(.purchase(product: "hat"))])
    }
}
