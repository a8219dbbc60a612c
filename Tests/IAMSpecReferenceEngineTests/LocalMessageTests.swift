import IAMSpec
import Testing

/// Messages the app creates and presents itself: "Braze does not support analytics on in-app
/// messages created locally" (seed 003); no timeout and no interval apply.
@Suite("Local messages")
struct LocalMessageTests {
    @Test("a local message displays with its extras and logs no impression", arguments: Profile.allCases)
    func displaysWithoutAnalytics(profile: Profile) throws {
        var engine = try EngineDriver([], profile: profile)
        let local = InAppMessage(id: "local", extras: ["k": "v"])
        #expect(try engine.send(.localMessagePresented(local)) == [.displayed("local", extras: ["k": "v"])])
        #expect(try engine.click("local") == [])
    }

    @Test("a local message goes on the stack when another is visible, and never times out")
    func stackedWithoutTimeout() throws {
        var engine = try EngineDriver([onEvent("a")])
        try engine.startSession()
        try engine.event("tap")
        #expect(
            try engine.send(.localMessagePresented(InAppMessage(id: "local")))
                == [.stacked("local", reason: .messageVisible)]
        )
        try engine.dismiss("a")
        try engine.advance(1000)
        #expect(try engine.displayNext() == [.displayed("local", extras: [:])])
    }

    @Test("a local display neither waits for nor starts the minimum interval")
    func noInterval() throws {
        var engine = try EngineDriver([onEvent("a"), onEvent("b", "other")])
        try engine.startSession()
        #expect(
            try engine.send(.localMessagePresented(InAppMessage(id: "local"))) == [.displayed("local", extras: [:])]
        )
        try engine.dismiss("local")
        #expect(try engine.event("tap") == shown("a"))
        try engine.dismiss("a")
        #expect(
            try engine.send(.localMessagePresented(InAppMessage(id: "again"))) == [.displayed("again", extras: [:])]
        )
    }

    @Test("a local message is checked like any other: orientation and assets")
    func checked() throws {
        var engine = try EngineDriver([])
        let wide = InAppMessage(id: "wide", orientation: .landscape)
        #expect(try engine.send(.localMessagePresented(wide)) == [.discarded("wide", reason: .orientation)])
        let pending = InAppMessage(id: "pending", image: .pending)
        #expect(try engine.send(.localMessagePresented(pending)) == [])
        #expect(try engine.settleAssets(of: "pending", succeeded: true) == [.displayed("pending", extras: [:])])
    }
}
