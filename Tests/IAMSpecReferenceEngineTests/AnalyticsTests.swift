import IAMSpec
import Testing

/// "A message logs at most one impression and one click" per display (semantics notes, point 9).
@Suite("Analytics")
struct AnalyticsTests {
    @Test("one impression per display, and the first click only", arguments: Profile.allCases)
    func oneImpressionOneClick(profile: Profile) throws {
        var engine = try EngineDriver([onEvent("a")], profile: profile)
        try engine.startSession()
        #expect(try engine.event("tap") == shown("a"))
        #expect(try engine.click("a") == [.clickLogged("a")])
        #expect(try engine.click("a") == [])
    }

    @Test(
        "clicking does not dismiss; a click on a message that is not visible logs nothing",
        arguments: Profile.allCases
    )
    func clickRequiresVisibility(profile: Profile) throws {
        var engine = try EngineDriver.showingA(profile: profile)
        #expect(try engine.click("b") == [])
        #expect(try engine.click("a") == [.clickLogged("a")])
        // "a" is still on screen: "b" waits behind it, as the click's follow-up under the Swift SDK.
        switch profile {
        case .brazeSwift:
            #expect(try engine.event("other") == [])
            #expect(try engine.dismiss("a") == [.dismissed("a")] + shown("b"))
        case .appboyLegacy:
            #expect(try engine.event("other") == [.stacked("b", reason: .messageVisible)])
            #expect(try engine.dismiss("a") == [.dismissed("a")])
        }
        #expect(try engine.click("a") == [])
    }

    @Test("dismissing a message that is not visible does nothing")
    func dismissOfInvisibleMessage() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        try engine.event("tap")
        #expect(try engine.dismiss("nothing") == [])
        #expect(try engine.click("a") == [.clickLogged("a")])
    }

    @Test("a re-eligible message logs a fresh impression and click on its next display")
    func newDisplayNewAnalytics() throws {
        var engine = try EngineDriver([onEvent("a", reeligibility: 60)], configuration: interval(0))
        try engine.startSession()
        try engine.event("tap")
        try engine.click("a")
        try engine.dismiss("a")
        try engine.advance(60)
        #expect(try engine.event("tap") == shown("a"))
        #expect(try engine.click("a") == [.clickLogged("a")])
    }
}
