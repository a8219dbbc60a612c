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

            With --audit, measures the gate of every behavioural capability (one that stands for \
            what an engine does, not for something a case writes): the suite runs on the reference \
            engine, then on each variant of it that lacks the behaviour, once declaring the \
            capability absent (the runs skipped are the gated runs) and once claiming it anyway. \
            Per capability: runs gated, gated runs failing without the behaviour, recall (a run \
            that fails without the behaviour but is not gated makes the gate too narrow) and \
            precision (failing / gated). Exit status 1 when a gate is too narrow, or its precision \
            is below 75 %, or theirs together below 90 %; 0 otherwise.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    @Flag(help: "Measure each behavioural capability's gate against engines that lack the behaviour.")
    var audit = false

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        if audit {
            let report = CapabilityAudit(options: RunOptions(selection: selection.selection))
                .run(cases: loaded.cases, rules: loaded.rules) { engine in
                    StandardError.write("running the suite on the \(engine)")
                }
            for line in report.lines { print(line) }
            if !report.passed { throw ExitCode(1) }
            return
        }
        for line in CapabilityCensus(cases: loaded.cases, selection: selection.selection).lines {
            print(line)
        }
    }
}
