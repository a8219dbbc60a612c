import IAMSpec
import IAMSpecPortable
import IAMSpecReferenceEngine
import Testing

/// The provider describes the reference engine and makes fresh engines.
@Suite("Provider")
struct ProviderTests {
    @Test("it runs both profiles with every capability")
    func description() {
        let description = ReferenceEngineProvider().description
        #expect(description.name == "iamspec-reference")
        #expect(description.profiles == Set(Profile.allCases))
        #expect(description.capabilities == Set(Capability.allCases))
    }

    @Test("it carries iamspec's own version, with which it is released")
    func version() {
        #expect(ReferenceEngineProvider().description.version == IAMSpecVersion.current)
    }

    @Test("each engine starts fresh", arguments: Profile.allCases)
    func freshEngines(profile: Profile) throws {
        let setup = EngineSetup(
            caseID: "fresh",
            profile: profile,
            configuration: EngineConfiguration(),
            messages: [InAppMessage(id: "welcome", triggers: [.sessionStart])]
        )
        let provider = ReferenceEngineProvider()
        for _ in 0..<2 {
            var engine = try provider.makeEngine(for: setup)
            #expect(try engine.handle(.sessionStarted(syncPending: false)) == shown("welcome"))
        }
    }

    @Test("time never moves backwards")
    func negativeAdvance() throws {
        var engine = try EngineDriver([])
        #expect(throws: EngineError.self) {
            try engine.send(.timeAdvanced(by: VirtualTime(milliseconds: -1)))
        }
    }
}
