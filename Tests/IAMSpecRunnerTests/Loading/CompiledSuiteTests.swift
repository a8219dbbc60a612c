import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// A compiled suite (`iamspec compile`) reads back, without YAML, as the very cases the loader
/// made, with the capabilities it computed, the rules' words and the selection; a file that is not
/// one is refused at its line and column, saying what was found and what was expected.
@Suite struct CompiledSuiteTests {
    private static let repository = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent().path

    /// The whole suite and every valid fixture, compiled and read back.
    @Test(arguments: ["Specs", "Fixtures/loading/valid", "Fixtures/specs/passing", "Fixtures/specs/failing"])
    func everyLoadedCaseReadsBackAsLoaded(_ folder: String) throws {
        let suite = SuiteLoader.load(paths: [Self.repository + "/" + folder])
        try #require(suite.diagnostics.isEmpty, "\(suite.diagnostics)")
        let selection = RunSelection()
        let runs = selection.runs(of: suite.loadedCases)
        let compiled = try CompiledSuite(
            selecting: runs,
            rules: suite.rules,
            paths: [folder],
            selection: selection,
            timeoutMilliseconds: 30_000
        )
        let read = try CompiledSuite.decode(compiled.encoded(), file: "suite.json")
        let loaded = try suite.cases
        #expect(read.cases.count == loaded.count)
        for (original, decoded) in zip(loaded, try read.cases.models()) {
            #expect(DeepDescription.of(decoded) == DeepDescription.of(original), "\(original.id)")
        }
        #expect(read.runs == compiled.runs)
        #expect(read.runs.map { read.cases.id(at: $0.caseIndex) } == runs.map(\.specCase.id))
        #expect(read.runs.map(\.profile) == runs.map(\.profile))
        #expect(read.rules == compiled.rules)
        #expect(read.suitePaths == [folder])
    }

    @Test func theRulesAreThoseTheCasesNameWithTheirWords() throws {
        let suite = SuiteLoader.load(paths: [Self.repository + "/Specs"])
        let selection = RunSelection(filters: [GlobPattern("priority-*")])
        let compiled = try CompiledSuite(
            selecting: selection.runs(of: suite.loadedCases),
            rules: suite.rules,
            paths: ["Specs"],
            selection: selection,
            timeoutMilliseconds: 30_000
        )
        let named = Set(try compiled.cases.models().flatMap(\.rules))
        #expect(!named.isEmpty)
        #expect(Set(compiled.rules.map(\.id)) == named)
        for rule in compiled.rules {
            #expect(rule == RuleReference(id: rule.id, catalogue: suite.rules))
            #expect(!rule.title.isEmpty && !rule.quotedLine.isEmpty, "\(rule.id)")
        }
    }

    @Test func theSelectionAndTimeoutReadBackAsTheHeaderWritesThem() throws {
        let selection = RunSelection(
            filters: [GlobPattern("a*"), GlobPattern.exactly("b[1]")],
            tags: ["t"],
            profiles: [.appboyLegacy],
            tagExpression: try TagExpression(parsing: "x and not (y or z)"),
            shard: Shard(index: 2, count: 3)
        )
        let read = try CompiledSuite.decode(Self.suite(selection: selection).encoded(), file: "suite.json")
        #expect(read.selection == selection)
        #expect(read.timeoutMilliseconds == 2_500)
        #expect(read.iamspecVersion == IAMSpecVersion.current)
    }

