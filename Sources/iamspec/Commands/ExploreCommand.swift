import ArgumentParser
import Dispatch
import IAMSpec
import IAMSpecExplanation
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecReferenceEngine
import IAMSpecRunner
import IAMSpecStdio

/// `iamspec explore`: an engine explored beyond the suite, each distinct difference from the
/// reference rules written as a case to keep.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore an engine beyond the suite for differences.",
        discussion: """
            Exit status: 0 no difference and no failed scenario, 1 otherwise, 2 usage error or \
            engine not started, 130 interrupted. More: docs/COMMANDS.md, "iamspec explore".
            """
    )

    @Option(
        help: ArgumentHelp("The engine program, speaking the stdio protocol (Specs/PROTOCOL.md).", valueName: "command")
    )
    var engineCommand: String

    @Option(help: ArgumentHelp("The folder the cases are written to (made if missing).", valueName: "folder"))
    var out: String

    @Option(parsing: .unconditional, help: "The most scenarios to run (default: 1000, or no limit with --seconds).")
    var count: Int?

    @Option(parsing: .unconditional, help: "Stop starting scenarios after this many seconds of wall time.")
    var seconds: Int?

    @Option(parsing: .unconditional, help: "Wall-clock seconds the engine may take to answer, each time.")
    var timeout: Double = 30

    @Option(parsing: .unconditional, help: "The seed of the scenario generator.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "A results stream (iamspec run --json) whose names are the engine's known behaviours.",
            valueName: "file"
        )
    )
    var knownFrom: String?

    @Option(help: ArgumentHelp("The rule catalogue each case must lint beside.", valueName: "file"))
    var rules: String = "Specs/rules.yaml"

    func validate() throws {
        if let count, count <= 0 { throw ValidationError("--count must be at least 1; found \(count)") }
        if let seconds, seconds <= 0 { throw ValidationError("--seconds must be at least 1; found \(seconds)") }
        try CaseTimeout.validate(timeout)
    }

    func run() throws {
        // Interrupted, it stops at once and writes what it found (a second signal quits once that
        // is written); the exit status is 130.
        let interrupt = RunControl()
        let signals = InterruptSignals(control: interrupt, finishing: "the cases found so far")
        let (known, alternatives) = try knownBehaviours()
        let catalogue = try ruleCatalogue()
        let engine = try startEngine(interrupt)
        defer { engine.shutdown() }
        guard !engine.description.profiles.isEmpty else {
            throw CommandFailure.usage(
                "error: the engine declares no profile (its hello_reply's \"profiles\" is empty); expected at least "
                    + "one of \(Profile.allCases.map(\.rawValue).joined(separator: ", ")): explore makes scenarios under "
                    + "the profiles an engine declares (Specs/PROTOCOL.md, \"hello\")"
            )
        }
        try prepareOut()
        // The budget spent stops it as an interrupt does: an answer awaited then is not awaited
        // further, so that a hanging engine holds it up no longer than the budget.
        let budget = RunControl()
        for stop in [interrupt, budget] { _ = stop.onInterrupt { engine.shutdown() } }
        if let seconds {
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { budget.interrupt() }
        }
        let stopped = { interrupt.isInterrupted || budget.isInterrupted || engine.startupFailure != nil }
        let exploration = Exploration(
            engine: engine,
            known: known,
            knownAlternatives: alternatives,
            rules: catalogue,
            seed: seed,
            count: count ?? (seconds == nil ? 1_000 : Int.max),
            stopReason: {
                if interrupt.isInterrupted { return "interrupted" }
                if budget.isInterrupted { return "the time budget of \(seconds ?? 0) s was spent" }
                return engine.startupFailure.map { _ in "the engine could not be started again" }
            },
            progress: { scenarios, differences in
                if scenarios % 100 == 0 {
                    StandardError.write("explore: \(scenarios) scenarios, \(differences) distinct differences")
                }
            }
        )
        // From here a second interrupt waits for the cases found to be written (the first one has
        // stopped the engine, so the exploration ends at once).
        ReportsUnderWay.begin()
        let outcome = exploration.run { yaml, caseID in
            Self.check(yaml, caseID: caseID, on: engine, beside: rules, repeats: exploration.repeats, until: stopped)
        }
        var written: [String: String] = [:]
        var unwritten: [String] = []
        for difference in outcome.differences {
            let path = out + "/" + difference.caseID + (difference.withheld == nil ? ".yaml" : ".not-held.txt")
            let text =
                (difference.withheld.map { "# Not held: \(QuotedText.line($0))\n" + Self.notHeldNote } ?? "")
                + difference.yaml
            do throws(AtomicFileError) {
                try AtomicFile.writeNew(text, to: path)
                written[difference.caseID] = QuotedText.line(path)
            } catch {
                // The others are written all the same, and the table too.
                written[difference.caseID] = "not written (\(QuotedText.line(error.reason)))"
                unwritten.append(QuotedText.line(error.description))
            }
        }
        let table = Self.table(
            outcome,
            engine: engine.description,
            seed: seed,
            repeats: exploration.repeats,
            written: written
        )
        for line in table { print(line) }
        ReportsUnderWay.end()
        withExtendedLifetime(signals) {}
        if interrupt.isInterrupted { throw ExitCode(130) }
        if !unwritten.isEmpty { throw CommandFailure.usage(unwritten.joined(separator: "\n")) }
        if let failure = engine.startupFailure { throw CommandFailure.engineStartup(failure) }
        if !outcome.differences.isEmpty || outcome.failed > 0 || outcome.compared == 0 {
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// What a scenario whose case did not hold says below its reason.
    private static let notHeldNote = """
        # The scenario found, as the case it would be (the reference rules' answers expected);
        # iamspec run and lint read no .txt file: rename it to .yaml to run it as it is.

        """

    /// The catalogue of `--rules`, read whole: the cases are filed under its rules and checked
    /// beside it as `iamspec lint` checks them.
    private func ruleCatalogue() throws -> RuleCatalogue {
        guard FileManager.default.fileExists(atPath: rules) else {
            throw CommandFailure.usage(
                "error: --rules \(QuotedText.line(rules)): no such file; expected the rule catalogue the cases are "
                    + "checked against (Specs/rules.yaml of iamspec)"
            )
        }
        let loaded = SuiteLoader.load(paths: [rules], jobs: 1, catalogue: rules, stoppingWhen: { false })
        guard loaded.diagnostics.isEmpty else { throw CommandFailure.diagnostics(loaded.diagnostics) }
        return loaded.rules
    }

    /// The engine program started; interrupted meanwhile, the command ends with status 130.
    private func startEngine(_ interrupt: RunControl) throws -> StdioEngineProvider {
        do {
            return try StdioEngineProvider(
                command: engineCommand,
                settings: StdioEngineSettings(replyTimeout: CaseTimeout.duration(timeout))
            )
        } catch {
            if interrupt.isInterrupted {
                throw CommandFailure(
                    message: "interrupted before the engine answered hello: nothing explored",
                    exitStatus: 130
                )
            }
            throw CommandFailure.engineStartup(error)
        }
    }

    /// Makes `--out` if missing, and refuses one holding a file of a name this exploration may
    /// write (its seed's): explore writes over nothing.
    private func prepareOut() throws {
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.usage(
                "error: --out \(QuotedText.line(out)): cannot make the folder: \(FileSystemFailure.reason(of: error))"
            )
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: out)
        } catch {
            throw CommandFailure.usage(
                "error: --out \(QuotedText.line(out)): cannot list the folder: \(FileSystemFailure.reason(of: error))"
            )
        }
        let prefix = "explore-seed\(seed)-"
        let taken = names.filter { name in
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.dropFirst(prefix.count)
            let number = rest.prefix { $0.isASCII && $0.isNumber }
            return !number.isEmpty && [".yaml", ".not-held.txt"].contains(String(rest.dropFirst(number.count)))
        }.sorted()
        guard let first = taken.first else { return }
        throw CommandFailure.usage(
            "error: --out \(QuotedText.line(out)) holds \(QuotedText.line(first))"
                + (taken.count > 1 ? " and \(taken.count - 1) more" : "")
                + " of the names an exploration with seed \(seed) writes; expected none: explore writes over no file "
                + "(give a new or empty folder, another --seed, or move them)"
        )
    }

    /// The behaviours the names of `--known-from` give the engine: each certain name's, and each
    /// hypothesis of a name still open ("one of") as an alternative.
    private func knownBehaviours() throws -> (known: [Behaviour], alternatives: [[Behaviour]]) {
        guard let knownFrom else { return ([], []) }
        let recorded: RecordedRun
        do {
            recorded = try ResultsStreamReader(path: knownFrom).outline()
        } catch {
            throw CommandFailure.usage("\(error.diagnostic)")
        }
        func behaviours(_ id: String) -> [Behaviour] {
            BehaviourCatalogue.inOrder([id]).compactMap(BehaviourCatalogue.behaviour(id:))
        }
        let names = recorded.summary.behaviours
        let known = names.filter { !$0.isOpen }.flatMap { behaviours($0.behaviour) }
        let alternatives = names.filter(\.isOpen).flatMap { name in
            name.hypotheses.map(behaviours)
        }
        return (known, alternatives)
    }

    /// Whether the case `yaml`, read back as a case file beside the rule catalogue `catalogue`
    /// (refused as `iamspec lint` would refuse it), declares the behavioural capabilities the
    /// needs proof of `iamspec lint` finds it needs (each one the engine has: one it lacks would
    /// make the engine skip the case), passes on the reference engine and fails on `engine` the
    /// same way each of `repeats` times (as `iamspec run --repeat` compares its repeats), first at
    /// its last `expect`, the check of its difference; no repeat starts once `stopped` says the
    /// exploration must stop.
    private static func check(
        _ yaml: String,
        caseID: String,
        on engine: any EngineProvider,
        beside catalogue: String,
        repeats: Int,
        until stopped: () -> Bool
    ) -> Exploration.CaseCheck {
        let folder: String
        switch Self.privateScratch(yaml, named: "\(caseID).yaml") {
        case .success(let made): folder = made
        case .failure(let reason):
            return .withheld("it could not be written to a scratch folder to be read back: \(reason.text)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suite = SuiteLoader.load(paths: [folder], jobs: 1, catalogue: catalogue, stoppingWhen: { false })
        if let diagnostic = suite.diagnostics.first {
            return .withheld("read back, it is refused: \(diagnostic.message)")
        }
        guard let loaded = suite.loadedCases.first, let specCase = try? loaded.decoded(),
            let profile = specCase.profiles.first
        else { return .withheld("read back, it holds no case") }
        guard let proof = try? NeedsProof().run(cases: [specCase], rules: suite.rules) else {
            return .withheld("read back, its needs could not be proven")
        }
        if let needed = proof.undeclared[specCase.id], !needed.isEmpty {
            let lacked = needed.filter { !engine.description.capabilities.contains($0) }
            guard lacked.isEmpty else {
                return .withheld(
                    "it needs \(lacked.map(\.rawValue).sorted().joined(separator: ", ")), which the engine lacks: "
                        + "the engine would skip it"
                )
            }
            return .needs(needed.sorted { $0.rawValue < $1.rawValue })
        }
        if let problem = proof.diagnostics.first { return .withheld("read back, lint refuses it: \(problem.message)") }
        let onReference = CaseExecutor(provider: ReferenceEngineProvider(), rules: []).execute(
            specCase,
            profile: profile
        )
        guard onReference.status == .passed else {
            return .withheld(
                "read back, it \(onReference.status.rawValue) on the reference engine: \(onReference.message)"
            )
        }
        var memo = CaseExecutor.Memo()
        var made = 1
        let onEngine = CaseExecutor(provider: engine, rules: []).execute(
            specCase,
            profile: profile,
            repeats: repeats,
            memo: &memo,
            beforeRepeat: {
                guard !stopped() else { return false }
                made += 1
                return true
            }
        )
        if onEngine.kind == .nondeterministic {
            // `nondeterministic: repeat 1 of 5 failed: ...; repeat 2 passed`, as `run --repeat` says it.
            return .nondeterministic("the engine answered it differently on repeats (\(onEngine.message))")
        }
        if made < repeats, onEngine.status == .failed {
            return .withheld("read back, it ran \(made) of \(repeats) times on the engine when the exploration stopped")
        }
        guard onEngine.status == .failed else {
            return .withheld(
                "read back, it \(onEngine.status.rawValue) on the engine"
                    + (onEngine.message.isEmpty ? "" : ": \(onEngine.message)")
            )
        }
        // Its difference is checked at its last `expect`: a failure before it is another difference.
        let last = specCase.steps.last { if case .expectation = $0.action { true } else { false } }
        if let last, onEngine.location != last.location {
            return .withheld(
                "read back, it failed on the engine first at line \(onEngine.location.line), before the check of "
                    + "its difference at line \(last.location.line): \(onEngine.message)"
            )
        }
        return .kept
    }

    /// Why a scratch folder could not be made or written.
    private struct ScratchFailure: Error {
        var text: String
    }

    /// A new private folder (0700) in the temporary folder holding `text` as `name` (0600), so that
    /// no other user reads the case or changes it before it is read back: its path.
    private static func privateScratch(_ text: String, named name: String) -> Result<String, ScratchFailure> {
        var template = Array((FileManager.default.temporaryDirectory.path + "/iamspec-explore-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            return .failure(ScratchFailure(text: String(cString: strerror(errno))))
        }
        let folder = String(cString: made)
        let descriptor = open(folder + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        var bytes = Array(text.utf8)[...]
        var failure: Int32 = descriptor < 0 ? errno : 0
        while failure == 0, !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno != EINTR { failure = errno }
            } else {
                bytes = bytes.dropFirst(count)
            }
        }
        if descriptor >= 0 { close(descriptor) }
        guard failure == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            return .failure(ScratchFailure(text: String(cString: strerror(failure))))
        }
        return .success(folder)
    }

    /// The table the run ends with; `written` says where each difference's file went, as shown.
    static func table(
        _ outcome: Exploration.Outcome,
        engine: EngineDescription,
        seed: UInt64,
        repeats: Int,
        written: [String: String]
    ) -> [String] {
        let declined = outcome.declined.values.reduce(0, +)
        var lines = [
            "explored \(QuotedText.line(engine.name)) \(QuotedText.line(engine.version)): "
                + "\(outcome.scenarios) scenarios (seed \(seed)), \(declined) declined, \(outcome.failed) failed, "
                + "\(outcome.explainedByKnown) differing only as its known behaviours do"
        ]
        for (reason, count) in outcome.declined.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            lines.append("  declined \(count): \(QuotedText.line(reason))")
        }
        for failure in outcome.failures.prefix(5) {
            lines.append("  failed \(failure.scenarios), the first so: \(QuotedText.line(failure.reason))")
            // The end of what the engine wrote on standard error, the first time.
            let tail = failure.diagnostics.split(separator: "\n", omittingEmptySubsequences: true).suffix(5)
            lines += tail.map { "    | " + QuotedText.line(String($0)) }
        }
        if outcome.failures.count > 5 {
            let others = outcome.failures.dropFirst(5)
            lines.append(
                "  failed \(others.reduce(0) { $0 + $1.scenarios }) more, in \(others.count) other ways"
            )
        }
        if outcome.compared == 0 {
            lines.append(
                "nothing compared: "
                    + (outcome.scenarios == 0
                        ? "no scenario ran" : "the engine declined or failed every scenario")
            )
        }
        if let stopped = outcome.stopped {
            lines.append("stopped after \(outcome.scenarios) scenarios: \(stopped)")
        }
        lines.append("distinct differences: \(outcome.differences.count)")
        for (index, difference) in outcome.differences.enumerated() {
            let path = written[difference.caseID] ?? "not written"
            let file =
                difference.withheld.map { "no case held (\(QuotedText.line($0))); the scenario found: \(path)" } ?? path
            lines.append(
                "  \(index + 1). \(QuotedText.line(difference.signature)) (rule \(difference.rule)"
                    + (difference.ruleIsProposed ? ", proposed: no behaviour answers as the engine does" : "") + "; "
                    + "\(difference.scenarios) scenario\(difference.scenarios == 1 ? "" : "s")): \(file)"
            )
        }
        let proposed = outcome.differences.count { $0.withheld == nil && $0.ruleIsProposed }
        if proposed > 0 {
            lines.append(
                "\(proposed) of the cases \(proposed == 1 ? "is" : "are") filed under a proposed rule (no behaviour of "
                    + "the catalogue answers as the engine does at its last step): check the rule before keeping it"
            )
        }
        let noisy = outcome.differences.filter(\.nondeterministic).count
        if outcome.differences.contains(where: { $0.withheld == nil }) || noisy > 0 {
            lines.append(
                "each case was run \(repeats) times on the engine before it was written, and written only when it "
                    + "failed the same way each time"
                    + (noisy == 0
                        ? ""
                        : "; \(noisy) difference\(noisy == 1 ? " was" : "s were") answered differently on repeats "
                            + "(nondeterministic): no case written for \(noisy == 1 ? "it" : "them")")
            )
        }
        return lines
    }
}
