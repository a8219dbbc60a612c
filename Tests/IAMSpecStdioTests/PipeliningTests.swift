import IAMSpec
import IAMSpecPortable
import IAMSpecTesting
import Testing

@testable import IAMSpecStdio

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Pipelining (`Specs/PROTOCOL.md`, "Pipelining"): an engine that declares it gets a run's
/// requests without iamspec waiting for each answer, never more than the window unanswered, and
/// every verdict is the one a strict engine gets.
@Suite struct PipeliningTests {
    /// The engine of `Fixtures/engines/pipelining_engine.py`, which checks the window and writes
    /// how far iamspec went ahead into a stats file.
    private struct Fixture {
        let provider: StdioEngineProvider
        let stats: URL

        init(strict: Bool = false, validating: Bool = false) throws {
            stats = FileManager.default.temporaryDirectory.appendingPathComponent("pipelining-\(UUID()).txt")
            let environment =
                "IAMSPEC_FIXTURE_STATS_FILE='\(stats.path)' " + (strict ? "IAMSPEC_FIXTURE_STRICT=1 " : "")
            provider = try StdioEngineProvider(
                command: environment + "exec " + EngineFixtures.command("pipelining_engine.py"),
                settings: StdioEngineSettings(validatesProtocol: validating, replyTimeout: .seconds(60))
            )
        }

        /// Each ended case's id, the most requests and the most bytes it left unanswered.
        func ended() throws -> [(id: String, requests: Int, bytes: Int)] {
            try String(contentsOf: stats, encoding: .utf8).split(separator: "\n").map { line in
                let fields = line.split(separator: " ")
                return (String(fields[0]), Int(fields[1])!, Int(fields[2])!)
            }
        }

        func stop() {
            provider.shutdown()
            try? FileManager.default.removeItem(at: stats)
        }
    }

    /// A run of `stimuli` as the runner makes it: told in advance, then asked one by one.
    private func run(
        _ caseID: String,
        _ stimuli: [Stimulus],
        on provider: StdioEngineProvider,
        askingOnly count: Int? = nil
    ) throws -> (engine: any DeliveryEngine, answers: [[Observation]]) {
        var engine = try provider.makeEngine(for: EngineFixtures.setup(caseID))
        var lookahead = try #require(engine as? any LookaheadEngine)
        lookahead.expect(stimuli)
        engine = lookahead
        var answers: [[Observation]] = []
        for stimulus in stimuli.prefix(count ?? stimuli.count) {
            answers.append(try engine.handle(stimulus))
        }
        return (engine, answers)
    }

    private static let displayed: [Observation] = [.displayed("promo", extras: ["from": "a-case"])]

    private static func steps(_ count: Int) -> [Stimulus] {
        [.sessionStarted(syncPending: false)]
            + Array(repeating: .timeAdvanced(by: VirtualTime(milliseconds: 1)), count: count - 1)
    }