    @Test func aCaseIsALineOfTheFile() throws {
        let text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7)
        #expect(lines[0].hasPrefix(#"{"format":1,"iamspec_version":"#) && lines[0].hasSuffix(#""rules":["#))
        #expect(lines[1].hasPrefix(#"{"id":"delivery.basic","#) && lines[1].hasSuffix(#"}],"cases":["#))
        #expect(lines[2].hasPrefix(#"{"id":"a","title":"the case a","#) && lines[2].hasSuffix("},"))
        #expect(lines[3].hasPrefix(#"{"id":"b","#) && lines[3].hasSuffix(#"}],"runs":["#))
        #expect(lines[4] == #"{"case":"a","profile":"braze-swift"},"#)
        #expect(lines[5] == #"{"case":"b","profile":"braze-swift"}]}"#)
        #expect(lines[6].isEmpty)
    }

    @Test func textThatIsNotJSONIsPlacedAtItsLineAndColumn() {
        let bytes = Array("{\"format\": 1,\n\"cases\": [\n  {\"id\": tru}\n]}".utf8)
        #expect(
            Self.problem(bytes) == "suite.json:3:13: error: found text that is not JSON: expected `true`, found `}`"
        )
    }

    @Test func anotherFormatVersionSaysWhichIAMSpecWroteIt() {
        var text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        text = text.replacingOccurrences(
            of: #"{"format":1,"iamspec_version":"\#(IAMSpecVersion.current)""#,
            with: #"{"format":2,"iamspec_version":"9.9.9""#
        )
        #expect(
            Self.problem(Array(text.utf8))
                == "suite.json:1:11: error: format: found 2, expected 1: the format of iamspec \(IAMSpecVersion.current) "
                + "(the suite was compiled by iamspec 9.9.9); compile it again with this one"
        )
    }

    @Test func aStepOfNoKindIsPlacedAtItsCase() {
        var text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        text = text.replacingOccurrences(of: #"{"kind":"session_start","sync":"complete"}"#, with: #"{"kind":"jump"}"#)
        let problem = Self.problem(Array(text.utf8)) ?? ""
        #expect(
            problem.hasPrefix(
                #"suite.json:3:1: error: cases[0].steps[0].stimulus.kind: found "jump", expected one of "session_start", "sync_complete","#
            )
        )
    }

    @Test func theStackInspectionIsNoStep() {
        var text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        text = text.replacingOccurrences(
            of: #"{"kind":"session_start","sync":"complete"}"#,
            with: #"{"kind":"inspect_stack"}"#
        )
        #expect(
            Self.problem(Array(text.utf8))
                == #"suite.json:3:1: error: cases[0].steps[0].stimulus.kind: found "inspect_stack", expected a step's kind (the stack is inspected by `expect`)"#
        )
    }

    @Test func aRunOfNoCaseOrOutOfOrderIsRefused() {
        let text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        let unknown = text.replacingOccurrences(of: #"{"case":"b","#, with: #"{"case":"c","#)
        #expect(
            Self.problem(Array(unknown.utf8))
                == #"suite.json:6:1: error: runs[1].case: found "c", expected the id of a case of `cases`"#
        )
        let swapped = text.replacingOccurrences(of: #"{"case":"a","#, with: #"{"case":"x","#)
            .replacingOccurrences(of: #"{"case":"b","#, with: #"{"case":"a","#)
            .replacingOccurrences(of: #"{"case":"x","#, with: #"{"case":"b","#)
        #expect(
            Self.problem(Array(swapped.utf8))
                == "suite.json:6:1: error: runs[1]: found a run that is not after the one before it, "
                + "expected the runs sorted by case id, then profile, each once"
        )
    }

    @Test func aRuleIdOfNoRuleOfTheSuiteIsRefused() {
        let text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        let ofTheCase = text.replacingOccurrences(
            of: #"{"id":"b","title":"the case b","rules":["delivery.basic"]"#,
            with: #"{"id":"b","title":"the case b","rules":["delivery.ghost"]"#
        )
        #expect(ofTheCase != text)
        #expect(
            Self.problem(Array(ofTheCase.utf8))
                == #"suite.json:4:1: error: cases[1].rules[0]: found "delivery.ghost", expected the id of a rule of `rules`"#
        )
        let ofAnExpectation = text.replacingOccurrences(
            of: #""promo"}]}"#,
            with: #""promo"}],"rules":["delivery.ghost"]}"#
        )
        #expect(ofAnExpectation != text)
        #expect(
            Self.problem(Array(ofAnExpectation.utf8))
                == #"suite.json:3:1: error: cases[0].steps[1].expect.rules[0]: found "delivery.ghost", expected the id of a rule of `rules`"#
        )
    }

    /// Ids and tags are spelled as the case format has them: a compiled suite holds nothing the
    /// loader could not have read.
    @Test func idsAndTagsAreSpelledAsInTheCaseFormat() {
        let text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        let caseID = text.replacingOccurrences(of: #"{"id":"b","#, with: #"{"id":"B\u001b[31m","#)
        #expect(
            Self.problem(Array(caseID.utf8))
                == #"suite.json:4:1: error: cases[1].id: found "B\u001b[31m", expected "#
                + IdentifierSyntax.caseIDSpelling
        )
        let tag = text.replacingOccurrences(of: #""tags":[]"#, with: #""tags":["Not a tag"]"#)
        #expect(
            Self.problem(Array(tag.utf8))
                == #"suite.json:3:1: error: cases[0].tags[0]: found "Not a tag", expected "#
                + IdentifierSyntax.tagSpelling
        )
        let ruleID = text.replacingOccurrences(of: "delivery.basic", with: "delivery")
        #expect(
            Self.problem(Array(ruleID.utf8))
                == #"suite.json:2:1: error: rules[0].id: found "delivery", expected "# + IdentifierSyntax.ruleIDSpelling
        )
    }

    /// A timeout longer than `--timeout` allows (a day) is refused: one near 2^63 ns wrapped to a
    /// deadline already past.
    @Test func aTimeoutOfMoreThanADayIsRefused() {
        let text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        for timeout in ["86400001", "9223372036854775807"] {
            let long = text.replacingOccurrences(of: #""timeout_ms":2500"#, with: #""timeout_ms":"# + timeout)
            #expect(long != text)
            let problem = Self.problem(Array(long.utf8)) ?? ""
            #expect(problem.hasPrefix("suite.json:1:"), "\(problem)")
            #expect(
                problem.hasSuffix(
                    "error: timeout_ms: found \(timeout), expected an integer from 1 to 86400000 (a day, as --timeout allows)"
                ),
                "\(problem)"
            )
        }
    }

    /// What the loader refuses in a case, the reader refuses: no steps, no `expect`, a message id
    /// twice, a message the case does not define, a rule named twice by a case or a step, two rules
    /// with one id.
    @Test func whatTheLoaderRefusesIsRefused() {
        func problem(_ edit: (inout CompiledSuiteParts) -> Void) -> String? {
            var parts = CompiledSuiteParts()
            edit(&parts)
            return Self.problem(Self.suite(parts).encoded())
        }
        #expect(
            problem { $0.cases[0].steps = [] }
                == "suite.json:3:1: error: cases[0].steps: found no steps, expected a non-empty list of steps, "
                + "with at least one `expect`"
        )
        #expect(
            problem { $0.cases[0].steps.removeLast() }
                == "suite.json:3:1: error: cases[0].steps: found no `expect` step, expected at least one `expect` step"
        )
        #expect(
            problem { $0.cases[1].messages += $0.cases[1].messages }
                == #"suite.json:4:1: error: cases[1].messages[1].id: found "promo" again (as at messages[0]), "#
                + "expected each message id once"
        )
        #expect(
            problem {
                $0.cases[0].steps[1] = Step(
                    .expectation(Expectation(contains: [.dismissed(.id("ghost"))])),
                    location: $0.cases[0].steps[1].location
                )
            }
                == #"suite.json:3:1: error: cases[0].steps[1].expect: found the message "ghost", which the case "#
                + #"does not define, expected a message of `messages` or an earlier `present_local` ("promo")"#
        )
        #expect(
            problem { $0.cases[0].rules += $0.cases[0].rules }
                == #"suite.json:3:1: error: cases[0].rules: found the rule "delivery.basic" again, expected each rule once"#
        )
        #expect(
            problem {
                guard case .expectation(var expectation) = $0.cases[0].steps[1].action else { return }
                expectation.rules = ["delivery.basic", "delivery.basic"]
                $0.cases[0].steps[1] = Step(.expectation(expectation), location: $0.cases[0].steps[1].location)
            }
                == #"suite.json:3:1: error: cases[0].steps[1].expect: found the rule "delivery.basic" again in "#
                + "`rules`, expected each rule once"
        )
        #expect(
            problem { $0.rules += $0.rules }
                == #"suite.json:3:1: error: rules[1].id: found "delivery.basic" again, expected each rule once, "#
                + "as the rule catalogue holds it"
        )
    }

    /// The reader's own words quote what the file holds inert: an unknown key, a version.
    @Test func theReadersMessagesQuoteTheFileInert() {
        let text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        let key = text.replacingOccurrences(of: #"{"id":"b","#, with: #"{"\u001b]0;x\u0007::error::k":1,"id":"b","#)
        let keyProblem = Self.problem(Array(key.utf8)) ?? ""
        #expect(
            keyProblem.hasPrefix(#"suite.json:4:1: error: cases[1].\u{1b}]0;x\u{7}::error::k: found a key"#),
            "\(keyProblem)"
        )
        let version = text.replacingOccurrences(of: #""format":1"#, with: #""format":2"#)
            .replacingOccurrences(
                of: #""iamspec_version":"\#(IAMSpecVersion.current)""#,
                with: #""iamspec_version":"9\n::error::forged""#
            )
        let versionProblem = Self.problem(Array(version.utf8)) ?? ""
        #expect(versionProblem.contains("(the suite was compiled by iamspec 9⏎::error::forged)"), "\(versionProblem)")
        #expect(!versionProblem.contains("\n"))
    }

    /// iamspec writes integers as integers: `2500.0` is no `timeout_ms`, nor `1.0` a line.
    @Test func anIntegerWrittenWithAFractionIsRefused() {
        let text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        let timeout = text.replacingOccurrences(of: #""timeout_ms":2500"#, with: #""timeout_ms":2500.0"#)
        #expect(timeout != text)
        let problem = Self.problem(Array(timeout.utf8)) ?? ""
        #expect(problem.hasSuffix("error: timeout_ms: found 2500.0, expected an integer of at least 1"), "\(problem)")
    }

    @Test func aKeyTheFormatDoesNotDefineIsRefused() {
        var text = String(decoding: Self.suite().encoded(), as: UTF8.self)
        text = text.replacingOccurrences(of: #"{"id":"b","#, with: #"{"extra":true,"id":"b","#)
        #expect(
            Self.problem(Array(text.utf8))
                == #"suite.json:4:1: error: cases[1].extra: found a key the protocol does not define here, expected only the keys "id", "title", "rules", "tags", "profiles", "requires", "location", "config", "messages", "steps""#
        )
    }

    /// What ``suite(_:selection:)`` makes a suite of: its rules and cases, which a test may edit.
    private struct CompiledSuiteParts {
        var rules = [RuleReference(id: "delivery.basic", sources: ["seed 001 (en)"], title: "t", quotedLine: "q")]
        var cases = [CaseFixtures.displaysPromo("a"), CaseFixtures.displaysPromo("b")]
    }

    /// Two cases, `a` and `b`, each displaying `promo`, one run each.
    private static func suite(
        _ parts: CompiledSuiteParts = CompiledSuiteParts(),
        selection: RunSelection = RunSelection()
    ) -> CompiledSuite {
        CompiledSuite(
            suitePaths: ["Specs"],
            selection: selection,
            timeoutMilliseconds: 2_500,
            rules: parts.rules,
            cases: parts.cases,
            runs: [
                CompiledSuite.Run(caseIndex: 0, profile: .brazeSwift),
                CompiledSuite.Run(caseIndex: 1, profile: .brazeSwift),
            ]
        )
    }

    private static func problem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try CompiledSuite.decode(bytes, file: "suite.json")
            return nil
        } catch {
            return error.description
        }
    }
}
