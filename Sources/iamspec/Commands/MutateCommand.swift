import ArgumentParser
import IAMSpec
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecRunner

/// `iamspec mutate`: measures the suite by the mutant engines it kills.
struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Run the suite on every mutant engine and print the kill matrix and the mutation score.",
        discussion: """
            A mutant is the reference engine with one rule broken. The suite first runs on the \
            reference engine, which must pass it; then on each mutant. A case kills a mutant when \
            one of its runs passes on the reference engine and fails or errors on the mutant; each \
            mutant runs in worker processes, so a mutant that traps (crashes) errors the cases it \
            crashes in, and is killed by them, unless --in-process. A killed mutant is told apart \
            when the report of its run (`iamspec explain`, replayed in this process) names it alone \
            as what the engine does differently. The last line is `Mutation score: killed/total \
            (pct%)`. Exit status 0 when every mutant is killed and told apart, 1 when any survives \
            or is not told apart (or the reference engine fails the suite), 2 for usage or spec \
            errors. A surviving mutant calls for a new case, never a change to the mutant; so does \
            one not told apart, unless the mutant breaks more than its rule.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    @Option(parsing: .unconditional, help: "How many cases run at once (default: the number of processors).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(parsing: .unconditional, help: "Wall-clock seconds one case run may take before it is an error.")
    var timeout: Double = 30

    @Option(name: .customLong("mutant"), help: "Only this mutant (its id); repeatable. Default: all.")
    var mutantIDs: [String] = []

    @Flag(help: "List the mutants, each with the rule it breaks, and exit.")
    var list = false

    @Flag(
        help: """
            Run the mutants in this process, not in worker processes: faster, but a mutant that traps \
            ends the whole analysis.
            """
    )
    var inProcess = false

    func validate() throws {
        guard jobs >= 1 else {
            throw ValidationError("--jobs must be at least 1, found \(jobs)")
        }
        try CaseTimeout.validate(timeout)
        for id in mutantIDs where BehaviourCatalogue.behaviour(id: id) == nil {
            throw ValidationError("--mutant: no mutant has the id '\(id)' (see `iamspec mutate --list`)")
        }
    }

    func run() throws {
        if list {
            for mutant in BehaviourCatalogue.all {
                print("\(mutant.id)\t\(mutant.rule)\t\(mutant.summary)")
            }
            return
        }
        let loaded = try SuiteLoading.load(suite.paths)
        let mutants =
            mutantIDs.isEmpty ? BehaviourCatalogue.all : mutantIDs.compactMap(BehaviourCatalogue.behaviour(id:))
        let analysis = MutationAnalysis(
            mutants: mutants,
            options: RunOptions(
                selection: selection.selection,
                jobs: jobs,
                timeout: CaseTimeout.duration(timeout)
            )
        )
        let workers = EngineWorkers(inProcess: inProcess, timeoutSeconds: timeout)
        let report = try analysis.run(
            cases: try SuiteLoading.cases(of: loaded),
            rules: loaded.rules,
            engines: { mutant in try workers.provider(serving: mutant, isolatingReference: false) },
            progress: { engine in StandardError.write("running the suite on the \(engine)") }
        )
        guard report.reference.succeeded else {
            let failures = report.reference.results.filter { $0.status == .failed || $0.status == .error }
            StandardError.write("error: the reference engine must pass the suite before mutants are judged")
            for failure in failures {
                StandardError.write(
                    "\(failure.location): \(failure.caseID) (\(failure.profile.rawValue)): \(failure.message)"
                )
            }
            print("Reference engine: \(report.reference.totalsLine)")
            throw ExitCode(ExitStatus.failure)
        }
        for line in KillMatrixText(report).lines {
            print(line)
        }
        if !report.survivors.isEmpty || !report.notToldApart.isEmpty {
            throw ExitCode(ExitStatus.failure)
        }
    }
}
