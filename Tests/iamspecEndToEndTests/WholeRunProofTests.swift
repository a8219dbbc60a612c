import Foundation
import Testing

/// A failing case run alone (its re-run line) is named against the passes of the whole run it
/// came from when given that run's results stream (`--whole-run`), which the re-run line of a run
/// with `--json` carries: never by a name a pass of the whole run refutes. Without it, its names
/// are marked unproven beyond the selection; a stream that cannot prove them stops the run.
@Suite("A re-run proven by the whole run")
struct WholeRunProofTests {
    /// The built tool serving the reference engine with these options.
    private static func engine(_ options: String) -> String {
        "'" + IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path + "' engine --stdio "
            + options
    }

    /// An engine firing the no-matching-trigger callback for events logged through the REST API:
    /// alone, `callbacks-not-for-api-events` is replayed as well by an engine that lets those events
    /// trigger messages, which the whole run's passes refute.
    private static let mutant = engine("--mutant api-events-report-no-match")
    private static let failingCase = "callbacks-not-for-api-events"
    private static let refuted = "(behaviour api-events-trigger)"

    /// The mutant's name, which the whole runs below give.
    private static let named = "api-events-report-no-match"

    /// The results stream of a whole run on the mutant (without experiments), in `folder`, its
    /// footer rewritten by `edit`, as a run that tested its names would have written it.
    private static func mutantsWholeRun(
        in folder: URL,
        editingFooter edit: (inout [String: Any]) throws -> Void
    ) throws -> String {
        let whole = folder.appendingPathComponent("whole.jsonl").path
        let run = try IAMSpecExecutable.run(
            ["run", "Specs", "--no-experiments", "--engine-command", mutant, "--json", whole]
        )
        #expect(run.status == 1, "\(run.standardError)")
        var records = try IAMSpecExecutable.resultsRecords(at: whole)
        var footer = try #require(records.last)
        try edit(&footer)
        records[records.count - 1] = footer
        let lines = try records.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: whole, atomically: true, encoding: .utf8)
        return whole
    }

    @Test func aFailingCaseRunAloneByItsRerunLineIsNamedAsInTheWholeRun() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jsonl").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--no-experiments",
            "--engine-command",
            Self.mutant,
            "--json",
            whole,
            "--color",
            "never"
        )
        #expect(run.status == 1, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let name = try #require(lines.first { $0.contains("(behaviour api-events-report-no-match; ") })
        let passes = try #require(name.firstMatch(of: /checked against (\d+) passes\)/)?.1)
        #expect(!run.standardOutput.contains(Self.refuted))
        // The failure's re-run line carries the whole run's stream, as it was given.
        let failure = try #require(lines.firstIndex { $0.hasPrefix("FAILED   \(Self.failingCase) ") })
        let rerun = try #require(lines[failure...].first { $0.hasPrefix("  re-run: ") }).dropFirst("  re-run: ".count)
        let option = "--whole-run \(whole) # not carried: "
        #expect(rerun.contains(" \(option)"), "\(rerun)")
        #expect(rerun.contains(" --profile appboy-legacy --profile braze-swift "), "\(rerun)")

        // Alone, without the whole run: the names rest on no pass, and are said to be unproven.
        let alone = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            Self.failingCase,
            "--profile",
            "braze-swift",
            "--no-experiments",
            "--engine-command",
            Self.mutant,
            "--color",
            "never"
        )
        #expect(alone.status == 1, "\(alone.standardError)")
        #expect(alone.standardOutput.contains("  unproven beyond this selection: "), "\(alone.standardOutput)")
        #expect(alone.standardOutput.contains(Self.refuted), "\(alone.standardOutput)")

        // The re-run line as printed (by the built tool, wherever it is): named as in the whole
        // run, against the same passes.
        let command = try #require(rerun.firstRange(of: " run Specs ").map { rerun[$0.lowerBound...] })
        let tool = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let again = try IAMSpecExecutable.runInShell("'\(tool)'\(command)")
        #expect(again.status == 1, "\(again.standardError)")
        #expect(
            again.standardOutput.contains(
                "  checked against the whole run's passes (\(passes) passes): the run made part of the suite's runs, "
            ),
            "\(again.standardOutput)"
        )
        #expect(
            again.standardOutput.contains(
                "(behaviour api-events-report-no-match; 1 case, 2 runs; checked against \(passes) passes; "
            ),
            "\(again.standardOutput)"
        )
        #expect(!again.standardOutput.contains(Self.refuted))
        #expect(!again.standardOutput.contains("unproven beyond this selection"))

        // `explain` of the run alone, given the whole run, names it so too; of the whole run, its
        // re-run lines carry the stream it read.
        let aloneStream = folder.appendingPathComponent("alone.jsonl").path
        _ = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            Self.failingCase,
            "--no-explain",
            "--engine-command",
            Self.mutant,
            "--json",
            aloneStream
        )
        let explained = try IAMSpecExecutable.run("explain", aloneStream, "--whole-run", whole)
        #expect(explained.status == 0, "\(explained.standardError)")
        #expect(explained.standardOutput.contains("(behaviour api-events-report-no-match; 1 case, 2 runs; "))
        #expect(!explained.standardOutput.contains(Self.refuted))
        // The engine command the stream records is `"$ENGINE"` there, the recorded one shown as data.
        let explainedWhole = try IAMSpecExecutable.run("explain", whole)
        #expect(
            explainedWhole.standardOutput.contains(" --engine-command \"$ENGINE\" --whole-run \(whole) # ENGINE: "),
            "\(explainedWhole.standardOutput)"
        )
    }

    /// A name the whole run refuted by an experiment is refuted in a run of part of it too, with
    /// that experiment: the whole run tested it beside all its other names, a part's names make a
    /// sparser engine that an experiment may find consistent. The whole run's stream is the
    /// mutant's, its name moved under `refuted` with an experiment, as a run whose experiment
    /// refuted it writes it.
    @Test func aNameTheWholeRunRefutedIsRefutedInARunOfPartOfIt() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Self.mutantsWholeRun(in: folder) { footer in
            var names = footer["behaviours"] as? [[String: Any]] ?? []
            let position = try #require(names.firstIndex { $0["behaviour"] as? String == Self.named })
            var name = names.remove(at: position)
            let experiment: [String: Any] = [
                "steps": ["profile braze-swift", "session_start", "custom_event: {name: \"tap\", source: api}"],
                "engine": "custom_event: {name: \"tap\", source: api} -> nothing",
                "other": "custom_event: {name: \"tap\", source: api} -> {no_matching_trigger: {custom_event: \"tap\"}}",
                "yaml": "- id: told-apart-api-events-report-no-match\n",
            ]
            name["refutation"] = [
                "rival": [
                    "behaviour": "reference", "rule": "triggers.sdk-events-only",
                    "summary": "follows the reference rules there", "experiment": experiment,
                ],
                "rival_answer": "custom_event: {name: \"tap\", source: api} -> nothing",
            ]
            footer["behaviours"] = names
            footer["refuted"] = [name]
        }

        let part = folder.appendingPathComponent("part.jsonl").path
        let alone = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            Self.failingCase,
            "--profile",
            "braze-swift",
            "--no-experiments",
            "--engine-command",
            Self.mutant,
            "--whole-run",
            whole,
            "--json",
            part,
            "--color",
            "never"
        )
        #expect(alone.status == 1, "\(alone.standardError)")
        #expect(alone.standardOutput.hasPrefix("refuted (1): "), "\(alone.standardOutput)")
        #expect(!alone.standardOutput.contains("behaviours ("), "\(alone.standardOutput)")
        #expect(
            alone.standardOutput.contains(
                "    experiment: profile braze-swift; session_start; custom_event: {name: \"tap\", source: api} -> "
            ),
            "\(alone.standardOutput)"
        )
        let partFooter = try #require(try IAMSpecExecutable.resultsRecords(at: part).last)
        #expect(partFooter["behaviours"] == nil)
        let refuted = (partFooter["refuted"] as? [[String: Any]] ?? []).compactMap { $0["behaviour"] as? String }
        #expect(refuted == ["api-events-report-no-match"])
    }

    /// A name the whole run tested as a prediction and gave keeps that verdict in a run of part of
    /// it, which does not test it again on the sparser engine its own names make: the whole run's
    /// stream (the mutant's, its name given 7 predictions borne out, a count no test of this run
    /// makes) is what the part's reports say.
    @Test func aNameTheWholeRunBoreOutKeepsItsVerdictInARunOfPartOfIt() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Self.mutantsWholeRun(in: folder) { footer in
            var names = footer["behaviours"] as? [[String: Any]] ?? []
            let position = try #require(names.firstIndex { $0["behaviour"] as? String == Self.named })
            names[position]["predictions"] = 7
            footer["behaviours"] = names
        }

        let part = folder.appendingPathComponent("part.jsonl").path
        let alone = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            Self.failingCase,
            "--profile",
            "braze-swift",
            "--engine-command",
            Self.mutant,
            "--whole-run",
            whole,
            "--json",
            part,
            "--color",
            "never"
        )
        #expect(alone.status == 1, "\(alone.standardError)")
        #expect(alone.standardOutput.contains("; 7 predictions borne out by the engine)"), "\(alone.standardOutput)")
        let partFooter = try #require(try IAMSpecExecutable.resultsRecords(at: part).last)
        let given = (partFooter["behaviours"] as? [[String: Any]] ?? []).first
        #expect(given?["behaviour"] as? String == "api-events-report-no-match")
        #expect(given?["predictions"] as? Int == 7)
    }

    @Test func aWholeRunThatCannotProveTheNamesStopsTheRunBeforeAnyCase() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jsonl").path
        let made = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            "callbacks-*",
            "--no-explain",
            "--engine-command",
            Self.mutant,
            "--json",
            whole
        )
        #expect(made.status == 1, "\(made.standardError)")

        let missing = folder.appendingPathComponent("missing.jsonl").path
        let unreadable = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            Self.failingCase,
            "--engine-command",
            Self.mutant,
            "--whole-run",
            missing
        )
        #expect(unreadable.status == 2)
        #expect(
            unreadable.standardError
                == "\(missing):1:1: error: cannot read the results file: No such file or directory (given as --whole-run)\n"
        )
        #expect(unreadable.standardOutput.isEmpty, "nothing run")

        let other = Self.engine("--mutant api-events-trigger")
        let otherEngine = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            Self.failingCase,
            "--engine-command",
            other,
            "--whole-run",
            whole
        )
        #expect(otherEngine.status == 2)
        #expect(
            otherEngine.standardError
                == "error: --whole-run '\(whole)' is a run of another engine: found the engine command "
                + "'\(Self.mutant)', expected the engine command '\(other)'\n"
        )
        #expect(otherEngine.standardOutput.isEmpty, "nothing run")

        let otherSuite = try IAMSpecExecutable.run(
            "run",
            "Specs/callbacks",
            "--filter",
            Self.failingCase,
            "--engine-command",
            Self.mutant,
            "--whole-run",
            whole
        )
        #expect(otherSuite.status == 2)
        #expect(
            otherSuite.standardError
                == "error: --whole-run '\(whole)' is a run of another suite: found the suite paths 'Specs', "
                + "expected 'Specs/callbacks'\n"
        )

        // The explanation reads it after the run: no report of the run may replace it.
        let overwritten = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            Self.failingCase,
            "--engine-command",
            Self.mutant,
            "--whole-run",
            whole,
            "--json",
            whole
        )
        #expect(overwritten.status == 2)
        #expect(
            overwritten.standardError
                == "error: --json \(whole) is an input (the whole run's results stream): choose another path\n"
        )

        let explained = try IAMSpecExecutable.run("explain", whole, "--whole-run", missing)
        #expect(explained.status == 2)
        #expect(explained.standardOutput.isEmpty)
    }
}
