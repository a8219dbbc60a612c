import IAMSpec
import Testing

/// Legacy `ABKReenqueueInAppMessage` rolls the trigger back "as if it never occurred" (semantics
/// notes, point 15); the Swift SDK has no such choice.
@Suite("Rollback")
struct RollbackTests {
    private let delegate = EngineConfiguration(delegate: .implemented)

    @Test("legacy: the message is rolled back, not stacked")
    func rolledBack() throws {
        var engine = try EngineDriver([onEvent("a")], profile: .appboyLegacy, configuration: delegate)
        try engine.startSession()
        try engine.choose(.rollback, for: "a")
        #expect(try engine.event("tap") == [.rolledBack("a")])
        #expect(try engine.stack() == [])
    }

    @Test("legacy: a rolled-back message stays eligible and moves no clock")
    func staysEligibleWithoutClockChange() throws {
        var engine = try EngineDriver(
            [onEvent("a"), onEvent("b", "other")],
            profile: .appboyLegacy,
            configuration: delegate
        )
        try engine.startSession()
        try engine.choose(.rollback, for: "a")
        try engine.event("tap")
        // No display happened, so the interval does not hold "b" back.
        #expect(try engine.event("other") == shown("b"))
        try engine.dismiss("b")
        try engine.advance(30)
        try engine.choose(.now, for: "a")
        #expect(try engine.event("tap") == shown("a"))
    }

    @Test("Swift SDK: a rollback choice is an engine error")
    func swiftHasNoRollback() throws {
        var engine = try EngineDriver([onEvent("a")], profile: .brazeSwift, configuration: delegate)
        #expect(throws: EngineError.self) {
            try engine.choose(.rollback, for: "a")
        }
    }
}
