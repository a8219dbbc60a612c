import ArgumentParser
import IAMSpec
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecRunner

/// `iamspec migrate`: rewrites case files written for an earlier format (0.1.0) to the current one.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Rewrite 0.1.0 case files in today's format, in place.",
        discussion: """
            Exit status: 0 every file reads clean, 2 a problem is left. More: docs/COMMANDS.md, "iamspec \
            migrate".
            """
    )

    @OptionGroup var suite: SuiteOptions

    @Option(
        parsing: .unconditional,
        help: "Wall-clock seconds one case run may take while the rules and needs are derived."
    )
    var timeout: Double = 30

    @Option(
        name: .customLong("rules"),
        help: ArgumentHelp(
            "The rule catalogue to migrate the cases against, in place of their folder's rules.yaml.",
            valueName: "path"
        )
    )
    var catalogue: String?

    func validate() throws {
        try CaseTimeout.validate(timeout)
    }

    func run() throws {
        let loaded = SuiteLoader.load(
            paths: suite.paths,
            jobs: ProcessInfo.processInfo.activeProcessorCount,
            // A FIFO is refused as every other reader refuses one it was not given to stream:
            // migrate reads each file twice and writes it back.
            readsFIFOs: false,
            readingEarlierFormat: true,
            catalogue: catalogue,
            stoppingWhen: { false }
        )
        guard loaded.diagnostics.isEmpty else {
            throw CommandFailure.diagnostics(loaded.diagnostics + catalogueAdvice(loaded))
        }
        let cases = try SuiteLoading.cases(of: loaded)
        let plan = try SuiteLoading.reading { () throws(CaseFileChanged) in
            try MigrationPlanner(options: RunOptions(timeout: CaseTimeout.duration(timeout)))
                .plan(cases: cases, rules: loaded.rules)
        }
        let byFile = Dictionary(grouping: cases, by: \.location.file)
        var problems: [Diagnostic] = []
        var changed = 0
        var changeCount = 0
        for file in loaded.caseFiles {
            let fileCases = Dictionary(
                (byFile[file] ?? []).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first }
            )
            let migration = CaseFileMigration(file: file, cases: fileCases, catalogue: loaded.rules, plan: plan)
            problems += migration.problems
            guard let bytes = migration.migratedBytes else { continue }
            if let refusal = CaseFileReplacement.replace(
                file,
                holding: migration.readBytes,
                with: bytes,
                waiting: { StandardError.write($0) }
            ) {
                problems.append(refusal)
                continue
            }
            for change in migration.changes { print(change) }
            changed += 1
            changeCount += migration.changes.count
        }
        // What the files say now, read as the current format reads them.
        let reread = SuiteLoader.load(
            paths: suite.paths,
            jobs: ProcessInfo.processInfo.activeProcessorCount,
            catalogue: catalogue,
            stoppingWhen: { false }
        )
        problems += reread.diagnostics
        let files = "\(loaded.caseFiles.count) file\(loaded.caseFiles.count == 1 ? "" : "s")"
        print("\(changeCount) change\(changeCount == 1 ? "" : "s") in \(changed) of \(files)")
        guard problems.isEmpty else { throw CommandFailure.diagnostics(problems.sorted()) }
    }

    /// What to do when a catalogue found beside the cases does not read: one the current format
    /// refuses is most likely the one a folder kept from 0.1.0 holds.
    private func catalogueAdvice(_ loaded: LoadedSuite) -> [Diagnostic] {
        guard catalogue == nil else { return [] }
        return loaded.catalogueFiles.filter { file in loaded.diagnostics.contains { $0.location.file == file } }.map {
            file in
            var advice = Diagnostic(
                "this rule catalogue does not read in the current format (the errors above); a rules.yaml kept "
                    + "from iamspec 0.1.0 cites code without the repository and version the current format "
                    + "requires, which migrate cannot supply; expected the cases migrated against the current "
                    + "release's catalogue: `iamspec migrate --rules NEW/Specs/rules.yaml \(suite.paths.joined(separator: " "))`, "
                    + "then that rules.yaml (and its seeds.yaml) put in place of this one",
                at: SourceLocation(file: file, line: 1, column: 1)
            )
            advice.quotesSource = false
            return advice
        }
    }
}
