import ArgumentParser
import IAMSpec
import IAMSpecPlatform
import IAMSpecPortable
import IAMSpecRunner

/// `iamspec compile`: the selected runs as one compiled suite, for IAMSpecPortable.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Write the selected case runs as a compiled suite.",
        discussion: """
            Exit status: 0 written, 2 usage, spec or file error, 5 nothing selected. More: docs/COMMANDS.md, \
            "iamspec compile".
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("Write the compiled suite to this file.", valueName: "file")
    )
    var output: String

    @Option(
        parsing: .unconditional,
        help: "Wall-clock seconds one case run may take in the app's test bundle before it is an error."
    )
    var timeout: Double = 30

    @Option(
        help: ArgumentHelp(
            "Carry this engine's baseline (its known outcomes; docs/CI.md, \"Baselines\") in the compiled suite: the "
                + "app's test bundle judges each run by it, as `iamspec run --baseline FILE` does.",
            valueName: "file"
        )
    )
    var baseline: String?

    @Flag(
        help:
            "A selection that matches no case run writes an empty compiled suite (with a warning) instead of exiting 5."
    )
    var allowEmpty = false

    func validate() throws {
        try CaseTimeout.validate(timeout)
    }

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        try ReportDestinations.prepare(
            [("--output", output)],
            inputs: ReportDestinations.inputs(of: loaded, paths: suite.paths)
                + [baseline].compactMap { path in path.map { ReportDestinations.Input(role: "the baseline", path: $0) }
                }
        )
        let chosen = selection.selection
        let runs = chosen.runs(of: loaded.loadedCases)
        if runs.isEmpty {
            try selection.acceptEmpty(cases: loaded.loadedCases.count, in: suite.paths, allowed: allowEmpty)
        }
        let unheld = try SuiteLoading.reading { () throws(CaseFileChanged) in
            try CompiledSuite.rulesNotInCatalogue(of: runs, catalogue: loaded.rules)
        }
        guard unheld.isEmpty else { throw CommandFailure.diagnostics(unheld) }
        var compiled = try SuiteLoading.reading { () throws(CaseFileChanged) in
            try CompiledSuite(
                selecting: runs,
                rules: loaded.rules,
                paths: suite.paths,
                selection: chosen,
                timeoutMilliseconds: CaseTimeout.milliseconds(timeout)
            )
        }
        if let baseline {
            let making = BaselineFile.making(
                baseline,
                program: "iamspec",
                suitePaths: suite.paths,
                engineCommand: nil,
                validatesProtocol: false
            )
            compiled.baseline = CompiledBaseline(
                file: baseline,
                baseline: try BaselineFile.read(baseline, engine: nil, making: making)
            )
        }
        var size = 0
        do {
            try AtomicFile.write(to: output) { write throws(AtomicFileError) in
                try compiled.write { bytes throws(AtomicFileError) in
                    size += bytes.count
                    try write(bytes)
                }
            }
        } catch {
            throw CommandFailure.usage(error.description)
        }
        print(
            "\(output): \(compiled.cases.count) case\(compiled.cases.count == 1 ? "" : "s"), "
                + "\(compiled.runs.count) run\(compiled.runs.count == 1 ? "" : "s"), "
                + "\(compiled.rules.count) rule\(compiled.rules.count == 1 ? "" : "s") (\(size) bytes)"
        )
    }
}
