import ArgumentParser
import IAMSpec
import IAMSpecMutants
import IAMSpecRunner

/// `iamspec capabilities`: each capability, what in a case needs it, and how many selected cases
/// and runs do; with `--audit`, how exactly each behavioural capability gates the runs.
struct CapabilitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capabilities",
        abstract: "List the capabilities cases need, with their counts.",
        discussion: """
            Exit status: 0, 1 when --audit finds a need that does not hold, 2 spec error. More: \
            docs/COMMANDS.md, "iamspec capabilities".
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
