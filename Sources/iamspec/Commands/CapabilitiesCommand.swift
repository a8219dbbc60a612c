import ArgumentParser
import IAMSpec
import IAMSpecMutants
import IAMSpecRunner

/// `iamspec capabilities`: each capability, what in a case needs it, and how many selected cases
/// and runs do; with `--audit`, how exactly each behavioural capability gates the runs.
struct CapabilitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capabilities",
        abstract: "List each capability, what in a case needs it, and how many cases and runs need it.",
        discussion: """
            A case needs exactly the capabilities it uses (derived by the loader); an engine that lacks one \
            skips the runs that need it. A capability marked * is assumed for an engine that does not speak of \
            it. What no capability covers, every engine must have (Specs/README.md, "What every engine must \
            have"). Exit status 0, or 2 for spec errors.

            With --audit, proves the needs as `iamspec lint` does and prints the figures: the suite \
            runs on the reference engine, then on each of its behaviours that lacks a behavioural \
            capability (one that stands for what an engine does, not for something a case writes), \
            claiming every capability. Per capability: runs gated (their case needs it), gated runs \
            failing on such a behaviour, recall (a run that fails there though its case does not \
            need it lowers it) and precision (failing / gated); both are 100 % when every case's \
            needs hold up. Exit status 1 when one does not (each such case is named); 0 otherwise.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    @Flag(help: "Prove each behavioural capability's gate on the behaviours that lack it, with its figures.")
    var audit = false

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        if audit {
            let report = try SuiteLoading.reading { () throws(CaseFileChanged) in
                try NeedsProof(options: RunOptions(selection: selection.selection)).run(suite: loaded) { engine in
                    StandardError.write("running the suite on the \(engine)")
                }
            }
            for line in report.lines { print(line) }
            if !report.passed { throw ExitCode(1) }
            return
        }
        let census = try SuiteLoading.reading { () throws(CaseFileChanged) in
            try CapabilityCensus(suite: loaded, selection: selection.selection)
        }
        for line in census.lines { print(line) }
    }
}
