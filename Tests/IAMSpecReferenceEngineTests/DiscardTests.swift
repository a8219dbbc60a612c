import IAMSpec
import Testing

/// "A triggered in-app message will be discarded in the following situations" (seed 003); the
/// image rules are legacy only. A discarded message may be triggered again.
@Suite("Discard")
struct DiscardTests {
    @Test("the delegate answers discard", arguments: Profile.allCases)
    func delegateDiscard(profile: Profile) throws {
        var engine = try EngineDriver(
            [onEvent("a")],
            profile: profile,
            configuration: EngineConfiguration(delegate: .implemented)
        )
        try engine.startSession()
        try engine.choose(.discard, for: "a")
        #expect(try engine.event("tap") == [.discarded("a", reason: .delegate)])
        #expect(try engine.stack() == [])
    }

    @Test("a discarded message may be triggered again by a later event")
    func discardedMayTriggerAgain() throws {
        var engine = try EngineDriver([onEvent("a")], configuration: EngineConfiguration(delegate: .implemented))
        try engine.startSession()
        try engine.choose(.discard, for: "a")
        try engine.event("tap")
        try engine.choose(.now, for: "a")
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("a failed image or zip download", arguments: Profile.allCases)
    func assetFailed(profile: Profile) throws {
        var image = onEvent("image", "one")
        image.image = .fails
        var zip = onEvent("zip", "two")
        zip.type = .html
        zip.zip = .fails
        var engine = try EngineDriver([image, zip], profile: profile, configuration: interval(0))
        try engine.startSession()
        #expect(try engine.event("one") == [.discarded("image", reason: .assetFailed)])
        #expect(try engine.event("two") == [.discarded("zip", reason: .assetFailed)])
    }

    @Test("a pending download that fails after the trigger")
    func pendingThenFails() throws {
        var message = onEvent("a")
        message.image = .pending
        var engine = try EngineDriver([message])
        try engine.startSession()
        #expect(try engine.event("tap") == [])
        #expect(try engine.stack() == [])
        #expect(try engine.settleAssets(of: "a", succeeded: false) == [.discarded("a", reason: .assetFailed)])
    }

    @Test("a pending download that succeeds displays the waiting message")
    func pendingThenSucceeds() throws {
        var message = onEvent("a")
        message.image = .pending
        var engine = try EngineDriver([message])
        try engine.startSession()
        try engine.event("tap")
        try engine.advance(3)
        #expect(try engine.settleAssets(of: "a", succeeded: true) == shown("a"))
    }

    @Test("a download that fails before the trigger discards at the trigger")
    func failsBeforeTrigger() throws {
        var message = onEvent("a")
        message.image = .pending
        var engine = try EngineDriver([message])
        try engine.startSession()
        #expect(try engine.settleAssets(of: "a", succeeded: false) == [])
        #expect(try engine.event("tap") == [.discarded("a", reason: .assetFailed)])
    }

    @Test("a message waiting for its assets does not block another message")
    func waitingDoesNotBlock() throws {
        var slow = onEvent("slow")
        slow.zip = .pending
        slow.type = .html
        var engine = try EngineDriver([slow, onEvent("b", "other")], configuration: interval(0))
        try engine.startSession()
        #expect(try engine.event("tap") == [])
        #expect(try engine.event("other") == shown("b"))
        #expect(try engine.settleAssets(of: "slow", succeeded: true) == [.stacked("slow", reason: .messageVisible)])
    }

    @Test("the device's orientation does not match the message's, on a phone", arguments: Profile.allCases)
    func orientationOnPhone(profile: Profile) throws {
        var message = onEvent("wide")
        message.orientation = .landscape
        var engine = try EngineDriver([message], profile: profile, configuration: interval(0))
        try engine.startSession()
        #expect(try engine.event("tap") == [.discarded("wide", reason: .orientation)])
        try engine.send(.deviceRotated(to: .landscape))
        #expect(try engine.event("tap") == shown("wide"))
    }

    @Test("orientation is never checked on a tablet", arguments: Profile.allCases)
    func orientationOnTablet(profile: Profile) throws {
        var message = onEvent("tall")
        message.orientation = .portrait
        var engine = try EngineDriver(
            [message],
            profile: profile,
            configuration: EngineConfiguration(device: .tablet, orientation: .landscape)
        )
        try engine.startSession()
        #expect(try engine.event("tap") == shown("tall"))
    }

    @Test("legacy: a full message or an image-only modal without an image", arguments: [MessageType.full, .modalImage])
    func legacyMissingImage(type: MessageType) throws {
        var message = onEvent("bare")
        message.type = type
        var engine = try EngineDriver([message], profile: .appboyLegacy)
        try engine.startSession()
        #expect(try engine.event("tap") == [.discarded("bare", reason: .missingImage)])
    }

    @Test("legacy: a full message with its image displays")
    func legacyFullWithImage() throws {
        var message = onEvent("pictured")
        message.type = .full
        message.image = .succeeds
        var engine = try EngineDriver([message], profile: .appboyLegacy)
        try engine.startSession()
        #expect(try engine.event("tap") == shown("pictured"))
    }

    @Test("Swift SDK: no image rules", arguments: [MessageType.full, .modalImage])
    func swiftHasNoImageRules(type: MessageType) throws {
        var message = onEvent("bare")
        message.type = type
        var engine = try EngineDriver([message], profile: .brazeSwift)
        try engine.startSession()
        #expect(try engine.event("tap") == shown("bare"))
    }

    @Test("the delegate decides before orientation, orientation before assets")
    func checkOrder() throws {
        var message = onEvent("a")
        message.orientation = .landscape
        message.image = .fails
        var engine = try EngineDriver(
            [message],
            configuration: EngineConfiguration(minimumTriggerInterval: .zero, delegate: .implemented)
        )
        try engine.startSession()
        try engine.choose(.discard, for: "a")
        #expect(try engine.event("tap") == [.discarded("a", reason: .delegate)])
        try engine.choose(.now, for: "a")
        #expect(try engine.event("tap") == [.discarded("a", reason: .orientation)])
        try engine.send(.deviceRotated(to: .landscape))
        #expect(try engine.event("tap") == [.discarded("a", reason: .assetFailed)])
    }
}
