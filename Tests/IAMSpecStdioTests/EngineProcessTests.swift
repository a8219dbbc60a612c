import IAMSpec
import Testing

@testable import IAMSpecStdio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linked into a process (this test runner), the library changes nothing process-wide, yet an
/// engine that is gone cannot kill the process with SIGPIPE; ``EngineProcesses`` does what only
/// the whole process can.
@Suite struct EngineProcessTests {
    @Test func aStatusAboveOneHundredAndTwentyEightSaysHowAShellReportsASignal() {
        // `/bin/sh -c "node engine.mjs"`, whose node aborts: dash waits for it and exits 128 + 6.
        #expect(
            ChildProcess.describe(status: 134 << 8)
                == "exited with status 134, as a shell reports its command killed by signal 6 (Aborted): "
                + "start the engine with `exec` for iamspec to see the signal itself"
        )
        #expect(ChildProcess.describe(status: 3 << 8) == "exited with status 3")
        #expect(ChildProcess.describe(status: 128 << 8) == "exited with status 128")
        #expect(ChildProcess.describe(status: 6) == "was killed by signal 6 (Aborted)")
    }

    /// Whether this process would die of SIGPIPE: its disposition is the default (`SIG_DFL`,
    /// the null handler).
    private static func brokenPipeIsFatal() -> Bool {
        var disposition = sigaction()
        sigaction(SIGPIPE, nil, &disposition)
        #if canImport(Darwin)
        return disposition.__sigaction_u.__sa_handler == nil
        #else
        return disposition.__sigaction_handler.sa_handler == nil
        #endif
    }

    /// Whether SIGPIPE is blocked in this thread, or pending.
    private static func brokenPipeIsBlockedOrPending() -> (blocked: Bool, pending: Bool) {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        var pending = sigset_t()
        sigpending(&pending)
        return (sigismember(&mask, SIGPIPE) == 1, sigismember(&pending, SIGPIPE) == 1)
    }

    @Test func writingToAnEngineThatHasExitedFailsWithoutSIGPIPE() throws {
        try #require(Self.brokenPipeIsFatal(), "SIGPIPE must be fatal here, or this test proves nothing")
        try #require(Self.brokenPipeIsBlockedOrPending() == (false, false))
        let engine = try ChildProcess(command: "exit 0", stderrCapacity: 1024)
        #expect(engine.waitForExit(gracePeriod: .seconds(60)) == "exited with status 0")

        // No one reads the engine's stdin any more: without care, this write kills the test runner.
        #expect(throws: LineWriteFailure.closed) {
            let hold = BrokenPipeSignalHold()
            try writeLine(Array(#"{"type":"hello","protocol":1}"#.utf8) + [10], to: engine.inputDescriptor, hold: hold)
        }
        #expect(Self.brokenPipeIsFatal())
        #expect(Self.brokenPipeIsBlockedOrPending() == (false, false))
    }

    @Test func runningEnginesChangesNothingProcessWide() throws {
        try #require(Self.brokenPipeIsFatal())
        let provider = try StdioEngineProvider(command: EngineFixtures.command("example_engine.py"))
        var engine = try provider.makeEngine(for: EngineFixtures.setup("a-case"))
        #expect(try engine.handle(.sessionStarted(syncPending: false)).count == 2)
        provider.shutdown()
        #expect(Self.brokenPipeIsFatal())
        #expect(Self.brokenPipeIsBlockedOrPending() == (false, false))
    }

    #if os(Linux)
    @Test func underSupervisionAnEnginesOrphanComesBackToThisProcessAndIsReaped() throws {
        EngineProcesses.superviseForThisProcess()
        let engine = try ChildProcess(command: "sleep 600 & echo $!", stderrCapacity: 1024)
        let shell = try #require(engine.processID)
        var reader = LineReader(descriptor: engine.outputDescriptor)
        let line = try reader.readLine(deadline: .now + .seconds(60))
        let orphan = try #require(Int32(String(decoding: line, as: UTF8.self)))

        // The shell exits once it has started `sleep`; wait for that without reaping it.
        var info = siginfo_t()
        while waitid(P_PID, id_t(shell), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        #expect(EngineFixtures.parentProcessID(of: orphan) == getpid())

        _ = engine.waitForExit(gracePeriod: .zero)
        #expect(EngineFixtures.isGone(orphan), "the orphan is killed with the engine's group and reaped")
    }
    #endif
}
