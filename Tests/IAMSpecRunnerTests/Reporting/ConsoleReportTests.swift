import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Console report")
struct ConsoleReportTests {
    let plain = ConsoleReport(style: ConsoleStyle(usesColor: false))

    @Test func theLastLineIsExactlyTheTotalsWithErrorsCountedApart() {
        let lines = plain.lines(for: ReportFixtures.summary())
        #expect(lines.last == "1 passed, 1 failed, 1 error, 1 skipped")
    }

    /// A late line quotes what an engine wrote: its escapes and line breaks are shown, not acted on.
    @Test func aLateLineIsQuoted() {
        var summary = ReportFixtures.summary()
        summary.lateLines = ["after case \"a\" (braze-swift) had ended, the engine wrote \u{1B}[2J\n::error::FORGED"]
        let lines = plain.lines(for: summary)
        #expect(
            lines.contains(
                "protocol fault: after case \"a\" (braze-swift) had ended, the engine wrote \\u{1b}[2J⏎::error::FORGED"
            )
        )
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func aFailureShowsItsStepTimelineAndRerunCommand() {
        let text = plain.lines(for: ReportFixtures.summary()).joined(separator: "\n")
        #expect(text.contains("FAILED   triggers.two [braze-swift]  Two"))
        #expect(
            text.contains(
                "  Specs/triggers/basic.yaml:12:5: sequence on delivery: expected [displayed: promo], found []"
            )
        )
        #expect(
            text.contains(
                """
                    time  step                                    observations
                       0  session_start                           no_matching_trigger: session_start
                       0  advance: 30                             -
                      30  expect: {sequence: [displayed: promo]}  -
                          expected: displayed: promo
                          actual:   (nothing)
                """
            )
        )
        #expect(
            text.contains("  re-run: iamspec run Specs --filter triggers.two --profile braze-swift")
        )
        #expect(text.contains("ERROR    triggers.three [appboy-legacy]  Three"))
        #expect(text.contains("  engine diagnostics:\n    | engine log line"))
        #expect(text.contains("skipped 1 run: the engine lacks the capability keyboard"))
        #expect(!text.contains("triggers.one [braze-swift]"), "passed runs are not detailed")
    }

    @Test func colourIsOnlyUsedWhenOn() {
        #expect(!plain.lines(for: ReportFixtures.summary()).joined().contains("\u{1B}["))
        let coloured = ConsoleReport(style: ConsoleStyle(usesColor: true)).lines(for: ReportFixtures.summary())
        #expect(coloured.contains { $0.contains("\u{1B}[31mFAILED ") })
        #expect(coloured.last == "1 passed, 1 failed, 1 error, 1 skipped", "the totals line stays plain")
    }

    @Test func colourModesFollowTheTerminalAndNoColor() {
        #expect(ColorMode.auto.usesColor(isTerminal: true, environment: [:]))
        #expect(!ColorMode.auto.usesColor(isTerminal: false, environment: [:]))
        #expect(!ColorMode.auto.usesColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ColorMode.auto.usesColor(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(ColorMode.always.usesColor(isTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorMode.never.usesColor(isTerminal: true, environment: [:]))
    }

    @Test func anInterruptedRunSaysSo() {
        let lines = plain.lines(for: ReportFixtures.summary(interrupted: true))
        #expect(lines.dropLast().last == "interrupted: the runs not started are not reported")
    }

    @Test func progressLinesCountRuns() {
        #expect(
            plain.progressLine(for: ReportFixtures.failed, completed: 3, total: 12)
                == "[ 3/12] FAILED   triggers.two [braze-swift]"
        )
    }

    @Test func progressLinesPadTheCountToTheTotalsWidth() {
        let counts = [(0, 1), (7, 10), (10, 10), (99, 1_000), (100, 1_000), (1_000, 1_000), (90_210, 100_000)]
        for (completed, total) in counts {
            #expect(
                plain.progressLine(for: ReportFixtures.failed, completed: completed, total: total)
                    == "[\(String(repeating: " ", count: String(total).count - String(completed).count))"
                    + "\(completed)/\(total)] FAILED   triggers.two [braze-swift]"
            )
        }
    }

    @Test func rerunCommandsQuoteWordsTheShellWouldSplit() {
        var header = ReportFixtures.header()
        header.suitePaths = ["My Specs/it's.yaml"]
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header)
                == "iamspec run 'My Specs/it'\\''s.yaml' --filter triggers.two --profile braze-swift"
        )
    }

    @Test func rerunCommandsCarryEveryOptionThatChangesTheVerdict() {
        var header = ReportFixtures.header()
        header.suitePaths = ["Specs", "extra/more.yaml"]
        header.timeoutMilliseconds = 2500
        header.invocation = RunInvocation(
            program: ".build/debug/iamspec",
            engineCommand: "python3 my engine.py",
            validatesProtocol: true,
            baseline: "ci/my engine.yaml",
            allowsUnexpectedPass: true
        )
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header)
                == ".build/debug/iamspec run Specs extra/more.yaml --filter triggers.two --profile braze-swift "
                + "--engine-command 'python3 my engine.py' --validate-protocol --timeout 2.5 "
                + "--baseline 'ci/my engine.yaml' --allow-unexpected-pass "
                + "# not carried: the environment the engine command inherited (set its variables as in the run)"
        )
        header.timeoutMilliseconds = 45_000
        header.invocation = RunInvocation()
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header)
                == "iamspec run Specs extra/more.yaml --filter triggers.two --profile braze-swift --timeout 45"
        )
    }

    @Test func rerunCommandsCarryTheWholeRunWhoseStreamTheReportKnows() {
        var header = ReportFixtures.header()
        header.invocation = RunInvocation(engineCommand: "./my-engine --stdio")
        let unchanged = RerunCommand.text(for: ReportFixtures.failed, header: header)
        #expect(!unchanged.contains("--whole-run"), "\(unchanged)")
        header.invocation?.wholeRun = "ci/whole run.jsonl"
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header)
                == "iamspec run Specs --filter triggers.two --profile braze-swift --engine-command './my-engine --stdio' "
                + "--whole-run 'ci/whole run.jsonl' " + RerunCommand.environmentNotCarried
        )
        // Named by a variable set above a table, the engine command leaves the comment to that line.
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header, engineVariable: "ENGINE")
                == "iamspec run Specs --filter triggers.two --profile braze-swift --engine-command \"$ENGINE\" "
                + "--whole-run 'ci/whole run.jsonl'"
        )
    }

    /// An engine command read from a results stream is data: the line names it `"$ENGINE"`, and
    /// its comment shows the recorded one on the same line, a line break in it visible, so that
    /// the comment holds all of it and nothing of it runs.
    @Test func aRecordedEngineCommandIsNamedByAVariableAndShownAsData() {
        var header = ReportFixtures.header()
        header.invocation = RunInvocation(engineCommand: "./my-engine --stdio\ntouch /tmp/pwned")
        header.invocation?.isRecorded = true
        let line = RerunCommand.text(for: ReportFixtures.failed, header: header)
        #expect(
            line == "iamspec run Specs --filter triggers.two --profile braze-swift --engine-command \"$ENGINE\" "
                + "# ENGINE: the engine command to test, yours to set; the results stream records, as data: "
                + "./my-engine --stdio⏎touch /tmp/pwned"
        )
        #expect(RerunCommand.engineAssignment(header) == nil, "no line sets ENGINE to it")
        #expect(RerunCommand.recordedEngineCommand(header) == "./my-engine --stdio\ntouch /tmp/pwned")
        header.invocation?.isRecorded = false
        #expect(RerunCommand.recordedEngineCommand(header) == nil)
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header).contains("--engine-command $'./my-engine")
        )
    }

    @Test func rerunCommandsNameNoPathOfTheMachineEvenWhenAnOlderStreamRecordedOne() {
        var header = ReportFixtures.header()
        header.invocation = RunInvocation(
            program: ".build/debug/iamspec",
            workingDirectory: "/home/me/my engine",
            engineCommand: "./my-engine --stdio",
            baseline: "ci/baseline.yaml"
        )
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header)
                == ".build/debug/iamspec run Specs --filter triggers.two "
                + "--profile braze-swift --engine-command './my-engine --stdio' --baseline ci/baseline.yaml "
                + RerunCommand.environmentNotCarried
        )
    }

    @Test func theProgramIsRecordedAsGivenButNeverByAnAbsolutePath() {
        #expect(RunInvocation.program(startedAs: "iamspec", in: "/home/me/engine") == "iamspec")
        #expect(RunInvocation.program(startedAs: "iamspec/bin/iamspec", in: "/home/me") == "iamspec/bin/iamspec")
        // `swift run` starts the tool by its absolute path: below the directory, relative to it.
        #expect(
            RunInvocation.program(startedAs: "/home/me/iamspec/.build/debug/iamspec", in: "/home/me/iamspec")
                == ".build/debug/iamspec"
        )
        #expect(RunInvocation.program(startedAs: "/home/me/iamspec", in: "/home/me/") == "./iamspec")
        // Elsewhere, its name, as found on PATH; a sibling folder sharing a prefix is elsewhere.
        #expect(RunInvocation.program(startedAs: "/usr/local/bin/iamspec", in: "/home/me") == "iamspec")
        #expect(RunInvocation.program(startedAs: "/home/me2/iamspec", in: "/home/me") == "iamspec")
    }

    @Test func rerunCommandsFilterOnTheCaseIDAlone() {
        var failed = ReportFixtures.failed
        failed.caseID = "odd*[id]?"
        #expect(
            RerunCommand.text(for: failed, header: ReportFixtures.header())
                == #"iamspec run Specs --filter 'odd\*\[id]\?' --profile braze-swift"#
        )
    }

    @Test func aLibraryRunSaysHowToRerunThroughTheLibrary() {
        var header = ReportFixtures.header()
        header.invocation = nil
        #expect(
            RerunCommand.text(for: ReportFixtures.failed, header: header)
                == "through the library, the same ConformanceRun with RunOptions(selection: "
                + #"RunSelection(filters: [.exactly("triggers.two")], profiles: [.brazeSwift]))"#
        )
    }

    @Test func aCaseFailingInBothProfilesIsOneEntryWithItsRuleAndGiven() {
        var braze = ReportFixtures.failed
        braze.rules = [
            RuleReference(
                id: "triggers.session-start",
                sources: ["seed 003 (en)"],
                title: "A session start triggers the message",
                quotedLine: #"seed 003 (en): "Session Start""#
            )
        ]
        braze.given = ["config: {minimum_trigger_interval: 0}", "messages:", "  - {id: promo, priority: 2}"]
        var legacy = braze
        legacy.profile = .appboyLegacy
        let summary = RunSummary(header: ReportFixtures.header(), results: [legacy, braze], interrupted: false)
        let text = plain.lines(for: summary).joined(separator: "\n")
        #expect(
            text.hasPrefix(
                """
                FAILED   triggers.two [appboy-legacy, braze-swift]  Two
                  rule triggers.session-start: A session start triggers the message
                    seed 003 (en): "Session Start"
                  given:
                    config: {minimum_trigger_interval: 0}
                    messages:
                      - {id: promo, priority: 2}

                  Specs/triggers/basic.yaml:12:5: sequence on delivery: expected [displayed: promo], found []
                """
            ),
            "\(text)"
        )
        #expect(text.components(separatedBy: "sequence on delivery").count == 2, "the same failure is shown once")
        #expect(
            text.contains(
                "  re-run: iamspec run Specs --filter triggers.two --profile appboy-legacy --profile braze-swift"
            )
        )

        legacy.message = "sequence on delivery: expected [displayed: promo], found [stacked: promo]"
        let differing = RunSummary(header: ReportFixtures.header(), results: [legacy, braze], interrupted: false)
        let lines = plain.lines(for: differing)
        #expect(lines.filter { $0.hasPrefix("FAILED ") }.count == 1)
        #expect(lines.contains("  [appboy-legacy] FAILED  Specs/triggers/basic.yaml:12:5: \(legacy.message)"))
        #expect(lines.contains("  [braze-swift] FAILED  Specs/triggers/basic.yaml:12:5: \(braze.message)"))
    }

    @Test func declinedStepsAreListedWithTheirLocations() {
        var declined = ReportFixtures.skipped
        declined.kind = .declined
        declined.message = "the engine declined `display_next`: no display-next"
        declined.location = ReportFixtures.stepLocation
        let summary = RunSummary(header: ReportFixtures.header(), results: [declined], interrupted: false)
        #expect(
            plain.lines(for: summary) == [
                "skipped 1 run: the engine declined `display_next`: no display-next",
                "  Specs/triggers/basic.yaml:12:5: triggers.one [appboy-legacy]",
                "0 passed, 0 failed, 1 skipped",
            ]
        )
    }
}
