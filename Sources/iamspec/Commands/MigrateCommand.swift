import ArgumentParser
import IAMSpec
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecRunner

/// `iamspec migrate`: rewrites case files written for an earlier format (0.1.0) to the current one.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Rewrite case files written for an earlier iamspec (0.1.0) to the current format.",
        discussion: """
            Edits each file in place at the places it changes, keeping comments, anchors and \
            layout, and prints each change as `path:line:col: changed: ...` on standard output. \
            An expectation that names no rule in a case with several rules gets the `rules` (or \
            `setup`) derived by running the case on every behaviour of the catalogue: the rules \
            of the behaviours that fail first at that step. An expectation's `rules` naming \
            rules outside the case become `setup`; a rule gated by a capability nothing in the \
            case uses leaves the case's rules (when others remain); `requires` loses a \
            capability nothing in the case uses, and gains or loses the behavioural ones the \
            needs proof (`iamspec lint`) asks for. A step expecting an observation none of its \
            rules states (`stacked` with reason `message_visible`, say) names the first rule \
            whose subject it is that holds under the case's profiles: in its `setup`, or in its \
            `rules` and the case's; a step naming neither adds it to the case's rules, and each \
            expectation of the case then names the rules it was filed under. Steps or an \
            expectation shared through a YAML alias are written out where a case needs its own. \
            A file already in the current format is left as it is. No verdict changes on the \
            reference engine.

            A file is edited as an editor would: its line breaks (LF, CRLF or a lone CR) and \
            encoding (UTF-8, with or without a byte order mark, or UTF-16 with one) are kept; the \
            file a link leads to is the one replaced, with its permissions, owner and group. Each \
            file's new text is read again and compared with the planned cases before it is \
            written, and it replaces the file only if the file still holds what was read (under \
            a lock of its folder: two migrates of one folder do not interleave). A file left as \
            it was is named with the reason: its new text would not read as planned; a run of \
            one of its cases overran --timeout (run again with a longer one); it is read-only, \
            has other hard links, or changed meanwhile. A FIFO or device is refused.

            The cases are migrated against the rules.yaml of their folder, or the catalogue \
            --rules names. A folder kept from 0.1.0 holds 0.1.0's catalogue, whose citations \
            lack what the current catalogue requires (a code file's repository and version); \
            migrate does not invent them: give the new release's catalogue with \
            `--rules NEW/Specs/rules.yaml`, then put it (and its seeds.yaml) in the folder.

            Exit status 0 when every file now reads clean, 2 when a problem is left (said as \
            `path:line:col: error: ...` on standard error): a file refused as above is left as \
            it was, the others are migrated, a problem migrate cannot mend said at its place.
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
