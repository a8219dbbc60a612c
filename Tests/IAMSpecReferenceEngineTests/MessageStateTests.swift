import IAMSpec
import Testing

/// A message's state (its display clock, its downloads, the delegate's choice for it) belongs to
/// its id, however many messages a case delivers and wherever the id first appears.
@Suite("Message state by id")
struct MessageStateTests {
    @Test("with seven delivered messages, the later ones keep their display clocks and downloads")
    func manyMessages() throws {
        var messages = (1...7).map { onEvent("m\($0)", "tap\($0)") }
        messages[6].image = .pending
        var engine = try EngineDriver(messages)
        try engine.startSession()
        #expect(try engine.event("tap6") == shown("m6"))
        try engine.dismiss("m6")
        try engine.advance(3600)
        #expect(try engine.event("tap6") == unmatched("tap6"))
        #expect(try engine.event("tap7") == [])
        #expect(try engine.settleAssets(of: "m7", succeeded: true) == shown("m7"))
    }

    @Test("two delivered messages with one id share a display clock")
    func repeatedID() throws {
        let messages = [onEvent("same", "one"), onEvent("same", "two")]
        var engine = try EngineDriver(messages)
        try engine.startSession()
        #expect(try engine.event("one") == shown("same"))
        try engine.dismiss("same")
        try engine.advance(3600)
        #expect(try engine.event("two") == unmatched("two"))
    }

    @Test("a delegate choice set before a local message is presented applies to it")
    func choiceBeforeLocalMessage() throws {
        var engine = try EngineDriver([], configuration: EngineConfiguration(delegate: .implemented))
        #expect(try engine.send(.delegateChoiceSet(message: "local", choice: .discard)) == [])
        #expect(
            try engine.send(.localMessagePresented(InAppMessage(id: "local")))
                == [.discarded("local", reason: .delegate)]
        )
    }
}
