import IAMSpec
import Testing

/// Extras "reach the app unchanged" with the message.
@Suite("Extras")
struct ExtrasTests {
    @Test("a triggered message's extras arrive unchanged", arguments: Profile.allCases)
    func unchanged(profile: Profile) throws {
        let extras = ["custom-display": "colorful-slideup", "count": "5", "empty": "", "ünïcode": "✓"]
        var message = onEvent("a")
        message.extras = extras
        var engine = try EngineDriver([message], profile: profile)
        try engine.startSession()
        #expect(try engine.event("tap") == shown("a", extras: extras))
    }
}
