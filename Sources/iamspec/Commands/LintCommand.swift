import ArgumentParser
import IAMSpec
import IAMSpecMutants
import IAMSpecRunner

/// `iamspec lint`: checks spec files, then proves each case's behavioural needs by running it.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check spec files and the rule catalogue, and prove each case's behavioural needs.",
        discussion: """
            Prints each problem as `path:line:col: error: ...` on standard error; the rules a case \
            cites are checked against the rules.yaml at or above it (said when there is none). Once the files \
            read clean, runs every case on the reference engine and on each of its behaviours that \
            lacks a behavioural capability (\(Capability.behavioural.map(\.rawValue).sorted().joined(separator: ", "))): a case \
            whose outcome changes on one without needing that capability, or that needs one no such \
            behaviour changes, is a problem at the case (Specs/README.md, "Behavioural \
            capabilities"). A case the reference engine fails is left to `iamspec run`. Exit status \
            0 when there is no problem, 2 when there is any.
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
