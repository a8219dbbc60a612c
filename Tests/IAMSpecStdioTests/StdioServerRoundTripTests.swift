import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecStdio

/// ``StdioEngineServer`` serving an in-test provider, driven by ``StdioEngineProvider`` through
/// pipes: the provider on the far side of the protocol behaves exactly as when called directly.
@Suite struct StdioServerRoundTripTests {
    private func remoteProvider(validating: Bool = true) throws -> StdioEngineProvider {
        try StdioEngineProvider(
            command: "in-process scripted engine",
            settings: StdioEngineSettings(validatesProtocol: validating)
        ) { () throws(EngineError) -> any EngineChannel in
            PipeChannel(serving: ScriptedEngineProvider.everyAnswer())
        }
    }

    @Test func theDescriptionComesFromTheHandshake() throws {
        let provider = try remoteProvider()
        defer { provider.shutdown() }
        #expect(provider.description == ScriptedEngineProvider.everyAnswer().description)
    }

    @Test(arguments: WireSamples.setups)
    func everyStimulusGivesTheSameObservations(_ setup: EngineSetup) throws {
        let provider = try remoteProvider()
        defer { provider.shutdown() }
        var remote = try provider.makeEngine(for: setup)
        var local = try ScriptedEngineProvider.everyAnswer().makeEngine(for: setup)
        for stimulus in WireSamples.stimuli {
            let expected = Result { try local.handle(stimulus) }
            let actual = Result { try remote.handle(stimulus) }
            switch (expected, actual) {
            case (.success(let expected), .success(let actual)):
                #expect(actual == expected, "\(stimulus)")
            case (.failure(let expected as EngineError), .failure(let actual as EngineError)):
                #expect(actual.message.hasSuffix(expected.message), "\(stimulus)")
            case (.failure(let expected as CaseSkipped), .failure(let actual as CaseSkipped)):
                #expect(actual == expected, "\(stimulus)")
            default:
                Issue.record("\(stimulus): directly \(expected), through the protocol \(actual)")
            }
        }
    }

    @Test func oneServerRunsCaseAfterCase() throws {
        let provider = try remoteProvider()
        defer { provider.shutdown() }
        for index in 0..<5 {
            let setup = EngineFixtures.setup("case-\(index)")
            var engine = try provider.makeEngine(for: setup)
            #expect(
                try engine.handle(.sessionStarted(syncPending: false))
                    == [.displayed("promo", extras: ["from": "case-\(index)"]), .impressionLogged("promo")]
            )
        }
    }

    @Test func aDeclinedStimulusCrossesTheProtocolAndTheProcessStaysInUse() throws {
        let provider = try remoteProvider()
        defer { provider.shutdown() }
        do {
            var engine = try provider.makeEngine(for: EngineFixtures.setup("declines"))
            #expect(throws: CaseSkipped(reason: "scripted engines have no keyboard")) {
                try engine.handle(.keyboardShown)
            }
        }
        var engine = try provider.makeEngine(for: EngineFixtures.setup("after"))
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "e"))) == [.noMatchingTrigger(.customEvent(name: "e"))]
        )
    }

    @Test func skipsAndSetupErrorsCrossTheProtocol() throws {
        let provider = try remoteProvider()
        defer { provider.shutdown() }
        #expect(throws: CaseSkipped(reason: "scripted engines skip skip-me")) {
            try provider.makeEngine(for: EngineFixtures.setup("skip-me"))
        }
        #expect {
            try provider.makeEngine(for: EngineFixtures.setup("broken-case"))
        } throws: { error in
            (error as? EngineError)?.message == "no engine for broken-case"
        }
        var engine = try provider.makeEngine(for: EngineFixtures.setup("after"))
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "e"))) == [.noMatchingTrigger(.customEvent(name: "e"))]
        )
    }

    @Test func anEngineThatFailsAtTheEndOfTheCaseMakesTheCaseAnErrorThroughTheProtocol() throws {
        let provider = try StdioEngineProvider(
            command: "in-process engine failing at the end",
            settings: StdioEngineSettings(validatesProtocol: true)
        ) { () throws(EngineError) -> any EngineChannel in
            PipeChannel(serving: FailingAtEndProvider())
        }
        defer { provider.shutdown() }
        var engine = try provider.makeEngine(for: EngineFixtures.setup("ends-badly"))
        #expect(try engine.handle(.sessionStarted(syncPending: false)) == [])
        #expect(throws: EngineError.self) { try engine.endCase() }
        var next = try provider.makeEngine(for: EngineFixtures.setup("next"))
        #expect(try next.handle(.sessionEnded) == [], "the next case runs")
    }
}

/// Engines that observe nothing and find, when the case ends, that it went wrong.
private struct FailingAtEndProvider: EngineProvider {
    struct Engine: DeliveryEngine {
        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] { [] }
        mutating func endCase() throws { throw EngineError("a message was still on screen at the end") }
    }

    let description = EngineDescription(
        name: "fails-at-end",
        version: "1",
        profiles: Set(Profile.allCases),
        capabilities: []
    )

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine { Engine() }
}
