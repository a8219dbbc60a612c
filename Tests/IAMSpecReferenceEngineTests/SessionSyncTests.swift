import IAMSpec
import Testing

/// "Events that arrive while the session-start sync is still in flight are held and replayed once
/// it completes" (semantics notes, point 4).
@Suite("Session-start sync")
struct SessionSyncTests {
    @Test("events are held without callbacks, then replayed in order after Session Start", arguments: Profile.allCases)
    func heldAndReplayed(profile: Profile) throws {
        var engine = try EngineDriver([onEvent("a")], profile: profile)
        #expect(try engine.send(.sessionStarted(syncPending: true)) == [])
        #expect(try engine.event("tap") == [])
        #expect(try engine.purchase("hat") == [])
        #expect(try engine.pushClick() == [])
        #expect(
            try engine.send(.sessionSyncCompleted)
                == [.noMatchingTrigger(.sessionStart)] + shown("a") + [
                    .noMatchingTrigger(.purchase(product: "hat")), .noMatchingTrigger(.pushClick(campaign: nil)),
                ]
        )
    }

    @Test("a replayed event triggers at the completion time")
    func triggerTimeIsCompletionTime() throws {
        var engine = try EngineDriver([onEvent("a", delay: 5, timeout: 10)])
        try engine.send(.sessionStarted(syncPending: true))
        try engine.event("tap")
        try engine.advance(60)
        #expect(try engine.send(.sessionSyncCompleted) == [.noMatchingTrigger(.sessionStart)])
        #expect(try engine.advance(5) == shown("a"))
    }

    @Test("a replayed event is filtered at the completion time")
    func filtersSeeCompletionTime() throws {
        let recent = PropertyFilters(groups: [
            [PropertyCondition(property: "at", comparison: .withinLast(.seconds(10)))]
        ])
        var engine = try EngineDriver([InAppMessage(id: "a", triggers: [.customEvent(name: "tap", filters: recent)])])
        try engine.send(.sessionStarted(syncPending: true))
        try engine.event("tap", ["at": .time(.zero)])
        try engine.advance(60)
        #expect(
            try engine.send(.sessionSyncCompleted)
                == [.noMatchingTrigger(.sessionStart), .noMatchingTrigger(.customEvent(name: "tap"))]
        )
    }

    @Test("API events are not held: they do nothing")
    func apiEventsNotHeld() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.send(.sessionStarted(syncPending: true))
        try engine.event("tap", source: .api)
        #expect(try engine.send(.sessionSyncCompleted) == [.noMatchingTrigger(.sessionStart)])
    }

    @Test("the session-start message shows before the replayed events are evaluated")
    func sessionStartFirst() throws {
        var engine = try EngineDriver([InAppMessage(id: "welcome", triggers: [.sessionStart]), onEvent("a")])
        try engine.send(.sessionStarted(syncPending: true))
        try engine.event("tap")
        // "a" is then inside the interval of "welcome"'s display: dropped.
        #expect(try engine.send(.sessionSyncCompleted) == shown("welcome"))
    }

    @Test("a sync completion with no sync in flight does nothing")
    func completionWithoutSync() throws {
        var engine = try EngineDriver([onEvent("a")])
        #expect(try engine.send(.sessionSyncCompleted) == [])
        #expect(try engine.event("tap") == [.noMatchingTrigger(.customEvent(name: "tap"))])
    }

    @Test("the first change away from the anonymous user keeps the held events, replayed for the new user")
    func anonymousUserChangeKeepsHeldEvents() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.send(.sessionStarted(syncPending: true))
        try engine.event("tap")
        #expect(try engine.send(.userChanged(to: "ana")) == [])
        #expect(try engine.send(.sessionSyncCompleted) == [.noMatchingTrigger(.sessionStart)] + shown("a"))
    }

    @Test("a change away from an identified user drops the held events; the sync still delivers")
    func identifiedUserChangeDropsHeldEvents() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.send(.userChanged(to: "ana"))
        try engine.send(.sessionStarted(syncPending: true))
        try engine.event("tap")
        try engine.send(.userChanged(to: "bo"))
        #expect(try engine.send(.sessionSyncCompleted) == [.noMatchingTrigger(.sessionStart)])
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("a later session start delivers the messages again")
    func redelivery() throws {
        var message = onEvent("a")
        message.image = .pending
        var engine = try EngineDriver([message])
        try engine.startSession()
        try engine.settleAssets(of: "a", succeeded: false)
        try engine.startSession()  // the download starts afresh, pending again
        #expect(try engine.event("tap") == [])
        #expect(try engine.settleAssets(of: "a", succeeded: true) == shown("a"))
    }
}
