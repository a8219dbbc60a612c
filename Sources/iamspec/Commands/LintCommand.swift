import ArgumentParser
import IAMSpec
import IAMSpecExplanation
import IAMSpecMutants
import IAMSpecRunner

/// `iamspec lint`: checks spec files, then proves each case's behavioural needs by running it.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check spec files and prove each case's needs.",
        discussion: """
            Exit status: 0 no problem, 2 any. More: docs/COMMANDS.md, "iamspec lint".
            """
    )

    @OptionGroup var suite: SuiteOptions

    @Flag(help: "Check the files only; do not run the cases to prove their behavioural needs.")
    var noProof = false

    @Option(
        parsing: .unconditional,
        help: """
            Wall-clock seconds one case run of the proof may take; a case that takes longer on the \
            reference engine is left to `iamspec run`.
            """
    )
    var timeout: Double = 30

    func validate() throws {
        try CaseTimeout.validate(timeout)
    }

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        // Without a catalogue the cases' rules were not checked at all: said, never "0 rules".
        let counts =
            loaded.catalogueFiles.isEmpty
            ? "\(loaded.loadedCases.count) cases, no rule catalogue found for them (a rules.yaml in their folder "
                + "or above it, within the repository or working directory): their rule ids, the profiles the rules "
                + "hold under and the capabilities gating them not checked; otherwise"
            : "\(loaded.loadedCases.count) cases, \(loaded.rules.rules.count) rules"
        guard !noProof else {
            print("\(counts): no problems (needs not proven: --no-proof)")
            // The loaded suite lives until the process ends, never freed one case at a time (that
            // cost 6.8 M instructions of 308 M on the generated 1,000-case suite).
            withExtendedLifetime(loaded) { ExitStatus.exitProcess(0) }
        }
        let proof = try SuiteLoading.reading { () throws(CaseFileChanged) in
            try NeedsProof(options: RunOptions(timeout: CaseTimeout.duration(timeout))).run(suite: loaded)
        }
        guard proof.passed else { throw CommandFailure.diagnostics(proof.diagnostics) }
        let behaviours = proof.capabilities.reduce(0) { $0 + BehaviourCatalogue.lacking($1.capability).count }
        print("\(counts): no problems; behavioural needs proven on \(behaviours) behaviours")
        withExtendedLifetime((loaded, proof)) { ExitStatus.exitProcess(0) }
    }
}
