import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT or SIGTERM at any moment of `iamspec run`: while the spec files load, while an engine
/// starts (the first, or more under `--jobs`), while the cases run, while the reports are written.
/// Each time every report asked for is written whole (a run that made no run too), marked
/// interrupted when runs were cut short, the exit status is 1, and no engine process is left.
///
/// Nothing waits a guessed time: the test learns through a FIFO that iamspec is where it must be
/// (an engine writes its process id there when it hangs; iamspec opening a spec FIFO, or writing
/// a report FIFO, is seen from the other end) before it sends the signal.
@Suite("iamspec run, interrupted")
struct InterruptTests {
    /// One case that passes, then one on which the engine hangs.
    private static let cases = [
        FaultSuite.Case(id: "a-passes", title: "The engine displays the message at session start"),
        FaultSuite.Case(id: "b-fault-hangs", title: "The engine hangs on this case's first stimulus"),
    ]

    @Test(
        "during the run: the reports so far, marked interrupted, exit 1, no engine left",
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func interruptedRun(signal: Int32) throws {
        let run = try InterruptedRun(Self.cases)
        try run.start(["--jobs", "1", "--engine-command", "python3 Fixtures/engines/faults/hangs.py"])
        let records = try run.interruptOnceStuck(engines: 1, with: signal)
        #expect(InterruptedRun.statuses(records) == ["a-passes passed", "b-fault-hangs error"])
        // What the engine wrote on stderr before it hung comes with the run it hung in.
        #expect(
            InterruptedRun.diagnostics(records, of: "b-fault-hangs").contains("hangs: sleeping instead of answering")
        )
    }

    /// The same through the portable executor: the cases compiled, and run by
    /// `iamspec run-compiled`, which writes the results stream alone.
    @Test(
        "run-compiled during the run: the results so far, marked interrupted, exit 1, no engine left",
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func interruptedCompiledRun(signal: Int32) throws {
        let run = try InterruptedRun(Self.cases)
        try run.start(["--engine-command", "python3 Fixtures/engines/faults/hangs.py"], compiled: true)
        let records = try run.interruptOnceStuck(engines: 1, with: signal)
        #expect(InterruptedRun.statuses(records) == ["a-passes passed", "b-fault-hangs error"])
        #expect(
            InterruptedRun.diagnostics(records, of: "b-fault-hangs").contains("hangs: sleeping instead of answering")
        )
    }

