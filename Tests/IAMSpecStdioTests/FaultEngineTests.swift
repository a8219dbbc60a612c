import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecStdio

/// Each misbehaving engine makes its own case an error, with the reason and the tail of its
/// stderr; the next case runs on a fresh process; no process is left behind.
@Suite struct FaultEngineTests {
    private let settings = StdioEngineSettings(replyTimeout: .seconds(60), startTimeout: .seconds(10))

    /// Runs a faulty case then a good one on the same provider; returns the faulty case's error.
    private func faultThenRecovery(
        _ fixture: String,
        settings: StdioEngineSettings? = nil
    ) throws -> EngineError {
        let provider = try StdioEngineProvider(
            command: EngineFixtures.command(fixture),
            settings: settings ?? self.settings
        )
        defer { provider.shutdown() }
        #expect(provider.description.name == "fault-engine")

        var faulty = try provider.makeEngine(for: EngineFixtures.setup("a-fault"))
        let faultyPID = try #require(EngineFixtures.processID(of: faulty))
        var caught: EngineError?
        do {
            _ = try faulty.handle(.sessionStarted(syncPending: false))
        } catch let error as EngineError {
            caught = error
        }
        let error = try #require(caught, "the faulty case must be an error")
        #expect(EngineFixtures.isGone(faultyPID), "the faulty engine process must be stopped and reaped")

        var good = try provider.makeEngine(for: EngineFixtures.setup("b-good"))
        let goodPID = try #require(EngineFixtures.processID(of: good))
        #expect(goodPID != faultyPID, "the next case must run on a restarted engine")
        #expect(
            try good.handle(.sessionStarted(syncPending: false)) == [.displayed("promo", extras: ["from": "b-good"])]
        )
        _ = faulty

