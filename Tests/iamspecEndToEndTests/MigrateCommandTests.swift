import Foundation
import IAMSpec
import IAMSpecMutants
import IAMSpecRunner
import Testing

/// `iamspec migrate` on cases written for 0.1.0: the release's own Specs, taken from the
/// repository's history, and a folder of cases a team wrote by hand. Each is refused as it is,
/// migrated by the built binary, then reads clean, passes `iamspec lint` (the needs proof too),
/// and keeps every run's verdict on the reference engine.
@Suite(.serialized) struct MigrateCommandTests {
    /// The release commit of 0.1.0.
    static let release = "f718dcf3ab83a4693d7dc927ebc09a0a405ecbe6"

    /// Whether this clone holds the release commit (a shallow clone does not).
    static let holdsRelease: Bool = {
        guard let outcome = try? IAMSpecExecutable.runInShell("git cat-file -e \(release)^{commit}") else {
            return false
        }
        return outcome.status == 0
    }()

    @Test(.enabled(if: holdsRelease, "a shallow clone lacks the 0.1.0 release commit"))
    func theSpecsOf010ReadCleanAndKeepTheirVerdicts() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let extracted = try IAMSpecExecutable.runInShell(
            "git archive \(Self.release) Specs | tar -x -C '\(folder.path)'"
        )
        try #require(extracted.status == 0, "\(extracted.standardError)")
        let specs = folder.appendingPathComponent("Specs")
        // A team upgrading takes the catalogue of the new release; its cases are what it keeps.
        try Self.takeCurrentCatalogue(into: specs)
        let files = try Self.caseTexts(specs)

