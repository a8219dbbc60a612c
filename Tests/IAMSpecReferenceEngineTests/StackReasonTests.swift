import IAMSpec
import Testing

/// "A triggered in-app message can be returned back to the stack in the following situations"
/// (seed 003); the keyboard rule is legacy only.
@Suite("Back on the stack")
struct StackReasonTests {
    @Test("triggered in the background", arguments: Profile.allCases)
    func background(profile: Profile) throws {
        var engine = try EngineDriver([onEvent("a")], profile: profile)
        try engine.startSession()
        try engine.send(.appBackgrounded)
        #expect(try engine.event("tap") == [.stacked("a", reason: .background)])
        #expect(try engine.send(.appForegrounded) == [])
        #expect(try engine.displayNext() == shown("a"))
    }

    @Test("another message is visible; the delegate is not asked", arguments: Profile.allCases)
    func messageVisible(profile: Profile) throws {
        var engine = try EngineDriver(
            [onEvent("a"), onEvent("b", "other")],
            profile: profile,
            configuration: EngineConfiguration(minimumTriggerInterval: .zero, delegate: .implemented)
        )
        try engine.startSession()
        try engine.choose(.discard, for: "b")
        try engine.event("tap")
        #expect(try engine.event("other") == [.stacked("b", reason: .messageVisible)])
        try engine.dismiss("a")
        // A session start offers the top through the delegate under both profiles; the Swift
        // SDK's `display_next` would not ask it.
        #expect(try engine.startSession() == [.noMatchingTrigger(.sessionStart), .discarded("b", reason: .delegate)])
    }

    @Test("the delegate answers later", arguments: Profile.allCases)
    func delegateLater(profile: Profile) throws {
        var engine = try Self.withDelegate(profile)
        try engine.startSession()
        try engine.choose(.later, for: "a")
        #expect(try engine.event("tap") == [.stacked("a", reason: .delegateLater)])
        #expect(
            try engine.startSession() == [.noMatchingTrigger(.sessionStart), .stacked("a", reason: .delegateLater)]
        )
        try engine.choose(.now, for: "a")
        #expect(try engine.startSession() == [.noMatchingTrigger(.sessionStart)] + shown("a"))
    }

    @Test("display next asks the delegate under the legacy SDK, not under the Swift SDK", arguments: Profile.allCases)
    func displayNextAndTheDelegate(profile: Profile) throws {
        var engine = try Self.withDelegate(profile)
        try engine.startSession()
        try engine.choose(.later, for: "a")
        try engine.event("tap")
        let asked = profile == .appboyLegacy
        #expect(try engine.displayNext() == (asked ? [.stacked("a", reason: .delegateLater)] : shown("a")))
    }

    @Test("legacy: keyboard up and no delegate")
    func legacyKeyboardWithoutDelegate() throws {
        var engine = try EngineDriver([onEvent("a")], profile: .appboyLegacy)
        try engine.startSession()
        try engine.send(.keyboardShown)
        #expect(try engine.event("tap") == [.stacked("a", reason: .keyboard)])
        try engine.send(.keyboardHidden)
        #expect(try engine.displayNext() == shown("a"))
    }

    @Test("legacy: an implemented delegate overrides the keyboard rule")
    func legacyKeyboardWithDelegate() throws {
        var engine = try Self.withDelegate(.appboyLegacy)
        try engine.startSession()
        try engine.send(.keyboardShown)
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("Swift SDK: the keyboard does not matter")
    func swiftIgnoresKeyboard() throws {
        var engine = try EngineDriver([onEvent("a")], profile: .brazeSwift)
        try engine.startSession()
        try engine.send(.keyboardShown)
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("the background check comes before the visible-message check")
    func backgroundBeforeVisible() throws {
        var engine = try EngineDriver.showingA()
        try engine.send(.appBackgrounded)
        #expect(try engine.event("other") == [.stacked("b", reason: .background)])
    }

    /// An engine with one message, `a`, triggered by `tap`, and an implemented display delegate.
    private static func withDelegate(_ profile: Profile) throws -> EngineDriver {
        try EngineDriver([onEvent("a")], profile: profile, configuration: EngineConfiguration(delegate: .implemented))
    }
}