    @Test(
        "in the handshake of an engine that ignores signals: reports, exit 1, no engine left",
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func interruptedHandshake(signal: Int32) throws {
        let run = try InterruptedRun(Self.cases)
        try run.start(["--jobs", "1", "--engine-command", "python3 Fixtures/engines/faults/silent_handshake.py"])
        let records = try run.interruptOnceStuck(engines: 1, with: signal)
        #expect(InterruptedRun.statuses(records) == [])
    }

    /// `run-compiled` as `run`: the results stream written, with no run, marked interrupted, exit
    /// 1 (it exited 2 with no results stream).
    @Test(
        "run-compiled in the handshake of an engine that ignores signals: the results stream, exit 1, no engine left",
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func interruptedCompiledHandshake(signal: Int32) throws {
        let run = try InterruptedRun(Self.cases)
        try run.start(["--engine-command", "python3 Fixtures/engines/faults/silent_handshake.py"], compiled: true)
        let records = try run.interruptOnceStuck(engines: 1, with: signal)
        #expect(InterruptedRun.statuses(records) == [])
    }

    /// The signal is sent before iamspec starts: its launcher blocks it, sends it to itself and
    /// execs iamspec, which starts with it pending, as one that comes while it starts would be,
    /// under the disposition a shell's foreground job or a script's background job (SIGINT
    /// ignored) inherits. The green reports an earlier run left at the destinations are gone:
    /// every one is this run's, interrupted.
    @Test(
        "before iamspec listens: the signal waits, then ends the run with every report, with no run; exit 1",
        arguments: [SIGINT, SIGTERM, SIGHUP],
        [InterruptedRun.ShellJob.foreground, .background]
    )
    func interruptedWhileStarting(signal: Int32, job: InterruptedRun.ShellJob) throws {
        let run = try InterruptedRun(Self.cases)
        try run.leaveGreenReports()
        try run.start(["--jobs", "1"], pendingSignal: signal, job: job)
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let records = try run.checkReports(interrupted: true)
        #expect(InterruptedRun.statuses(records) == [])
        run.checkNoEngineLeft(announced: [])
    }

    /// `run-compiled` as `run`: started with the signal pending, it writes its results stream, with
    /// no run, marked interrupted, over the green one an earlier run left; exit 1.
    @Test(
        "run-compiled before it listens: the signal waits, then ends the run with its results stream; exit 1",
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func interruptedCompiledWhileStarting(signal: Int32) throws {
        let run = try InterruptedRun(Self.cases)
        try run.leaveGreenReports()
        try run.start([], pendingSignal: signal, job: .background, compiled: true)
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let records = try run.checkReports(interrupted: true)
        #expect(InterruptedRun.statuses(records) == [])
        run.checkNoEngineLeft(announced: [])
    }

    #if os(Linux)
    /// The signal comes while iamspec's libraries initialise, before `main`: a preloaded library's
    /// initialiser sends it, as one sent some milliseconds after `exec` comes, every time. Under
    /// the default disposition it ended iamspec at once (129, 143, an earlier green stream left);
    /// under the one a background job of a non-interactive shell starts with (SIGINT ignored) it
    /// was lost, and the run went on to exit 0. Now it waits, pending, and ends the run with every
    /// report, with no run; exit 1.
    @Test(
        "while the libraries initialise, before main: the signal waits, then ends the run with every report; exit 1",
        arguments: [SIGINT, SIGTERM, SIGHUP],
        [InterruptedRun.ShellJob.foreground, .background]
    )
    func interruptedWhileTheLibrariesInitialise(signal: Int32, job: InterruptedRun.ShellJob) throws {
        let run = try InterruptedRun(Self.cases)
        try run.leaveGreenReports()
        try run.start(
            ["--jobs", "1"],
            environment: [
                "LD_PRELOAD": try PreloadLibrary.built("signal-while-starting"),
                "SIGNAL_WHILE_STARTING": "\(signal)",
            ],
            job: job
        )
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let records = try run.checkReports(interrupted: true)
        #expect(InterruptedRun.statuses(records) == [])
        run.checkNoEngineLeft(announced: [])
    }
    #endif

    /// The spec path is a FIFO whose writer never writes: one that opened it and keeps it open,
    /// or none at all (iamspec's open of it is seen through inotify). iamspec waits for its bytes
    /// until the signal ends the wait; nothing runs, every report says so.
    @Test(
        "while the spec files load (a FIFO's writer silent or missing): every report, no run, interrupted; exit 1",
        arguments: [SIGINT, SIGTERM],
        [true, false]
    )
    func interruptedWhileLoading(signal: Int32, writerOpensIt: Bool) throws {
        let run = try InterruptedRun([])
        let specs = run.folder.appendingPathComponent("cases.yaml").path
        try #require(mkfifo(specs, 0o600) == 0)
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, specs, UInt32(IN_OPEN)) >= 0)
        try run.start(["--jobs", "1"], specs: specs)
        var writer: Int32 = -1
        if writerOpensIt {
            // Returns once iamspec has opened the FIFO to read it.
            writer = open(specs, O_WRONLY)
            try #require(writer >= 0)
        } else {
            // Returns once iamspec has opened the FIFO (the one open of it there is).
            var event = [UInt8](repeating: 0, count: 4_096)
            try #require(read(watch, &event, event.count) > 0)
        }
        defer { if writer >= 0 { close(writer) } }
        try run.signalAndWaitForTheNotice(signal)
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let records = try run.checkReports(interrupted: true)
        #expect(InterruptedRun.statuses(records) == [])
        #expect((records.first?["engine"] as? [String: Any])?["version"] as? String == "not started")
        run.checkNoEngineLeft(announced: [])
    }

    /// The results stream's path is a FIFO no reader ever opens: once the runs are made, iamspec
    /// waits for one to write the stream; the signal gives that report up, and the others are
    /// written whole, the error said after the totals line (exit 2: a report could not be written).
    @Test("while a report FIFO waits for a reader: the others written, that one given up; exit 2")
    func interruptedWhileAReportFIFOHasNoReader() throws {
        let run = try InterruptedRun([Self.cases[0]])
        try #require(mkfifo(run.results, 0o600) == 0)
        try run.start(["--jobs", "1"])
        try run.waitForStandardError(containing: "[1/1] 1 passed, 0 failed, 0 skipped")
        try run.signalAndWaitForTheNotice(SIGINT)
        let outcome = try run.wait()
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(
            outcome.standardError.hasSuffix(
                "\(run.results): error: no reader opened the FIFO before iamspec was interrupted\n"
            ),
            "\(outcome.standardError)"
        )
        #expect(outcome.lastLine == "1 passed, 0 failed, 0 skipped")
        let xml = try String(contentsOfFile: run.junit, encoding: .utf8)
        #expect(xml.hasSuffix("</testsuites>\n") && xml.components(separatedBy: "<testcase ").count - 1 == 1)
        #expect(try String(contentsOfFile: run.summary, encoding: .utf8).contains("| runs |"))
        run.checkNoEngineLeft(announced: [])
    }

    /// `--jobs 4` on an engine whose first process hangs in its case and whose other three, which
    /// the other workers start, block before their handshake: the signal stops all four.
    @Test(
        "while engines start under --jobs: every report written, the runs under way errors; exit 1, no engine left",
        arguments: [SIGINT, SIGTERM]
    )
    func interruptedWhileEnginesStart(signal: Int32) throws {
        let cases = (1...4).map { FaultSuite.Case(id: "fault-\($0)", title: "Case \($0), stuck") }
        let run = try InterruptedRun(cases)
        try run.start(
            ["--jobs", "4", "--engine-command", "python3 Fixtures/engines/faults/blocks_before_hello.py"],
            environment: ["IAMSPEC_FIXTURE_STARTED_FILE": run.folder.appendingPathComponent("started").path]
        )
        let records = try run.interruptOnceStuck(engines: 4, with: signal)
        #expect(InterruptedRun.statuses(records) == cases.map { "\($0.id) error" })
    }

    /// The JUnit path is a FIFO, and the report holds more than a pipe: iamspec is blocked writing
    /// it, from its first bytes until the test reads the rest, which it does once the signal is sent.
    @Test(
        "while the reports are written: they are finished, whole, and the exit status is 1",
        arguments: [SIGINT, SIGTERM]
    )
    func interruptedWhileWritingReports(signal: Int32) throws {
        let cases = (1...600).map { FaultSuite.Case(id: String(format: "case-%03d", $0), title: "Case \($0)") }
        let run = try InterruptedRun(cases)
        try #require(mkfifo(run.junit, 0o600) == 0)
        let reader = open(run.junit, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try run.start(["--jobs", "2", "--in-process"], unblocking: run.junit)
        var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        try #require(poll(&poller, 1, -1) == 1)
        try run.signalAndWaitForTheNotice(signal)
        let xml = try InterruptedRun.readToTheEnd(reader)
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(xml.utf8.count > 65_536, "the report must hold more than a pipe")
        #expect(xml.hasSuffix("</testsuites>\n"))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == cases.count)
        let records = try IAMSpecExecutable.resultsRecords(at: run.results)
        #expect(InterruptedRun.statuses(records) == cases.map { "\($0.id) passed" })
        #expect(records.last?["record"] as? String == "footer")
        #expect(outcome.lastLine == "600 passed, 0 failed, 0 skipped")
        run.checkNoEngineLeft(announced: [])
    }

    /// A second signal while the reports are written (a CI cancellation: SIGINT, then SIGTERM)
    /// waits for them: JUnit is held at a FIFO the test reads only once iamspec has said it took
    /// the second signal; every report is then whole, and the exit status 130.
    @Test("a second signal while the reports are written: every report of the runs made whole, exit 130")
    func secondSignalWhileWritingReports() throws {
        let cases = (1...600).map { FaultSuite.Case(id: String(format: "case-%03d", $0), title: "Case \($0)") }
        let run = try InterruptedRun(cases)
        try #require(mkfifo(run.junit, 0o600) == 0)
        let reader = open(run.junit, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try run.start(["--jobs", "2", "--in-process"], unblocking: run.junit)
        var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        try #require(poll(&poller, 1, -1) == 1)
        try run.signalAndWaitForTheNotice(SIGINT)
        kill(run.pid, SIGTERM)
        try run.waitForStandardError(
            containing: "interrupted again: quitting once the reports of the runs made are written"
        )
        let xml = try InterruptedRun.readToTheEnd(reader)
        let outcome = try run.wait()
        #expect(outcome.status == 130, "\(outcome.standardError)")
        #expect(xml.hasSuffix("</testsuites>\n"))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == cases.count)
        let records = try IAMSpecExecutable.resultsRecords(at: run.results)
        #expect(InterruptedRun.statuses(records) == cases.map { "\($0.id) passed" })
        #expect(records.last?["record"] as? String == "footer")
        #expect(try String(contentsOfFile: run.summary, encoding: .utf8).contains("| runs | 600 |"))
    }

    /// After every run is made, an engine that hangs in the experiment `run` makes to tell two
    /// names apart (here the scenario's `case` request): the first interrupt ends the experiment
    /// at once (it waited for the experiment's timeout, the run's `--timeout`), the two names stay
    /// open, and every report is written. A minute without the run's end fails the test.
    @Test("in an experiment, on an engine hanging there: the interrupt ends it at once, every report written")
    func interruptedInAnExperiment() throws {
        let run = try InterruptedRun([])
        let tool = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let engine =
            "python3 Fixtures/engines/faults/hangs_in_experiment.py '\(tool)' engine --stdio"
            + " --mutant sync-events-dropped"
            + " --lacking stack-inspection display-next assets orientation no-matching-trigger"
        try run.start(["--jobs", "2", "--engine-command", engine], specs: "Specs")
        let stuck = try run.stuckEngines(1)
        kill(run.pid, SIGINT)
        try #require(run.ends(within: 60), "the interrupt did not end the experiment")
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let records = try run.checkReports(interrupted: false)
        let footer = try #require(records.last)
        let names = footer["behaviours"] as? [[String: Any]] ?? []
        let open = names.first { $0["behaviour"] as? String == "sync-events-dropped" }
        let alternatives = (open?["alternatives"] as? [[String: Any]] ?? []).compactMap { $0["behaviour"] as? String }
        #expect(
            alternatives == ["sync-events-not-held"],
            "the names the experiment was to tell apart stay open: \(names)"
        )
        run.checkNoEngineLeft(announced: stuck)
    }

    /// `kill -9` (the OOM killer, a CI runner's hard kill) while an engine hangs: the results
    /// stream holds the header and the run made, without a footer, so `iamspec report` calls it
    /// unfinished; the green reports an earlier run left there are gone.
    @Test("killed: the stream so far, unfinished; no earlier run's report left")
    func killedRun() throws {
        let run = try InterruptedRun(Self.cases)
        try run.leaveGreenReports()
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        let changes = IN_CREATE | IN_MODIFY | IN_MOVED_TO | IN_CLOSE_WRITE
        try #require(inotify_add_watch(watch, run.folder.path, UInt32(changes)) >= 0)
        try run.start(["--jobs", "1", "--engine-command", "python3 Fixtures/engines/faults/hangs.py"])
        // The first run's line is handed to the stream on the run's own thread, which may come
        // after the engine hangs on the second case: the kill waits for the line to be there.
        try InterruptedRun.waitForLine(containing: "\"a-passes\"", in: run.results, watching: watch)
        try run.killOnceStuck(engines: 1)
        let lines = try String(contentsOfFile: run.results, encoding: .utf8).split(separator: "\n")
        let records = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(records.first?["record"] as? String == "header")
        #expect(InterruptedRun.statuses(records) == ["a-passes passed"])
        #expect(!records.contains { $0["record"] as? String == "footer" })
        let report = try IAMSpecExecutable.run(
            "report",
            "--summary",
            run.folder.appendingPathComponent("again.md").path,
            run.results
        )
        #expect(report.status == 2)
        #expect(report.standardError.contains("found no footer record"), "\(report.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.junit))
        #expect(!FileManager.default.fileExists(atPath: run.summary))
    }
}

/// One `iamspec run` of a small suite in a scratch folder, with every report asked for, to be
/// interrupted; the announcement FIFO engines write their process ids to; iamspec's standard
/// error, read as it comes.
final class InterruptedRun: @unchecked Sendable {
    let folder: URL
    let results: String
    let junit: String
    let summary: String
    private let announcementFIFO: String
    /// The FIFO held open for reading and writing: engines' opens never block, nor does the test
    /// ever read its end.
    private let announcementsDescriptor: Int32
    private let process = Process()
    /// Signalled when the process's termination handler has done its writes: the announcement
    /// FIFO's reading end must stay open until then, or the handler's write would raise SIGPIPE
    /// in the test process.
    private let terminationHandled = DispatchSemaphore(value: 0)
    private let output: URL
    private let errorPipe = Pipe()
    /// Guards what iamspec wrote on standard error so far, and whether it closed it.
    private let errorCondition = NSCondition()
    private var errorText = ""
    private var errorEnded = false
    /// How a shell starts a command: in the foreground, or in the background of a script, with
    /// SIGINT ignored.
    enum ShellJob {
        case foreground, background
    }

    /// Whether the run is `iamspec run-compiled`'s (``start(_:specs:unblocking:environment:pendingSignal:job:compiled:)``).
    private var isCompiled = false

    init(_ cases: [FaultSuite.Case]) throws {
        folder = try IAMSpecExecutable.scratchFolder()
        if !cases.isEmpty {
            try FaultSuite.write(cases, to: folder)
        } else {
            try FaultSuite.writeRules(to: folder)
        }
        results = folder.appendingPathComponent("results.jsonl").path
        junit = folder.appendingPathComponent("report.xml").path
        summary = folder.appendingPathComponent("summary.md").path
        announcementFIFO = folder.appendingPathComponent("announcements").path
        output = folder.appendingPathComponent("stdout.txt")
        try #require(mkfifo(announcementFIFO, 0o600) == 0)
        announcementsDescriptor = open(announcementFIFO, O_RDWR | O_NONBLOCK)
        try #require(announcementsDescriptor >= 0)
    }

    deinit {
        close(announcementsDescriptor)
        try? FileManager.default.removeItem(at: folder)
    }

    var pid: Int32 { process.processIdentifier }

    /// Starts `iamspec run SPECS --json --junit --summary` with `arguments` (`specs`: the scratch
    /// folder unless given), with `pendingSignal` blocked and pending from its first instruction
    /// if given, started as a shell starts a `job` (a foreground one unless given). Should iamspec
    /// end early, its end writes `exited` on the announcement FIFO, and opens `unblocking` (a FIFO
    /// the test waits on) from the other side. `compiled`: the scratch
    /// folder compiled first, then `iamspec run-compiled SUITE --json` instead.
    func start(
        _ arguments: [String],
        specs: String? = nil,
        unblocking: String? = nil,
        environment: [String: String] = [:],
        pendingSignal: Int32? = nil,
        job: ShellJob? = nil,
        compiled: Bool = false
    ) throws {
        try Data().write(to: output)
        let executable = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec")
        var command =
            [executable.path, "run", specs ?? folder.path, "--timeout", "86400"]
            + ["--json", results, "--junit", junit, "--summary", summary] + arguments
        if compiled {
            let suite = folder.appendingPathComponent("suite.json").path
            let compile = try IAMSpecExecutable.run("compile", folder.path, "--timeout", "86400", "-o", suite)
            try #require(compile.status == 0, "\(compile.standardError)")
            isCompiled = true
            command = [executable.path, "run-compiled", suite, "--json", results] + arguments
        }
        if pendingSignal != nil || job != nil {
            // As a shell starts a command: no signal blocked (a test's thread may block them all,
            // and the process it starts would inherit that), and, for a background job of a
            // non-interactive shell (`iamspec run ... &` in a script), SIGINT ignored. A signal
            // to leave pending is then blocked and sent: a blocked signal stays blocked, and
            // pending, across `exec`, even one whose disposition is to be ignored. A library to
            // preload goes to iamspec, not to the launcher.
            let pending =
                pendingSignal.map { "signal.pthread_sigmask(signal.SIG_BLOCK, {\($0)}); os.kill(os.getpid(), \($0))" }
                ?? "pass"
            let launcher = """
                import os, signal, sys
                signal.pthread_sigmask(signal.SIG_SETMASK, set())
                signal.signal(signal.SIGINT, signal.\(job == .background ? "SIG_IGN" : "SIG_DFL"))
                \(pending)
                if "LAUNCHED_LD_PRELOAD" in os.environ:
                    os.environ["LD_PRELOAD"] = os.environ.pop("LAUNCHED_LD_PRELOAD")
                os.execv(sys.argv[1], sys.argv[1:])
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", launcher] + command
        } else {
            process.executableURL = executable
            process.arguments = Array(command.dropFirst())
        }
        process.currentDirectoryURL = IAMSpecExecutable.packageRoot
        var environment = environment
        if pendingSignal != nil || job != nil, let preloaded = environment.removeValue(forKey: "LD_PRELOAD") {
            environment["LAUNCHED_LD_PRELOAD"] = preloaded
        }
        process.environment = ProcessInfo.processInfo.environment.merging(
            environment.merging(["IAMSPEC_FIXTURE_HANGING_FIFO": announcementFIFO]) { _, new in new }
        ) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = errorPipe
        let announcements = announcementFIFO
        let handled = terminationHandled
        process.terminationHandler = { _ in
            defer { handled.signal() }
            let descriptor = open(announcements, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 {
                _ = Array("exited\n".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
            // The other side of a FIFO the test is blocked on, opened and let go: its open or
            // its poll returns. Non-blocking either way.
            if let unblocking {
                for mode in [O_RDONLY | O_NONBLOCK, O_WRONLY | O_NONBLOCK] {
                    let other = open(unblocking, mode)
                    if other >= 0 { close(other) }
                }
            }
        }
        try process.run()
        let reading = errorPipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            while true {
                let data = reading.availableData
                errorCondition.lock()
                errorText += String(decoding: data, as: UTF8.self)
                errorEnded = data.isEmpty
                errorCondition.broadcast()
                errorCondition.unlock()
                if data.isEmpty { return }
            }
        }
    }

    /// Returns once iamspec has written `text` on standard error; fails if it closed it before.
    func waitForStandardError(containing text: String) throws {
        errorCondition.lock()
        defer { errorCondition.unlock() }
        while !errorText.contains(text) && !errorEnded {
            errorCondition.wait()
        }
        try #require(errorText.contains(text), "\(errorText)")
    }

    /// Sends `signal` to iamspec, and returns once iamspec has said on standard error that it
    /// took it (it handles a signal on a thread of its own).
    func signalAndWaitForTheNotice(_ signal: Int32) throws {
        kill(pid, signal)
        errorCondition.lock()
        defer { errorCondition.unlock() }
        while !errorText.contains("interrupted: finishing the report") && !errorEnded {
            errorCondition.wait()
        }
        try #require(errorText.contains("interrupted: finishing the report"), "\(errorText)")
    }

    /// Once `engines` engine processes have said they are stuck, sends `signal` to iamspec, waits
    /// for it, and checks what every interrupted run must do: exit status 1, every report whole
    /// and marked interrupted, no engine left. Returns the results stream's records.
    func interruptOnceStuck(engines: Int, with signal: Int32) throws -> [[String: Any]] {
        let pids = try announcements(engines)
        kill(pid, signal)
        let outcome = try wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let records = try checkReports(interrupted: true)
        checkNoEngineLeft(announced: pids)
        return records
    }

    /// Once `engines` engine processes have said they are stuck, kills iamspec (SIGKILL), then
    /// the engines it can no longer stop, and waits for its end.
    func killOnceStuck(engines: Int) throws {
        let pids = try announcements(engines)
        kill(pid, SIGKILL)
        for engine in pids { kill(engine, SIGKILL) }
        let outcome = try wait()
        #expect(outcome.status == SIGKILL, "\(outcome.standardError)")
    }

    /// The first `count` lines engines wrote on the announcement FIFO (their process ids), waiting
    /// for each; fails if iamspec ended before.
    private func announcements(_ count: Int) throws -> [Int32] {
        var text = ""
        var poller = pollfd(fd: announcementsDescriptor, events: Int16(POLLIN), revents: 0)
        while text.split(separator: "\n").count < count || !text.hasSuffix("\n") {
            try #require(poll(&poller, 1, -1) > 0)
            var buffer = [UInt8](repeating: 0, count: 256)
            let read = read(announcementsDescriptor, &buffer, buffer.count)
            if read > 0 { text += String(decoding: buffer[0..<read], as: UTF8.self) }
            try #require(!text.contains("exited"), "iamspec ended before its engines were stuck: \(text)")
        }
        return try text.split(separator: "\n").map { try #require(Int32($0)) }
    }

    /// Waits, through `watch` (an inotify watch of the file's folder), for a line of the file at
    /// `path` to hold `text`; fails when a minute passes with no change of the folder.
    static func waitForLine(containing text: String, in path: String, watching watch: Int32) throws {
        var poller = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
        while true {
            let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []
            if lines.contains(where: { $0.contains(text) }) { return }
            try #require(poll(&poller, 1, 60_000) == 1, "\(path) never held a line with \(text)")
            var events = [UInt8](repeating: 0, count: 4_096)
            _ = read(watch, &events, events.count)
        }
    }

    /// The process ids every engine that said it is stuck has written so far, without waiting.
    func announcedSoFar() -> [Int32] {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(announcementsDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return text.split(separator: "\n").compactMap { Int32($0) }
    }

    /// The process ids of the first `count` engines that said they are stuck, waiting for each.
    func stuckEngines(_ count: Int) throws -> [Int32] {
        try announcements(count)
    }

    /// Whether iamspec ends within `seconds`; when it does not, it is killed, so that a test
    /// that finds it still running fails rather than waits for ever.
    func ends(within seconds: Int) -> Bool {
        guard terminationHandled.wait(timeout: .now() + .seconds(seconds)) == .success else {
            kill(pid, SIGKILL)
            return false
        }
        // For the wait that reads the outcome.
        terminationHandled.signal()
        return true
    }

    /// A green run of `Fixtures/specs/passing` writes every report at the destinations of this
    /// run: the reports an earlier run leaves, which this run must not leave as if they were its.
    func leaveGreenReports() throws {
        let green = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--json",
            results,
            "--junit",
            junit,
            "--summary",
            summary
        )
        try #require(green.status == 0, "\(green.standardError)")
    }

    /// Waits for iamspec to end.
    func wait() throws -> IAMSpecExecutable.Outcome {
        process.waitUntilExit()
        terminationHandled.wait()
        // For a later wait.
        terminationHandled.signal()
        errorCondition.lock()
        while !errorEnded {
            errorCondition.wait()
        }
        let standardError = errorText
        errorCondition.unlock()
        return IAMSpecExecutable.Outcome(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: output, encoding: .utf8),
            standardError: standardError
        )
    }

    /// Checks every report iamspec wrote: the results stream ends with its footer, JUnit is whole
    /// with a test case per case line, and both, with the summary, say whether the run was
    /// interrupted; no temporary file is left beside them. Returns the stream's records.
    func checkReports(interrupted: Bool) throws -> [[String: Any]] {
        let records = try IAMSpecExecutable.resultsRecords(at: results)
        #expect(records.first?["record"] as? String == "header")
        let footer = try #require(records.last)
        #expect(footer["record"] as? String == "footer")
        #expect(footer["interrupted"] as? Bool == interrupted)
        // `run-compiled` writes the results stream alone.
        if !isCompiled {
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.hasSuffix("</testsuites>\n"))
            #expect(xml.components(separatedBy: "<testcase ").count - 1 == records.count - 2)
            #expect(xml.contains("<property name=\"interrupted\" value=\"true\"/>") == interrupted)
            let markdown = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(markdown.contains("**Interrupted:**") == interrupted)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        return records
    }

    /// No engine iamspec started is left: none of the processes that announced themselves, and no
    /// process whose environment names iamspec as its engines' supervisor.
    func checkNoEngineLeft(announced: [Int32]) {
        for pid in announced {
            #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "engine process \(pid) is still there")
        }
        #expect(IAMSpecExecutable.enginesLeft(by: pid) == [])
    }

    /// Each case record as `id status`.
    static func statuses(_ records: [[String: Any]]) -> [String] {
        records.filter { $0["record"] as? String == "case" }.map { "\($0["id"] ?? "") \($0["status"] ?? "")" }
    }

    /// The diagnostics (the engine's stderr) of the case record of `id`.
    static func diagnostics(_ records: [[String: Any]], of id: String) -> String {
        records.first { $0["record"] as? String == "case" && $0["id"] as? String == id }?["diagnostics"] as? String
            ?? ""
    }

    /// Everything a non-blocking descriptor yields until its writer closes it.
    static func readToTheEnd(_ descriptor: Int32) throws -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 {
                return String(decoding: bytes, as: UTF8.self)
            } else {
                try #require(errno == EAGAIN || errno == EINTR)
                _ = poll(&poller, 1, -1)
            }
        }
    }
}