        let refused = try IAMSpecExecutable.run("lint", "--no-proof", specs.path)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("(`iamspec migrate` rewrites a file written for iamspec 0.1.0)"))

        let verdicts = try Self.verdicts(specs, earlierFormat: true)
        let migrated = try IAMSpecExecutable.run("migrate", specs.path)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        #expect(migrated.standardError.isEmpty)
        let lines = migrated.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.last?.wholeMatch(of: /\d+ changes in \d+ of \d+ files/) != nil)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix(specs.path + "/") && $0.contains(": changed: ") })
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "/stack/lifo.yaml:29:30: changed: `rules` renamed `setup`: stack.no-auto-drain are not among the case's rules, so this step checks the state the case sets up"
                )
            }
        )
        try Self.expectCommentsAndAnchorsKept(files, in: specs)

        let linted = try IAMSpecExecutable.run("lint", specs.path)
        #expect(linted.status == 0, "\(linted.standardError)")
        #expect(linted.lastLine?.hasSuffix("no problems; behavioural needs proven on 3 behaviours") == true)
        #expect(try Self.verdicts(specs, earlierFormat: false) == verdicts)
    }

    @Test(.enabled(if: holdsRelease, "a shallow clone lacks the 0.1.0 release commit"))
    func aFolderKeptFrom010WithItsOwnCatalogueIsMigratedAgainstTheCatalogueGiven() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let extracted = try IAMSpecExecutable.runInShell(
            "git archive \(Self.release) Specs | tar -x -C '\(folder.path)'"
        )
        try #require(extracted.status == 0, "\(extracted.standardError)")
        // The team kept the folder whole, 0.1.0's catalogue included.
        let cases010 = folder.appendingPathComponent("cases010")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("Specs"), to: cases010)
        let files = try Self.caseTexts(cases010)

        let refused = try IAMSpecExecutable.run("migrate", cases010.path)
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "cases010/rules.yaml:1:1: error: this rule catalogue does not read in the current format (the errors "
                    + "above)"
            ),
            "\(refused.standardError.suffix(2_000))"
        )
        #expect(
            refused.standardError.contains(
                "`iamspec migrate --rules NEW/Specs/rules.yaml \(cases010.path)`, then that rules.yaml (and its "
                    + "seeds.yaml) put in place of this one"
            )
        )
        #expect(try Self.caseTexts(cases010) == files)

        let current = IAMSpecExecutable.packageRoot.appendingPathComponent("Specs/rules.yaml").path
        let migrated = try IAMSpecExecutable.run("migrate", "--rules", current, cases010.path)
        #expect(migrated.status == 0, "\(migrated.standardError.suffix(2_000))")
        #expect(migrated.lastLine?.wholeMatch(of: /\d+ changes in 49 of 50 files/) != nil, "\(migrated.lastLine ?? "")")
        try Self.expectCommentsAndAnchorsKept(files, in: cases010)
        // As the last error said: the new catalogue put in place, the folder reads clean.
        try Self.takeCurrentCatalogue(into: cases010)
        let linted = try IAMSpecExecutable.run("lint", cases010.path)
        #expect(linted.status == 0, "\(linted.standardError.suffix(2_000))")
    }

    @Test func casesWrittenByHandFor010ReadCleanAndKeepTheirVerdicts() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours")
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/migration/cases-0.1.0/ours"),
            to: ours
        )
        try Self.takeCurrentCatalogue(into: ours)
        let files = try Self.caseTexts(ours)
        let verdicts = try Self.verdicts(ours, earlierFormat: true)
        #expect(verdicts.count == 16)

        let migrated = try IAMSpecExecutable.run("migrate", ours.path)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        let changes = migrated.standardOutput.replacingOccurrences(of: ours.path + "/", with: "")
            .split(separator: "\n").map(String.init)
        for expected in [
            "analytics.yaml:8:11: changed: dropped 'analytics' from `requires`: nothing in the case uses it",
            "background.yaml:4:10: changed: dropped rule 'reenqueue.swift-situations' (gated by 'keyboard') from the "
                + "case's rules: nothing in the case uses what gates it",
            "background.yaml:28:3: changed: added `requires: [minimum-interval]`: an engine without it fails the case "
                + "(needs proof)",
            "stacking.yaml:23:15: changed: added `setup: [stack.no-auto-drain]`: the behaviours failing first here "
                + "break the state the case sets up",
            "stacking.yaml:31:5: changed: added reenqueue.message-visible to the case's rules: \(Self.subjectReason)",
            "stacking.yaml:45:9: changed: added `rules: [stack.lifo, reenqueue.message-visible]`: the rules of the "
                + "behaviours failing first here; reenqueue.message-visible named too: \(Self.subjectReason)",
            "stacking.yaml:53:10: changed: added reenqueue.message-visible to the case's rules: \(Self.subjectReason)",
            "19 changes in 4 of 4 files",
        ] {
            #expect(changes.contains(expected), "\(expected)")
        }
        let stacking = try String(contentsOf: ours.appendingPathComponent("stacking.yaml"), encoding: .utf8)
        #expect(stacking.contains("    - expect: {sequence: [], setup: [stack.no-auto-drain]}\n"))
        let named = "    - expect:\n        rules: [stack.lifo, reenqueue.message-visible]\n        sequence:"
        #expect(stacking.contains(named))
        // The later case's copy of the steps it shared, indented as they were, with its own namings.
        #expect(stacking.contains("  steps:\n    - session_start\n"))
        #expect(
            stacking.hasSuffix(
                "    - expect: {sequence: [{displayed: third}], setup: [manual.display-next, reenqueue.message-visible, "
                    + "stack.no-auto-drain]}\n"
            )
        )
        try Self.expectCommentsAndAnchorsKept(files, in: ours)

        let linted = try IAMSpecExecutable.run("lint", ours.path)
        #expect(linted.status == 0, "\(linted.standardError)")
        #expect(try Self.verdicts(ours, earlierFormat: false) == verdicts)

        let again = try IAMSpecExecutable.run("migrate", ours.path)
        #expect(again.status == 0 && again.standardOutput == "0 changes in 0 of 4 files\n")
    }

    /// Why `iamspec migrate` names a rule whose subject an expected observation is.
    static let subjectReason: String =
        "it states an observation a step expects, which none of the rules the step is filed under states (a step "
        + "names a rule whose subject each observation it expects is)"

    @Test func casesValidBeforeTheSubjectCheckReadCleanAndKeepTheirVerdicts() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours")
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/migration/cases-before-subjects/ours"),
            to: ours
        )
        try Self.takeCurrentCatalogue(into: ours)
        let files = try Self.caseTexts(ours)
        let refused = try IAMSpecExecutable.run("lint", "--no-proof", ours.path)
        #expect(refused.status == 2)
        let refusal: String = [
            "stacking.yaml:61:47: error: found the observation 'stacked (message_visible)' in a step filed under ",
            "stack.no-auto-drain (the step's 'setup'), none of which states it; expected one of the rules whose ",
            "subject it is (reenqueue.message-visible, reenqueue.swift-situations, stack.trigger-on-top, ",
            "stack.eligibility-moments, stack.retrigger-moves-to-top, stack.click-follow-up, ",
            "manual.display-next-leaves-stack), so that a run failing here is filed under it: add ",
            "'reenqueue.message-visible' to the step's 'setup' (`iamspec migrate` rewrites a file written for ",
            "iamspec 0.1.0)\n",
        ].joined()
        #expect(refused.standardError.contains(refusal))
        let verdicts = try Self.verdicts(ours, earlierFormat: true)
        #expect(verdicts.count == 6)

        let migrated = try IAMSpecExecutable.run("migrate", ours.path)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        let filing = "the case's rules the step was filed under, the case taking another"
        let reason: String = Self.subjectReason
        let expected: [String] = [
            "stacking.yaml:6:10: changed: added reenqueue.message-visible to the case's rules: \(reason)",
            "stacking.yaml:19:9: changed: added `rules: [stack.lifo, reenqueue.message-visible]`: \(filing); "
                + "reenqueue.message-visible named too: \(reason)",
            "stacking.yaml:21:15: changed: added `rules: [stack.lifo]`: \(filing)",
            "stacking.yaml:23:15: changed: added `rules: [stack.lifo]`: \(filing)",
            "stacking.yaml:28:10: changed: added reenqueue.message-visible to the case's rules: \(reason)",
            "stacking.yaml:43:11: changed: added reenqueue.message-visible to the step's `rules`: \(reason)",
            "stacking.yaml:61:99: changed: added reenqueue.message-visible to the step's `setup`: \(reason)",
            "7 changes in 1 of 1 file",
        ]
        let changes = migrated.standardOutput.replacingOccurrences(of: ours.path + "/", with: "")
            .split(separator: "\n").map(String.init)
        #expect(changes == expected)
        let stacking = try String(contentsOf: ours.appendingPathComponent("stacking.yaml"), encoding: .utf8)
        #expect(stacking.contains("    - expect: {sequence: [], rules: [stack.lifo]}   # nothing shows by itself\n"))
        #expect(stacking.contains("        rules:\n          - stack.lifo\n          - reenqueue.message-visible\n"))
        #expect(stacking.contains("setup: [stack.no-auto-drain, reenqueue.message-visible]}\n"))
        try Self.expectCommentsAndAnchorsKept(files, in: ours)

        let linted = try IAMSpecExecutable.run("lint", ours.path)
        #expect(linted.status == 0, "\(linted.standardError)")
        #expect(try Self.verdicts(ours, earlierFormat: false) == verdicts)
        let again = try IAMSpecExecutable.run("migrate", ours.path)
        #expect(again.status == 0 && again.standardOutput == "0 changes in 0 of 1 file\n")
    }

    @Test func casesOfTheCurrentFormatAreLeftAsTheyAre() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = folder.appendingPathComponent("Specs")
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs"),
            to: specs
        )
        let files = try Self.caseTexts(specs)
        let migrated = try IAMSpecExecutable.run("migrate", specs.path)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        #expect(migrated.standardOutput.hasPrefix("0 changes in 0 of "), "\(migrated.standardOutput)")
        #expect(try Self.caseTexts(specs) == files)
    }

    @Test func aProblemMigrationCannotMendIsSaidAndExits2() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.takeCurrentCatalogue(into: folder)
        let file = folder.appendingPathComponent("keyboard-only.yaml")
        // Its only rule is gated by `keyboard`, which it never uses: no rule is left to name.
        try """
        id: ours-keyboard-only
        title: A case naming only a rule gated by what it does not use
        rules: [reenqueue.swift-situations]
        profiles: [braze-swift]
        given:
          messages:
            - {id: tip, triggers: [{custom_event: go}]}
        steps:
          - session_start
          - custom_event: go
          - expect: {sequence: [{displayed: tip}]}

        """.write(to: file, atomically: true, encoding: .utf8)
        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        #expect(migrated.status == 2)
        #expect(migrated.standardOutput == "0 changes in 0 of 1 file\n")
        #expect(
            migrated.standardError.contains(
                "keyboard-only.yaml:3:8: error: rule 'reenqueue.swift-situations' is gated by capability 'keyboard'"
            )
        )
    }

    /// Puts the current catalogue (and its seeds) in the folder.
    private static func takeCurrentCatalogue(into folder: URL) throws {
        for name in ["rules.yaml", "seeds.yaml"] {
            let target = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(
                at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs").appendingPathComponent(name),
                to: target
            )
        }
    }

    /// Each case file's text, by path.
    private static func caseTexts(_ folder: URL) throws -> [String: String] {
        var texts: [String: String] = [:]
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for path in paths where path.hasSuffix(".yaml") && !["rules.yaml", "seeds.yaml"].contains(path) {
            texts[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return texts
    }

    /// Every comment line and every anchor of each file is still there, in order.
    private static func expectCommentsAndAnchorsKept(_ before: [String: String], in folder: URL) throws {
        let after = try caseTexts(folder)
        for (path, text) in before {
            let kept = { (text: String) -> [String] in
                text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.map {
                    $0.trimmingCharacters(in: .whitespaces)
                } + text.matches(of: /&[A-Za-z0-9-]+/).map { String($0.output) }
            }
            #expect(kept(after[path] ?? "") == kept(text), "\(path)")
        }
    }

    /// Each run's status on the reference engine, the cases read in the earlier format or the current one.
    private static func verdicts(_ folder: URL, earlierFormat: Bool) throws -> [String: String] {
        let suite = SuiteLoader.load(
            paths: [folder.path],
            jobs: 2,
            readingEarlierFormat: earlierFormat,
            stoppingWhen: { false }
        )
        guard suite.diagnostics.isEmpty else { return ["diagnostics": suite.diagnostics.map(\.description).joined()] }
        let summary = ConformanceRun(engine: MutationAnalysis.inProcess(nil), options: RunOptions())
            .run(cases: try suite.cases, rules: suite.rules)
        return Dictionary(
            summary.results.map { ("\($0.caseID) \($0.profile.rawValue)", $0.status.rawValue) },
            uniquingKeysWith: { first, _ in first }
        )
    }
}