        provider.shutdown()
        #expect(EngineFixtures.isGone(goodPID))
        return error
    }

    @Test func anEngineThatExitsMidCase() throws {
        let error = try faultThenRecovery("faults/exits_mid_case.py")
        #expect(error.message.contains("closed its output before answering stimulus session_start"))
        #expect(error.message.contains("exited with status 3"))
        #expect(error.diagnostics.contains("exits_mid_case: giving up on session_start"))
    }

    @Test func diagnosticsHoldOnlyWhatTheFailingCaseWrote() throws {
        let provider = try StdioEngineProvider(command: EngineFixtures.command("faults/exits_mid_case.py"))
        defer { provider.shutdown() }
        let pid = try {
            var good = try provider.makeEngine(for: EngineFixtures.setup("b-good"))
            _ = try good.handle(.sessionStarted(syncPending: false))
            return try #require(EngineFixtures.processID(of: good))
        }()
        var faulty = try provider.makeEngine(for: EngineFixtures.setup("a-fault"))
        #expect(EngineFixtures.processID(of: faulty) == pid, "the same process runs both cases")
        #expect {
            try faulty.handle(.sessionStarted(syncPending: false))
        } throws: { error in
            guard let error = error as? EngineError else { return false }
            return error.diagnostics == "well_behaved: case a-fault\nexits_mid_case: giving up on session_start\n"
        }
    }

    @Test func anEngineThatPrintsGarbage() throws {
        let error = try faultThenRecovery("faults/prints_garbage.py")
        #expect(error.message.contains("not JSON"))
        #expect(error.message.contains("`DEBUG: handling stimulus now`"))
        #expect(error.diagnostics.contains("prints_garbage: printing a debug line to stdout"))
    }

    @Test func anEngineThatWritesBytesThatAreNotUTF8() throws {
        let error = try faultThenRecovery("faults/writes_invalid_utf8.py")
        #expect(
            error.message.hasPrefix(
                "the engine's output is not UTF-8 text (byte 0xFF never appears in UTF-8, at byte 82) in its answer to "
                    + "stimulus session_start: "
            ),
            "\(error.message)"
        )
    }

    @Test func anEngineThatStopsInTheMiddleOfALine() throws {
        let error = try faultThenRecovery("faults/partial_line.py")
        #expect(error.message.contains("in the middle of a line"))
        #expect(error.message.contains(#"`{"type": "observ`"#))
        #expect(error.message.contains("exited with status 4"))
        #expect(error.diagnostics.contains("partial_line: crashing in the middle of an answer"))
    }

    @Test func anEngineThatFloodsStderr() throws {
        let error = try faultThenRecovery("faults/floods_stderr.py")
        #expect(error.message.contains("exited with status 5"))
        #expect(error.diagnostics.hasSuffix("floods_stderr: last words\n"))
        #expect(error.diagnostics.hasPrefix("["), "the note of what was not kept")
        #expect(!error.diagnostics.contains("flood line 00000"))
        #expect(error.diagnostics.utf8.count < 65 * 1024)
    }

    @Test func anEngineThatAddsKeysOfItsOwnFailsOnlyUnderValidation() throws {
        let lenient = try StdioEngineProvider(
            command: EngineFixtures.command("faults/extra_keys.py"),
            settings: settings
        )
        defer { lenient.shutdown() }
        var tolerated = try lenient.makeEngine(for: EngineFixtures.setup("a-fault"))
        #expect(try tolerated.handle(.sessionStarted(syncPending: false)) == [.displayed("promo", extras: [:])])

        var validating = settings
        validating.validatesProtocol = true
        let error = try faultThenRecovery("faults/extra_keys.py", settings: validating)
        #expect(
            error.message
                == "the engine's `observations` answer to stimulus session_start does not follow the protocol: "
                + #"observations[0].shown_at: found a key the protocol does not define here, "#
                + #"expected only the keys "kind", "message", "extras""#
        )
    }

    @Test func anEngineThatHangsHitsTheReplyTimeout() throws {
        let error = try faultThenRecovery(
            "faults/hangs.py",
            settings: StdioEngineSettings(replyTimeout: .seconds(1), startTimeout: .seconds(10))
        )
        #expect(
            error.message
                == #"the engine did not answer stimulus session_start of case "a-fault" (braze-swift) within 1 s; "#
                + "iamspec stopped it"
        )
        #expect(error.diagnostics.contains("hangs: sleeping instead of answering"))
    }

    @Test func aHangingEngineStopsWhenInterrupted() async throws {
        let provider = try StdioEngineProvider(command: EngineFixtures.command("faults/hangs.py"), settings: settings)
        defer { provider.shutdown() }
        let engine = try #require(try provider.makeEngine(for: EngineFixtures.setup("a-fault")) as? StdioEngine)
        let pid = try #require(engine.processID)
        let handling = Task.detached { Result { try engine.handle(.sessionStarted(syncPending: false)) } }
        engine.interrupt()
        let outcome = await handling.value
        #expect(throws: EngineError.self) { try outcome.get() }
        if case .failure(let error as EngineError) = outcome {
            #expect(error.message.contains("was stopped while iamspec waited for its answer"))
        }
        #expect(EngineFixtures.isGone(pid))
    }

    @Test func anEngineThatDiesAtStartFailsTheProviderAtOnce() {
        #expect {
            _ = try StdioEngineProvider(command: EngineFixtures.command("faults/dies_at_start.py"), settings: settings)
        } throws: { error in
            guard let error = error as? EngineError else { return false }
            return error.message.contains("could not be started")
                && error.message.contains("closed its output before answering hello")
                && error.message.contains("exited with status 1")
                && error.diagnostics.contains("cannot load the SDK: libsdk.so not found")
        }
        #expect(EngineFixtures.children(running: "dies_at_start.py").isEmpty)
    }

    @Test func anEngineThatSpeaksAnotherProtocolVersion() {
        #expect {
            _ = try StdioEngineProvider(command: EngineFixtures.command("faults/wrong_protocol.py"), settings: settings)
        } throws: { error in
            (error as? EngineError)?.message.contains(
                "speaks protocol 99, and iamspec speaks protocols \(ProtocolVersion.spokenInWords)"
            ) ?? false
        }
    }

    /// The handshake's 1 s starts only once the engine has said on stderr that it will not answer
    /// (it writes a FIFO the launch reads before returning), so however slowly Python starts, the
    /// line is there when the timeout hits.
    @Test func anEngineThatNeverAnswersTheHandshake() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("iamspec-ready-\(UUID().uuidString)")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let command =
            "IAMSPEC_FIXTURE_READY_FIFO='\(fifo.path)' " + EngineFixtures.command("faults/silent_handshake.py")
        let settings = StdioEngineSettings(startTimeout: .seconds(1))
        #expect {
            _ = try StdioEngineProvider(command: command, settings: settings) {
                () throws(EngineError) -> any EngineChannel in
                let channel = try ChildProcess(command: command, stderrCapacity: settings.stderrTailBytes)
                // Blocks until the engine, its stderr line written, opens the FIFO, then until it
                // has written its process id and closed it.
                let announcement = open(fifo.path, O_RDONLY)
                var byte: UInt8 = 0
                while announcement >= 0, read(announcement, &byte, 1) > 0 {}
                close(announcement)
                return channel
            }
        } throws: { error in
            guard let error = error as? EngineError else { return false }
            return error.message.contains("did not answer hello within 1 s")
                && error.diagnostics.contains("silent_handshake: not answering hello")
        }
        #expect(EngineFixtures.children(running: "silent_handshake.py").isEmpty)
    }

    @Test func aCommandThatDoesNotExist() {
        #expect {
            _ = try StdioEngineProvider(command: "/nonexistent/engine --stdio", settings: settings)
        } throws: { error in
            guard let error = error as? EngineError else { return false }
            return error.message.contains("exited with status 127") && error.diagnostics.contains("/nonexistent/engine")
        }
    }

    @Test func anEngineThatCannotComeBackStopsTheRun() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iamspec-restart-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: marker) }
        let provider = try StdioEngineProvider(
            command: EngineFixtures.command("faults/fails_after_restart.py", arguments: [marker.path]),
            settings: StdioEngineSettings(startFailureLimit: 2)
        )
        defer { provider.shutdown() }
        var faulty = try provider.makeEngine(for: EngineFixtures.setup("a-fault"))
        #expect(throws: EngineError.self) { try faulty.handle(.sessionStarted(syncPending: false)) }
        #expect(provider.startupFailure == nil)

        #expect {
            _ = try provider.makeEngine(for: EngineFixtures.setup("b"))
        } throws: { error in
            guard let error = error as? EngineError else { return false }
            return error.message.contains("failed to start") && error.diagnostics.contains("the database is locked")
        }
        for caseID in ["c", "d"] {
            #expect {
                _ = try provider.makeEngine(for: EngineFixtures.setup(caseID))
            } throws: { error in
                guard let error = error as? EngineError else { return false }
                return error.message.contains("failed to start 2 times in a row")
                    && error.diagnostics.contains("the database is locked")
            }
        }
        #expect(provider.startupFailure?.message.contains("failed to start 2 times in a row") == true)
        provider.shutdown()
        #expect(EngineFixtures.children(running: "fails_after_restart.py").isEmpty)
    }

    @Test func shutdownStopsIdleAndBusyEngines() throws {
        let provider = try StdioEngineProvider(command: EngineFixtures.command("faults/hangs.py"), settings: settings)
        let busy = try provider.makeEngine(for: EngineFixtures.setup("a-fault"))
        let idle = try provider.makeEngine(for: EngineFixtures.setup("b-good"))
        let pids = try [busy, idle].map { try #require(EngineFixtures.processID(of: $0)) }
        provider.shutdown()
        for pid in pids { #expect(EngineFixtures.isGone(pid)) }
        var stopped = busy
        #expect(throws: EngineError.self) { try stopped.handle(.sessionStarted(syncPending: false)) }
        #expect(throws: EngineError.self) { try provider.makeEngine(for: EngineFixtures.setup("c")) }
    }

    /// Runs `a-good`, `b-fault` and `c-good` on one provider, one stimulus each, each ended with
    /// `endCase()` (protocol 2: the engine must answer `ended`); each case must see its own
    /// observations. Returns what ending each case threw, the provider's late lines and the
    /// engine process of each case.
    private func threeCasesEnded(
        _ fixture: String
    ) throws -> (endings: [String: any Error], lateLines: [String], processes: [Int32]) {
        let provider = try StdioEngineProvider(command: EngineFixtures.command(fixture), settings: settings)
        defer { provider.shutdown() }
        var endings: [String: any Error] = [:]
        var processes: [Int32] = []
        for caseID in ["a-good", "b-fault", "c-good"] {
            var engine = try provider.makeEngine(for: EngineFixtures.setup(caseID))
            processes.append(try #require(EngineFixtures.processID(of: engine)))
            #expect(
                try engine.handle(.sessionStarted(syncPending: false))
                    == [.displayed("promo", extras: ["from": caseID])]
            )
            do {
                try engine.endCase()
            } catch {
                endings[caseID] = error
            }
        }
        return (endings, provider.lateLines, processes)
    }

    @Test func aLineBeforeEndedIsThatCasesError() throws {
        for fixture in ["faults/writes_after_end_case.py", "faults/answers_twice.py"] {
            let (endings, lateLines, processes) = try threeCasesEnded(fixture)
            #expect(Array(endings.keys) == ["b-fault"], "\(fixture): only the faulty case may fail to end")
            let error = try #require(endings["b-fault"] as? EngineError, "\(fixture)")
            #expect(error.message.contains("after the case's last answer, the engine wrote `{"), "\(error.message)")
            #expect(error.message.contains("where iamspec waited for `ended` with seq 6"), "\(error.message)")
            #expect(error.diagnostics.contains("well_behaved: case b-fault"))
            #expect(processes[0] == processes[1], "\(fixture): a case that ended well keeps its process")
            #expect(processes[2] != processes[1], "\(fixture): the case after the fault runs on a restarted engine")
            #expect(EngineFixtures.isGone(processes[1]))
            #expect(lateLines.isEmpty)
        }
    }

    /// Blank lines are not messages wherever they come: written after `ended` or on `shutdown`,
    /// they are no late line, and the process stays in use.
    @Test func blankLinesAfterEndedOrOnShutdownAreNoLateLines() throws {
        let provider = try StdioEngineProvider(
            command: EngineFixtures.command("faults/writes_blank_lines.py"),
            settings: settings
        )
        defer { provider.shutdown() }
        var processes: [Int32] = []
        for caseID in ["a-fault", "b-fault", "c-good"] {
            var engine = try provider.makeEngine(for: EngineFixtures.setup(caseID))
            processes.append(try #require(EngineFixtures.processID(of: engine)))
            #expect(
                try engine.handle(.sessionStarted(syncPending: false))
                    == [.displayed("promo", extras: ["from": caseID])]
            )
            try engine.endCase()
        }
        #expect(Set(processes).count == 1, "the process that wrote blank lines must stay in use")
        provider.shutdown()
        #expect(provider.lateLines == [])
    }

    /// The line repeats the case's last answer (an earlier `seq`), or carries the `seq` the next
    /// `case` will have: either way it is the ended case's, never the next case's answer.
    @Test(arguments: [("faults/writes_after_ended.py", 5), ("faults/writes_ahead_after_ended.py", 7)])
    func aLineAfterEndedIsLateAndTheNextCaseRunsAfresh(fixture: String, seq: Int) throws {
        let (endings, lateLines, processes) = try threeCasesEnded(fixture)
        #expect(endings.isEmpty)
        #expect(processes[2] != processes[1])
        #expect(EngineFixtures.isGone(processes[1]))
        #expect(lateLines.count == 1)
        let line = try #require(lateLines.first)
        #expect(
            line.hasPrefix(#"after case "b-fault" (braze-swift) had ended, the engine wrote `{"type": "observations""#)
        )
        #expect(line.contains(#""seq": \#(seq)"#), "\(line)")
    }
}
