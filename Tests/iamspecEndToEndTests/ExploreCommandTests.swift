import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `iamspec explore`: an engine explored beyond the suite, each distinct difference from the
/// rules written as a case that passes on the reference engine and fails on the engine; its known
/// behaviours left out; declined scenarios counted.
@Suite("iamspec explore")
struct ExploreCommandTests {
    private static var iamspec: String { IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path }

    /// The built tool serving the reference engine with `behaviour` (none: the reference engine).
    private static func engine(_ behaviour: String? = nil) -> String {
        "'\(iamspec)' engine --stdio" + (behaviour.map { " --mutant \($0)" } ?? "")
    }

    /// The built tool's reference engine (with `behaviour`) behind `reference_variant.py VARIANT`.
    private static func variant(_ variant: String, of behaviour: String? = nil) -> String {
        "python3 Fixtures/engines/reference_variant.py \(variant) \(engine(behaviour))"
    }

    /// The cases `explore` wrote to `folder`, by file name.
    private static func writtenCases(in folder: String) throws -> [String: String] {
        var cases: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".yaml") {
            cases[file] = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        }
        return cases
    }

    @Test func eachDifferenceIsACaseTheReferencePassesAndTheEngineFails() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--out",
            out,
            "--count",
            "200"
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        #expect(explored.standardOutput.hasPrefix("explored mutant:stack-fifo "))
        #expect(explored.standardOutput.contains(": 200 scenarios (seed 1), 0 declined, 0 failed"))
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty)
        #expect(explored.standardOutput.contains("distinct differences: \(cases.count)\n"))
        for (file, text) in cases {
            #expect(text.contains("- id: \(file.dropLast(5))\n"), "runs under the id it is written with")
            #expect(!text.contains(Self.iamspec), "no command or path in the case")
        }
        #expect(try IAMSpecExecutable.run("run", out).status == 0, "the reference engine passes every case")
        let onEngine = try IAMSpecExecutable.run("run", out, "--engine-command", Self.engine("stack-fifo"))
        #expect(onEngine.status == 1)
        #expect(onEngine.standardOutput.contains("0 passed, "), "the engine fails every case")
    }

    @Test func aCaseThatRestsOnTheIntervalSaysSoAndLintsClean() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("interval-from-dismissal"),
            "--out",
            out,
            "--count",
            "200"
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty)
        for text in cases.values {
            #expect(text.contains("\n  requires: [minimum-interval]\n"), "the needs proof asks for it: \(text)")
        }
        let lint = try IAMSpecExecutable.run("lint", out)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    }

    @Test func anEngineWithoutAnIntervalGetsCasesWithNone() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo") + " --lacking minimum-interval --lacking priority",
            "--out",
            out,
            "--count",
            "300"
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty)
        for text in cases.values {
            #expect(text.contains("config: {minimum_trigger_interval: 0"), "the shrinker keeps no interval: \(text)")
            #expect(!text.contains("requires:"), "nothing the engine lacks is needed: \(text)")
        }
        let lint = try IAMSpecExecutable.run("lint", out)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
        let onEngine = try IAMSpecExecutable.run(
            "run",
            out,
            "--engine-command",
            Self.engine("stack-fifo") + " --lacking minimum-interval --lacking priority"
        )
        #expect(
            onEngine.standardOutput.contains(" 0 skipped"),
            "the engine runs every case: \(onEngine.standardOutput)"
        )
    }

    @Test func theEngineKnownBehavioursAreNoNewDifference() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--json",
            json
        )
        #expect(run.status == 1)
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "200",
            "--known-from",
            json
        )
        #expect(explored.status == 0, "\(explored.standardOutput)\(explored.standardError)")
        #expect(explored.standardOutput.contains("distinct differences: 0\n"))
        #expect(!explored.standardOutput.contains(" 0 differing only as its known behaviours do"))
    }

    @Test func theReferenceEngineHasNoDifference() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine(),
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "100"
        )
        #expect(explored.status == 0, "\(explored.standardError)")
        #expect(explored.standardOutput.contains("distinct differences: 0\n"))
    }

    @Test func declinedScenariosAreCountedByReason() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let variant = "python3 Fixtures/engines/reference_variant.py decline:display_next \(Self.engine())"
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            variant,
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "100"
        )
        #expect(explored.status == 0, "\(explored.standardOutput)\(explored.standardError)")
        #expect(explored.standardOutput.contains("\n  declined "))
        #expect(!explored.standardOutput.contains(", 0 declined,"))
    }

    // MARK: Its own faults (issue 85, point 7)

    @Test func anEngineThatCrashesInEveryScenarioIsReportedWithItsStderrAndExits1() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.variant("crashes"),
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "4"
        )
        #expect(explored.status == 1, "\(explored.standardOutput)\(explored.standardError)")
        let output = explored.standardOutput
        #expect(output.contains(": 4 scenarios (seed 1), 0 declined, 4 failed"), "\(output)")
        #expect(output.contains("  failed "), "each way it failed, with its count: \(output)")
        #expect(output.contains("the engine exited with status 3"), "\(output)")
        #expect(output.contains("\n    | crashes: giving up on "), "the end of its stderr: \(output)")
        #expect(output.contains("\nnothing compared: the engine declined or failed every scenario\n"), "\(output)")
    }

    @Test func anEngineDeclaringNoProfileIsAConfigurationErrorNotACrash() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.variant("no-profiles"),
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "5"
        )
        #expect(explored.status == 2, "\(explored.standardError)")
        #expect(
            explored.standardError.contains(
                "error: the engine declares no profile (its hello_reply's \"profiles\" is empty); expected at least one of"
            ),
            "\(explored.standardError)"
        )
        #expect(explored.standardOutput.isEmpty)
    }

    /// A file and a link of the names it would write stay as they are: it refuses, running nothing.
    @Test func outHoldingANameItWouldWriteIsRefusedAndLeftAsItWas() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let mine = out.appendingPathComponent("explore-seed1-12.yaml").path
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: mine))
        let target = folder.appendingPathComponent("elsewhere.yaml").path
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: target))
        let link = out.appendingPathComponent("explore-seed1-13.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--out",
            out.path,
            "--count",
            "200"
        )
        #expect(explored.status == 2, "\(explored.standardOutput)\(explored.standardError)")
        #expect(
            explored.standardError.contains(
                "holds explore-seed1-12.yaml and 1 more of the names an exploration with seed 1 writes; expected none"
            ),
            "\(explored.standardError)"
        )
        #expect(explored.standardOutput.isEmpty, "nothing explored")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "my notes\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
                "explore-seed1-12.yaml", "explore-seed1-13.yaml",
            ]
        )
        // Another seed writes other names beside them.
        let reseeded = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine("stack-fifo"),
            "--out",
            out.path,
            "--count",
            "100",
            "--seed",
            "2"
        )
        #expect(reseeded.status == 1, "\(reseeded.standardError)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "my notes\n")
    }

    /// The budget is the budget: an answer awaited when it is spent is not awaited further (it
    /// would be up to --timeout), and that scenario is not counted as run, nor as failed.
    @Test func theTimeBudgetEndsAScenarioTheEngineHangsIn() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.variant("hangs"),
            "--out",
            folder.appendingPathComponent("found").path,
            "--seconds",
            "1",
            "--timeout",
            "600"
        )
        #expect(explored.status == 1, "nothing compared: \(explored.standardOutput)\(explored.standardError)")
        #expect(explored.standardOutput.contains(": 0 scenarios (seed 1), 0 declined, 0 failed"))
        #expect(explored.standardOutput.contains("\nstopped after 0 scenarios: the time budget of 1 s was spent\n"))
        #expect(explored.standardOutput.contains("\nnothing compared: no scenario ran\n"))
    }

    /// --timeout bounds each answer: a scenario the engine hangs in fails, with why.
    @Test func timeoutBoundsEachAnswer() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.variant("hangs"),
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "2",
            "--timeout",
            "0.2"
        )
        #expect(explored.status == 1, "\(explored.standardOutput)\(explored.standardError)")
        #expect(explored.standardOutput.contains(": 2 scenarios (seed 1), 0 declined, 2 failed"))
        #expect(explored.standardOutput.contains("did not answer"), "\(explored.standardOutput)")
    }

    /// The scratch folder a case is read back from is the user's alone: seen from the engine while
    /// the case runs on it.
    @Test func theScratchFilesArePrivate() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("modes.log").path
        let explored = try IAMSpecExecutable.run(
            [
                "explore", "--engine-command", Self.variant("scratch-modes", of: "stack-fifo"), "--out",
                folder.appendingPathComponent("found").path, "--count", "60",
            ],
            environment: ["TMPDIR": temporary.path, "IAMSPEC_FIXTURE_SCRATCH_LOG": log]
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        let modes = Set(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init))
        #expect(modes == ["700 folder", "600 file"], "\(modes)")
    }

    /// SIGINT after some scenarios: the cases of the differences found so far are written, and
    /// the table; exit status 130. The engine hangs in a scenario of a known id and says so
    /// through a FIFO, so that the signal comes then, with no guessed wait.
    @Test func anInterruptWritesWhatWasFoundSoFarAndExits130() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("hanging").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let out = folder.appendingPathComponent("found").path
        let process = Process()
        process.executableURL = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec")
        process.arguments = [
            "explore", "--engine-command", Self.variant("hangs-in:explore-seed1-150", of: "stack-fifo"), "--out", out,
            "--count", "100000",
        ]
        process.currentDirectoryURL = IAMSpecExecutable.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["IAMSPEC_FIXTURE_HANGING_FIFO": fifo]) {
            $1
        }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Returns once the engine hangs in scenario 150 and has said so.
        let hanging = try #require(FileHandle(forReadingAtPath: fifo))
        _ = hanging.readDataToEndOfFile()
        kill(process.processIdentifier, SIGINT)
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(output)")
        #expect(output.contains(": 149 scenarios (seed 1), 0 declined, 0 failed"), "\(output)")
        #expect(output.contains("\nstopped after 149 scenarios: interrupted\n"), "\(output)")
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty, "the cases found before it")
        #expect(output.contains("distinct differences: \(cases.count)\n"), "\(output)")
        #expect(try IAMSpecExecutable.run("run", out).status == 0, "each case written whole: the reference passes it")
    }

    // MARK: What it writes, and for how long (issue 85, points 1, 3 and 5)

    /// `--seconds` alone is the budget: no default count ends the run first.
    @Test func aTimeBudgetGivenAloneIsTheBudget() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine(),
            "--out",
            folder.appendingPathComponent("found").path,
            "--seconds",
            "2"
        )
        #expect(explored.status == 0, "\(explored.standardOutput)\(explored.standardError)")
        #expect(
            explored.standardOutput.contains(" scenarios: the time budget of 2 s was spent\n"),
            "\(explored.standardOutput)"
        )
    }

    /// Cases filed under rules the case may cite: none of the legacy profile alone in a
    /// `braze-swift` case (`image-rules-in-swift`), none gated by `timeout` in a case without one
    /// (`default-timeout-ignores-delay`); ids without `+`, no rule twice. Each lints beside the
    /// catalogue, as a team keeps it in its Specs.
    @Test(arguments: ["image-rules-in-swift", "default-timeout-ignores-delay"])
    func eachCaseLintsBesideTheRuleCatalogue(mutant: String) throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = folder.appendingPathComponent("Specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        for file in ["rules.yaml", "schema.json"] {
            try FileManager.default.copyItem(atPath: "Specs/\(file)", toPath: specs.appendingPathComponent(file).path)
        }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            Self.engine(mutant),
            "--out",
            specs.path,
            "--count",
            "150"
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        #expect(!explored.standardOutput.contains("no case held"), "\(explored.standardOutput)")
        let cases = try Self.writtenCases(in: specs.path).filter { $0.key.hasPrefix("explore-") }
        #expect(!cases.isEmpty)
        for (file, text) in cases {
            let id = try #require(text.split(separator: "\n").first { $0.hasPrefix("- id: ") })
            #expect(!id.contains("+"), "\(file)")
            for line in text.split(separator: "\n") where line.contains("rules: [") {
                let listed = line.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                #expect(Set(listed).count == listed.count, "no rule twice: \(file): \(line)")
            }
        }
        let lint = try IAMSpecExecutable.run("lint", specs.path)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
        #expect(lint.standardOutput.contains(" rules: no problems"), "\(lint.standardOutput)")
    }

    /// `lint` of a folder with no catalogue says what it could not check.
    @Test func lintWithoutACatalogueSaysItCheckedNoRule() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        _ = try IAMSpecExecutable.run("explore", "--engine-command", Self.engine("stack-fifo"), "--out", out)
        let lint = try IAMSpecExecutable.run("lint", "--no-proof", out)
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(!lint.standardOutput.contains("0 rules"), "\(lint.standardOutput)")
        #expect(
            lint.standardOutput.contains(
                " cases, no rule catalogue found for them (a rules.yaml in their folder or above it, within the "
                    + "repository or working directory): their rule ids, the profiles the rules hold under and the "
                    + "capabilities gating them not checked; otherwise: no problems"
            ),
            "\(lint.standardOutput)"
        )
    }

    /// The results stream of `Specs/analytics` run on the built tool's engine of `behaviour`: the
    /// name of that behaviour, for `--known-from`.
    private static func knownFrom(_ behaviour: String, in folder: URL) throws -> String {
        let json = folder.appendingPathComponent("known.jsonl").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs/analytics",
            "--engine-command",
            engine(behaviour),
            "--json",
            json
        )
        #expect(run.status == 1, "\(run.standardError)")
        return json
    }

    /// An engine that logs an impression only after 5 s on screen (known, as Firebase's) and lets
    /// waiting messages leave first in, first out: explored with the first known, on scenarios
    /// most of which show a message before the second shows.
    private static func exploreKnowingTheImpression(in folder: URL) throws -> (IAMSpecExecutable.Outcome, String) {
        let out = folder.appendingPathComponent("found").path
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            engine("impression-after-5-seconds-on-screen+stack-fifo"),
            "--out",
            out,
            "--count",
            "300",
            "--known-from",
            try knownFrom("impression-after-5-seconds-on-screen", in: folder)
        )
        #expect(explored.status == 1, "\(explored.standardError)")
        return (explored, out)
    }

    /// A difference with no case shows the scenario found, in a file no run reads, and why: here,
    /// that it reaches a known difference first, naming it.
    @Test func noCaseHeldShowsTheScenarioFoundAndWhy() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (explored, _) = try Self.exploreKnowingTheImpression(in: folder)
        let unheld = explored.standardOutput.split(separator: "\n").filter { $0.contains("no case held") }
        #expect(!unheld.isEmpty, "\(explored.standardOutput)")
        for line in unheld {
            #expect(
                line.contains(
                    "no case held (it could not be made to reach its difference with no known difference before it or "
                        + "at its step: it would fail first at step "
                ),
                "\(line)"
            )
            #expect(line.contains(" (known: impression-after-5-seconds-on-screen)); the scenario found: "), "\(line)")
            let path = try #require(line.components(separatedBy: "; the scenario found: ").last)
            #expect(path.hasSuffix(".not-held.txt"), "\(line)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let reason = try #require(
                line.components(separatedBy: "no case held (").last?.components(separatedBy: ")")
                    .first
            )
            #expect(text.hasPrefix("# Not held: \(reason)"), "\(text)")
            #expect(text.contains("\n- id: explore-seed1-"), "\(text)")
            #expect(text.contains("\n  steps:\n"), "\(text)")
        }
    }

    // MARK: Each case at its own difference, under its subject's rule (issue 85, points 2 and 4)

    /// Every case written with a known behaviour passes on the reference engine and fails on the
    /// engine first at its last `expect`, the check of the difference its title names (none at the
    /// known impression first), filed under the rule of the behaviour it shows (`stack.lifo`, not
    /// the trigger of the step).
    @Test func eachCaseFailsFirstAtItsOwnDifferenceNotAKnownOne() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (explored, out) = try Self.exploreKnowingTheImpression(in: folder)
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty, "\(explored.standardOutput)")
        #expect(try IAMSpecExecutable.run("run", out).status == 0, "the reference engine passes every case")
        let json = folder.appendingPathComponent("on-engine.jsonl").path
        let onEngine = try IAMSpecExecutable.run(
            "run",
            out,
            "--engine-command",
            Self.engine("impression-after-5-seconds-on-screen+stack-fifo"),
            "--json",
            json,
            "--no-experiments"
        )
        #expect(onEngine.status == 1)
        var failed = 0
        for line in try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n") {
            guard let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                record["status"] as? String == "failed", let location = record["location"] as? [String: Any],
                let file = location["file"] as? String, let failedAt = location["line"] as? Int
            else { continue }
            failed += 1
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let last = try #require(lines.lastIndex { $0.hasPrefix("    - expect:") }) + 1
            #expect(failedAt == last, "fails first at its own difference: \(text)")
            #expect(text.contains("\n  rules: [stack.lifo"), "\(text)")
        }
        #expect(failed == cases.count, "\(onEngine.standardOutput)")
    }

    // MARK: Nothing resting on a lacked capability (issue 85)

    /// The partial engine lacks `assets` and still discards a legacy full message without an image,
    /// as the example engine it is made from does: no scenario rests on that (each such case failed
    /// on the reference engine), and it differs in nothing else.
    @Test func noScenarioRestsOnACapabilityTheEngineLacks() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try IAMSpecExecutable.run(
            "explore",
            "--engine-command",
            "python3 Fixtures/engines/partial_engine.py",
            "--out",
            folder.appendingPathComponent("found").path,
            "--count",
            "1000"
        )
        #expect(!explored.standardOutput.contains("on the reference engine"), "\(explored.standardOutput)")
        #expect(explored.standardOutput.contains("\ndistinct differences: 0\n"), "\(explored.standardOutput)")
        #expect(explored.status == 0, "\(explored.standardError)")
    }

    // MARK: A noisy engine (issue 85, point 6)

    /// An engine whose answers vary from run to run (`noisy-clicks`: every other case it runs
    /// drops its clicks' `click_logged`, on top of the deterministic `stack-fifo`): a difference
    /// whose case it answers differently on repeats is written as no case, the table saying so
    /// and naming the scenario found; a difference it answers the same way each time is still a
    /// case, and `run --repeat 5` finds none of those nondeterministic.
    @Test func aDifferenceTheEngineAnswersDifferentlyOnRepeatsIsNoCase() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let noisy = Self.variant("noisy-clicks", of: "stack-fifo")
        let explored = try IAMSpecExecutable.run("explore", "--engine-command", noisy, "--out", out, "--count", "200")
        #expect(explored.status == 1, "\(explored.standardError)")
        let output = explored.standardOutput
        let reason = "no case held (the engine answered it differently on repeats (nondeterministic: "
        let unheld = output.split(separator: "\n").filter { $0.contains(reason) }
        #expect(!unheld.isEmpty, "\(output)")
        for line in unheld {
            #expect(line.contains("click_logged"), "the noise: \(line)")
            #expect(
                ["repeat 1 of 5 ", "repeats 1 and "].contains { line.contains("(nondeterministic: \($0)") },
                "the first repeat, and the first that disagreed with it: \(line)"
            )
            let path = try #require(line.components(separatedBy: "; the scenario found: ").last)
            #expect(path.hasSuffix(".not-held.txt"), "\(line)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("# Not held: the engine answered it differently on repeats (nondeterministic: "))
            #expect(text.contains("\n  steps:\n"), "the scenario found: \(text)")
        }
        let cases = try Self.writtenCases(in: out)
        #expect(!cases.isEmpty, "the differences it answers the same way each time are cases: \(output)")
        #expect(
            output.contains(
                "\neach case was run 5 times on the engine before it was written, and written only when it failed the "
                    + "same way each time; \(unheld.count) difference\(unheld.count == 1 ? " was" : "s were") answered "
                    + "differently on repeats (nondeterministic): no case written for "
            ),
            "\(output)"
        )
        let repeated = try IAMSpecExecutable.run("run", out, "--engine-command", noisy, "--repeat", "5", "--jobs", "1")
        #expect(repeated.status == 1, "\(repeated.standardError)")
        #expect(!repeated.standardOutput.contains("nondeterministic"), "no case is noise: \(repeated.standardOutput)")
        #expect(repeated.standardOutput.contains("0 passed, "), "each case fails: \(repeated.standardOutput)")
    }
}