    @Test func requestsGoAheadOfTheirAnswersWithinTheWindow() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        // 300 requests of about 80 bytes: several windows' worth.
        var (engine, answers) = try run("a-case", Self.steps(300), on: fixture.provider)
        try engine.endCase()
        #expect(answers == [Self.displayed] + Array(repeating: [], count: 299))
        let ended = try #require(try fixture.ended().first)
        #expect(ended.requests > 10, "requests were sent ahead")
        #expect(ended.bytes <= 4096)
        #expect(ended.bytes > 3500, "the window is kept full")
    }

    @Test func aStrictEngineGetsOneRequestAtATime() throws {
        let fixture = try Fixture(strict: true)
        defer { fixture.stop() }
        var (engine, answers) = try run("a-case", Self.steps(20), on: fixture.provider)
        try engine.endCase()
        #expect(answers.count == 20)
        #expect(try fixture.ended().map(\.requests) == [1])
    }

    @Test func aRequestLongerThanTheWindowGoesAlone() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let long = Stimulus.customEvent(
            CustomEvent(name: "big", properties: ["text": .string(String(repeating: "x", count: 6000))])
        )
        var (engine, answers) = try run("a-case", Self.steps(30) + [long] + Self.steps(30), on: fixture.provider)
        try engine.endCase()
        #expect(answers.count == 61)
        let ended = try #require(try fixture.ended().first)
        #expect(ended.bytes > 6000 && ended.requests > 1)
    }

    @Test func answersFillingMoreThanAPipeDoNotDeadlock() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        // 1,500 requests (more than a pipe holds), each answered with 2 KB (so are the answers),
        // by an engine that reads all it can before it writes anything.
        var (engine, answers) = try run("a-padded-case", Self.steps(1500), on: fixture.provider)
        try engine.endCase()
        #expect(answers.count == 1500)
    }

    @Test(arguments: ["error", "unsupported"])
    func anErrorOrADeclineMidCaseEndsTheRunAndTheProcessStaysInUse(_ fault: String) throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let pid = try {
            var (engine, _) = try run("a-\(fault)-at-2", Self.steps(10), on: fixture.provider, askingOnly: 1)
            #expect {
                try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: 1)))
            } throws: { error in
                switch (fault, error) {
                case ("error", let error as EngineError):
                    error.message == "the engine answered `error`: failing at stimulus 2 on purpose"
                        && error.diagnostics == "pipelining_engine: error at stimulus 2\n"
                case ("unsupported", let skip as CaseSkipped):
                    skip.reason == "declining stimulus 2 on purpose"
                default:
                    false
                }
            }
            // The runner ends a declined run, not one that failed: either way, the answers to what
            // was sent ahead are read before `ended`.
            if fault == "unsupported" { try engine.endCase() }
            return EngineFixtures.processID(of: engine)
        }()
        try expectTheProcessStaysInUse(pid, fixture)
    }

    /// The next case runs on process `pid`, and passes.
    private func expectTheProcessStaysInUse(_ pid: Int32?, _ fixture: Fixture) throws {
        var engine = try fixture.provider.makeEngine(for: EngineFixtures.setup("b-case"))
        #expect(EngineFixtures.processID(of: engine) == pid, "the process stays in use")
        #expect(
            try engine.handle(.sessionStarted(syncPending: false)) == [.displayed("promo", extras: ["from": "b-case"])]
        )
        try engine.endCase()
    }

    @Test func aRunStoppedEarlyReadsWhatWasSentAheadBeforeEnded() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let pid = try {
            var (engine, answers) = try run("a-case", Self.steps(10), on: fixture.provider, askingOnly: 3)
            try engine.endCase()
            #expect(answers.count == 3)
            return EngineFixtures.processID(of: engine)
        }()
        try expectTheProcessStaysInUse(pid, fixture)
    }

    @Test(arguments: [
        ("a-wrong-seq-at-2", "waited for the answer to stimulus advance (seq 3), and read a line with seq 4"),
        ("a-stray-at-2", "waited for the answer to stimulus advance (seq 4), and read a line with seq 3"),
    ])
    func anAnswerOutOfStepIsAnErrorOfItsCase(_ caseID: String, _ message: String) throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        var engine = try fixture.provider.makeEngine(for: EngineFixtures.setup(caseID))
        let pid = try #require(EngineFixtures.processID(of: engine))
        var lookahead = try #require(engine as? any LookaheadEngine)
        lookahead.expect(Self.steps(5))
        engine = lookahead
        var caught: EngineError?
        do {
            for stimulus in Self.steps(5) { _ = try engine.handle(stimulus) }
        } catch let error as EngineError {
            caught = error
        }
        let error = try #require(caught)
        #expect(error.message.contains("the engine's answer is out of step: iamspec " + message))
        #expect(EngineFixtures.isGone(pid), "the process is stopped")
        var next = try fixture.provider.makeEngine(for: EngineFixtures.setup("b-case"))
        #expect(
            try next.handle(.sessionStarted(syncPending: false)) == [.displayed("promo", extras: ["from": "b-case"])]
        )
    }

    @Test func aTimeoutCoversEveryAnswerAndTheErrorCarriesTheStderrOfTheCase() throws {
        let provider = try StdioEngineProvider(
            command: "exec " + EngineFixtures.command("pipelining_engine.py"),
            settings: StdioEngineSettings(replyTimeout: .seconds(1), startTimeout: .seconds(10))
        )
        defer { provider.shutdown() }
        var (engine, _) = try run("a-hang-at-3", Self.steps(6), on: provider, askingOnly: 2)
        let pid = try #require(EngineFixtures.processID(of: engine))
        #expect {
            try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: 1)))
        } throws: { error in
            guard let error = error as? EngineError else { return false }
            return error.message
                == #"the engine did not answer stimulus advance (seq 4) of case "a-hang-at-3" (braze-swift) within 1 s; "#
                + "iamspec stopped it (5 requests were sent ahead and unanswered, 300 of the 4096 bytes of the "
                + "pipelining window, and none waited to be sent: the window was not full)"
                && error.diagnostics == "pipelining_engine: hang at stimulus 3\n"
        }
        #expect(EngineFixtures.isGone(pid))
    }

    @Test func anExitMidCaseIsAnErrorOfThatCaseAndTheNextRunsOnANewProcess() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        let pid = try {
            var (engine, _) = try run("a-exit-at-3", Self.steps(6), on: fixture.provider, askingOnly: 2)
            #expect {
                try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: 1)))
            } throws: { error in
                guard let error = error as? EngineError else { return false }
                return error.message
                    == #"the engine closed its output before answering stimulus advance (seq 4) of case "a-exit-at-3" "#
                    + "(braze-swift); the engine exited with status 3"
                    && error.diagnostics == "pipelining_engine: exit at stimulus 3\n"
            }
            return try #require(EngineFixtures.processID(of: engine))
        }()
        #expect(EngineFixtures.isGone(pid))
        var next = try fixture.provider.makeEngine(for: EngineFixtures.setup("b-case"))
        #expect(EngineFixtures.processID(of: next) != pid)
        #expect(
            try next.handle(.sessionStarted(syncPending: false)) == [.displayed("promo", extras: ["from": "b-case"])]
        )
    }

    @Test func aRequestOffThePlanIsNeverGivenAnotherRequestsAnswer() throws {
        let fixture = try Fixture()
        defer { fixture.stop() }
        // Asked first for something else: nothing was sent ahead, so it is sent alone.
        var (engine, _) = try run("a-case", Self.steps(5), on: fixture.provider, askingOnly: 0)
        #expect(try engine.handle(.sessionStarted(syncPending: true)) == Self.displayed)
        #expect(try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: 1))) == [])
        try engine.endCase()
        // Asked for something else once requests went ahead: the run is an error.
        var (ahead, _) = try run("b-case", Self.steps(5), on: fixture.provider, askingOnly: 1)
        #expect {
            try ahead.handle(.sessionEnded)
        } throws: { error in
            (error as? EngineError)?.message
                == "iamspec asked the engine for stimulus session_end, where it had sent stimulus advance ahead"
        }
    }

    @Test func theValidationOfTheProtocolAcceptsTheKey() throws {
        let fixture = try Fixture(validating: true)
        defer { fixture.stop() }
        var (engine, answers) = try run("a-case", Self.steps(30), on: fixture.provider)
        try engine.endCase()
        #expect(answers.count == 30)
        #expect(try fixture.ended().first!.requests > 1)
    }

    // MARK: The handshake

    private static func hello(protocol version: Int, pipelining: String) -> String {
        #"{"type":"hello_reply","protocol":\#(version),"name":"e","version":"1","profiles":["braze-swift"],"#
            + #""capabilities":[],"pipelining":\#(pipelining)}"#
    }

    private func decodedPipelining(_ line: String, unknownKeys: UnknownKeys = .ignored) throws -> Bool? {
        guard
            case .hello(_, _, let pipelines, _) = try WireCodec.decodeReply(
                try JSONParser.parse(line),
                unknownKeys: unknownKeys
            )
        else { return nil }
        return pipelines
    }

    @Test func protocol2DeclaresPipeliningWithABoolean() throws {
        #expect(try decodedPipelining(Self.hello(protocol: 2, pipelining: "true"), unknownKeys: .refused) == true)
        #expect(try decodedPipelining(Self.hello(protocol: 2, pipelining: "false"), unknownKeys: .refused) == false)
        let absent = #"{"type":"hello_reply","protocol":2,"name":"e","version":"1","profiles":[],"capabilities":[]}"#
        #expect(try decodedPipelining(absent, unknownKeys: .refused) == false)
        #expect {
            try decodedPipelining(Self.hello(protocol: 2, pipelining: #""yes""#))
        } throws: { error in
            (error as? WireFormatError)?.description == #"pipelining: found "yes", expected true or false"#
        }
    }

    @Test func aProtocol1EngineCannotDeclareIt() throws {
        #expect(try decodedPipelining(Self.hello(protocol: 1, pipelining: "true")) == false)
        #expect {
            try decodedPipelining(Self.hello(protocol: 1, pipelining: "true"), unknownKeys: .refused)
        } throws: { error in
            (error as? WireFormatError)?.description
                == #"pipelining: found a key the protocol does not define here, expected only the keys "type", "#
                + #""protocol", "name", "version", "profiles", "capabilities""#
        }
    }

    @Test func theReferenceEngineDeclaresItInProtocol2Only() {
        let description = EngineDescription(name: "e", version: "1", profiles: [], capabilities: [])
        let v2 = WireLines.text(EngineReply.hello(protocolVersion: 2, description: description, pipelines: true))
        let v1 = WireLines.text(EngineReply.hello(protocolVersion: 1, description: description, pipelines: true))
        #expect(v2.contains(#""pipelining":true"#))
        #expect(!v1.contains("pipelining"))
    }

    @Test func theServerAnswersRequestsReadTogetherInOrder() throws {
        let provider = try StdioEngineProvider(
            command: "in-process scripted engine",
            settings: StdioEngineSettings(validatesProtocol: true)
        ) { () throws(EngineError) -> any EngineChannel in
            PipeChannel(serving: ScriptedEngineProvider.everyAnswer())
        }
        defer { provider.shutdown() }
        for index in 0..<3 {
            var (engine, answers) = try run("case-\(index)", Self.steps(200), on: provider)
            try engine.endCase()
            #expect(
                answers.first == [.displayed("promo", extras: ["from": "case-\(index)"]), .impressionLogged("promo")]
            )
            #expect(answers.count == 200)
        }
    }
}
