import ArgumentParser
import IAMSpec
import IAMSpecExplanation
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecRunner

/// `iamspec mutate`: measures the suite by the mutant engines it kills.
struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Run the suite on every mutant engine: the kill matrix.",
        discussion: """
            Exit status: 0 every mutant killed and told apart, 1 not, 2 usage or spec error. More: \
            docs/COMMANDS.md, "iamspec mutate".
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
