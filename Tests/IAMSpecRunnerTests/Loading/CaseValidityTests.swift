import IAMSpec
import Testing

@testable import IAMSpecRunner

/// Each validity rule of `Specs/README.md`, with the exact diagnostic a user sees.
@Suite struct CaseValidityTests {
    /// A valid case whose parts the tests replace.
    static func yaml(
        given: String = "",
        steps: String = "  - session_start\n  - expect: nothing",
        head: String = ""
    )
        -> String
    {
        """
        id: a.case
        title: A case
        rules: [area.rule]
        \(head)given:
          messages:
            - {id: promo, triggers: [session_start]}
        \(given)steps:
        \(steps)
        """
    }

    @Test func aValidCaseHasNoProblems() throws {
        #expect(try SpecScratch.problems(in: Self.yaml()) == [])
    }

    @Test func yamlSyntaxError() throws {
        let problems = try SpecScratch.problems(in: "id: [a\ntitle: b\n")
        #expect(
            problems == [
                "case.yaml:2:6: error: YAML syntax error: did not find expected ',' or ']' "
                    + "(while parsing a flow sequence at line 1, column 5)"
            ]
        )
    }

    @Test func unknownKeySuggestsTheNearestOne() throws {
        let yaml = Self.yaml().replacingOccurrences(
            of: "{id: promo, triggers: [session_start]}",
            with: "{id: promo, tigger: [session_start], triggers: [session_start]}"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:6:19: error: unknown key 'tigger' in a message; expected one of: id, type, priority, "
                    + "triggers, orientation, image, zip, extras, delay, timeout, reeligibility, test_send, "
                    + "minimum_trigger_interval, start, end, control; did you mean 'triggers'?"
            ]
        )
    }

    @Test func extensionKeysAreIgnoredOnlyAtTheTopOfACase() throws {
        #expect(try SpecScratch.problems(in: Self.yaml(head: "x-notes: anything\n")) == [])
        let nested = Self.yaml(given: "  x-notes: anything\n")
        let problems = try SpecScratch.problems(in: nested)
        #expect(
            problems == [
                "case.yaml:7:3: error: unknown key 'x-notes' in 'given'; expected one of: config, messages"
            ]
        )
    }

    @Test func wrongTypeSaysWhatWasFound() throws {
        let yaml = Self.yaml(given: "  config: {minimum_trigger_interval: \"30\"}\n")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:7:38: error: expected an integer for 'minimum_trigger_interval', found string \"30\""
            ]
        )
    }

    @Test func valueOutOfRange() throws {
        let yaml = Self.yaml().replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [session_start], delay: 7201"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:6:53: error: expected seconds from 0 to 7200 for 'delay', found integer 7201"
            ]
        )
    }

    /// An integer too large for 64 bits is called an integer, and is never read as the real nearest
    /// it where an integer and a real are told apart (a property's value).
    @Test func anIntegerBeyond64BitsIsNamedSoAndNotTakenForAReal() throws {
        let yaml = Self.yaml(
            steps: "  - custom_event: {name: e, properties: {n: 18446744073709551616}}\n"
                + "  - advance: 0x10000000000000000\n  - expect: nothing"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:8:45: error: expected an integer within 64 bits for property 'n', found integer "
                    + "18446744073709551616 (beyond 64 bits); write it as a real (with a decimal point) to compare it "
                    + "as a real",
                "case.yaml:9:14: error: expected seconds small enough to count in milliseconds for 'advance', found "
                    + "integer 0x10000000000000000 (beyond 64 bits)",
            ]
        )
    }

    /// A real by its tag is a real, though its text is written as an integer (YAML's `!!float 12`
    /// is 12.0): a property's value, and what a diagnostic calls it where an integer is read.
    @Test func aRealByItsTagIsARealNotAnIntegerBeyond64Bits() throws {
        let yaml = Self.yaml(
            given: "  config: {minimum_trigger_interval: !!float 30}\n",
            steps: "  - custom_event: {name: e, properties: {n: !!float 12, m: !!float 18446744073709551616}}\n"
                + "  - expect: nothing"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:7:38: error: expected an integer for 'minimum_trigger_interval', found real 30"
            ]
        )
    }

    @Test func secondsTakeAtMostThreeDecimals() throws {
        let yaml = Self.yaml(steps: "  - advance: 1.0005\n  - advance: 1.500\n  - expect: nothing")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:8:14: error: expected seconds with at most three decimals for 'advance', found real 1.0005"
            ]
        )
    }

    @Test func missingRequiredKey() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "title: A case\n", with: "")
        #expect(try SpecScratch.problems(in: yaml) == ["case.yaml:1:1: error: missing required key 'title' in a case"])
    }

    @Test func duplicateKey() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "title: A case\n", with: "title: A case\ntitle: Again\n")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:3:1: error: duplicate key 'title' in a mapping; first defined at line 2, column 1"
            ]
        )
    }

    @Test func duplicateMessageID() throws {
        let yaml = Self.yaml().replacingOccurrences(
            of: "    - {id: promo, triggers: [session_start]}",
            with: "    - {id: promo, triggers: [session_start]}\n    - {id: promo, triggers: [any_purchase]}"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:7:12: error: duplicate message id 'promo' in the case; first defined at line 6, column 12"
            ]
        )
    }

    @Test func stepNamingAnUnknownMessage() throws {
        let yaml = Self.yaml(steps: "  - session_start\n  - dismiss: promp\n  - expect: nothing")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:9:14: error: unknown message 'promp' in 'dismiss'; expected a message of 'given.messages' "
                    + "or an earlier 'present_local' (promo); did you mean 'promo'?"
            ]
        )
    }

    @Test func patternNamingALocalMessageBeforeItIsPresented() throws {
        let steps = """
              - expect: {absent: [{displayed: mine}]}
              - present_local: {id: mine}
              - expect: {sequence: [{displayed: mine}]}
            """
        let yaml = Self.yaml(steps: steps, head: "requires: [local-messages]\n")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:9:35: error: unknown message 'mine' in 'displayed'; expected a message of "
                    + "'given.messages' or an earlier 'present_local' (promo)"
            ]
        )
    }

    @Test func unknownRuleID() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "rules: [area.rule]", with: "rules: [area.rul, other.rule]")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:3:9: error: unknown rule 'area.rul'; expected a rule id from rules.yaml; did you mean 'area.rule'?",
                "case.yaml:3:19: error: unknown rule 'other.rule'; expected a rule id from rules.yaml",
            ]
        )
    }

    @Test func caseWithNoSteps() throws {
        let problems = try SpecScratch.problems(in: Self.yaml(steps: "  []"))
        #expect(
            problems == [
                "case.yaml:8:3: error: expected a non-empty list for 'steps', found an empty list"
            ]
        )
    }

    @Test func caseWithNoExpectation() throws {
        let problems = try SpecScratch.problems(in: Self.yaml(steps: "  - session_start"))
        #expect(
            problems == [
                "case.yaml:8:3: error: expected at least one 'expect' step in 'steps', found none"
            ]
        )
    }

    /// The behavioural capabilities, as a diagnostic lists them: the set grows with the catalogue.
    static let behaviouralNames = Capability.behavioural.map { "`\($0.rawValue)`" }.sorted().joined(separator: ", ")

    @Test func capabilityRequiredButNotUsed() throws {
        let yaml = Self.yaml(
            steps: "  - keyboard_shown\n  - expect: nothing",
            head: "requires: [keyboard, stack-inspection]\n"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:4:22: error: 'requires' lists capability 'stack-inspection', which nothing in the case "
                    + "uses; expected only a behavioural capability (\(Self.behaviouralNames)) or one the case uses "
                    + "(the loader derives them; `iamspec capabilities` says what needs each) (`iamspec migrate` "
                    + "rewrites a file written for iamspec 0.1.0)"
            ]
        )
    }

    @Test("a pattern under absent needs nothing: an engine that cannot make the observation passes it")
    func absentPatternsNeedNothing() throws {
        let yaml = Self.yaml(
            steps: "  - session_start\n  - expect: {absent: [{no_matching_trigger: \"*\"}, {impression_logged: \"*\"}, "
                + "{dismissed: \"*\"}, {displayed: promo, extras: {}}]}"
        )
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": yaml])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        let needs = try #require(suite.cases.first?.requires)
        #expect(needs.isDisjoint(with: [.noMatchingTrigger, .analytics, .dismissals, .extras]), "\(needs)")
    }

    @Test("a behavioural capability may be declared in requires; a rule's capability is needed")
    func behaviouralAndRuleCapabilities() throws {
        let yaml = Self.yaml(steps: "  - session_start\n  - expect: nothing", head: "requires: [priority]\n")
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": yaml])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(try suite.cases.first?.requires.contains(.priority) == true)
        #expect(try suite.cases.first?.requires.contains(.minimumInterval) == false)
    }

    @Test func aRuleGatedByACapabilityTheCaseDoesNotUseIsRefused() throws {
        let catalogue = SpecScratch.catalogue + "\n  capability: keyboard"
        let unused = try SpecScratch(["rules.yaml": catalogue, "case.yaml": Self.yaml()])
        #expect(
            unused.problems(unused.load()) == [
                "case.yaml:3:8: error: rule 'area.rule' is gated by capability 'keyboard', which nothing in the case "
                    + "uses; expected a case that uses it (a `keyboard_shown` or `keyboard_hidden` step), or another rule "
                    + "(`iamspec migrate` rewrites a file written for iamspec 0.1.0)"
            ]
        )
        let used = try SpecScratch([
            "rules.yaml": catalogue, "case.yaml": Self.yaml(steps: "  - keyboard_shown\n  - expect: nothing"),
        ])
        let suite = used.load()
        #expect(used.problems(suite) == [])
        #expect(try suite.cases.first?.requires.contains(.keyboard) == true)
    }

    @Test func aRuleOfOneSDKIsRefusedInACaseThatRunsUnderTheOther() throws {
        let catalogue = SpecScratch.catalogue + "\n  profiles: [braze-swift]"
        let bothProfiles = try SpecScratch(["rules.yaml": catalogue, "case.yaml": Self.yaml()])
        #expect(
            bothProfiles.problems(bothProfiles.load()) == [
                "case.yaml:3:9: error: rule 'area.rule' in 'rules' holds only under braze-swift, not under "
                    + "appboy-legacy, which the case runs under; expected a rule that holds under every profile of "
                    + "the case (another rule, or the case's `profiles` narrowed)"
            ]
        )
        let setup = Self.yaml(steps: "  - session_start\n  - expect: {sequence: [], setup: [area.rule]}")
            .replacingOccurrences(of: "rules: [area.rule]", with: "rules: [other.rule]")
        let withOtherRule =
            catalogue + "\n- id: other.rule\n  title: B.\n  kind: clarification\n  source: https://example.com"
        let legacyOnly = setup.replacingOccurrences(of: "given:", with: "profiles: [appboy-legacy]\ngiven:")
        let legacyCase = try SpecScratch(["rules.yaml": withOtherRule, "case.yaml": legacyOnly])
        #expect(
            legacyCase.problems(legacyCase.load()) == [
                "case.yaml:10:36: error: rule 'area.rule' in 'setup' holds only under braze-swift, not under "
                    + "appboy-legacy, which the case runs under; expected a rule that holds under every profile of "
                    + "the case (another rule, or the case's `profiles` narrowed)"
            ]
        )
        let swiftCase = try SpecScratch([
            "rules.yaml": catalogue, "case.yaml": Self.yaml(head: "profiles: [braze-swift]\n"),
        ])
        #expect(swiftCase.problems(swiftCase.load()) == [])
    }

    @Test func anObservationIsFiledUnderARuleAboutIt() throws {
        let subject =
            "\n- id: reenqueue.message-visible\n  title: B.\n  kind: clarification\n  source: https://example.com"
        let steps =
            "  - session_start\n  - session_start\n  - expect: {sequence: [{stacked: promo, reason: message_visible}]}"
        let unfiled = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue + subject, "case.yaml": Self.yaml(steps: steps),
        ])
        #expect(
            unfiled.problems(unfiled.load()) == [
                "case.yaml:10:25: error: found the observation 'stacked (message_visible)' in a step filed under "
                    + "area.rule (the case's 'rules'), none of which states it; expected one of the rules whose subject "
                    + "it is (reenqueue.message-visible), so that a run failing here is filed under it: add "
                    + "'reenqueue.message-visible' to the case's 'rules' and name it in the step's 'rules' (or, when the "
                    + "step only checks the state the case sets up, in its 'setup') (`iamspec migrate` rewrites a file "
                    + "written for iamspec 0.1.0)"
            ]
        )
        // Read as `iamspec migrate` reads it, to rewrite it: not refused.
        let earlier = SuiteLoader.load(paths: [unfiled.folder], jobs: 1, readingEarlierFormat: true) { false }
        #expect(unfiled.problems(earlier) == [])
        let setup = steps.replacingOccurrences(of: "}]}", with: "}], setup: [reenqueue.message-visible]}")
        let filed = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue + subject, "case.yaml": Self.yaml(steps: setup),
        ])
        #expect(filed.problems(filed.load()) == [])
        // A catalogue without the rule checks nothing; nor does a pattern without a reason.
        let noSubject = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": Self.yaml(steps: steps)])
        #expect(noSubject.problems(noSubject.load()) == [])
        let anyReason = steps.replacingOccurrences(of: ", reason: message_visible", with: "")
        let reasonless = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue + subject, "case.yaml": Self.yaml(steps: anyReason),
        ])
        #expect(reasonless.problems(reasonless.load()) == [])
    }

    @Test func capabilitiesUsedNeedNotBeListed() throws {
        let yaml = Self.yaml(steps: "  - keyboard_shown\n  - expect: {stack: []}").replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [session_start], orientation: landscape"
        )
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": yaml])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(
            try suite.cases.first?.requires == [.keyboard, .stackInspection, .orientation, .triggerSessionStart]
        )
    }

    @Test(
        "a displayed pattern that compares extras needs extras, {} included; one that does not, and a message's own extras, do not",
        arguments: [
            ("{displayed: promo, extras: {k: v}}", true), ("{displayed: promo, extras: {}}", true),
            ("{displayed: promo}", false),
        ]
    )
    func extrasComparedNeedExtras(pattern: String, needsExtras: Bool) throws {
        let yaml = Self.yaml(steps: "  - session_start\n  - expect: {contains: [\(pattern)]}").replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [session_start], extras: {k: v}"
        )
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": yaml])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(try suite.cases.first?.requires.contains(.extras) == needsExtras)
    }

    @Test func delegateChoiceWithoutTheDelegate() throws {
        let yaml = Self.yaml(
            steps: "  - delegate_choice: {message: promo, choice: later}\n  - expect: nothing",
            head: "requires: [delegate]\n"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:9:5: error: 'delegate_choice' needs the display delegate; expected 'delegate: implemented' "
                    + "in 'given.config', found delegate absent"
            ]
        )
    }

    @Test func rollbackInACaseThatHoldsForBrazeSwift() throws {
        let yaml = Self.yaml(
            given: "  config: {delegate: implemented}\n",
            steps: "  - delegate_choice: {message: promo, choice: rollback}\n  - expect: nothing",
            head: "requires: [delegate]\n"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:10:47: error: choice 'rollback' exists only in the appboy-legacy SDK, but the case holds "
                    + "for braze-swift; expected 'profiles: [appboy-legacy]'"
            ]
        )
        let legacy = yaml.replacingOccurrences(of: "requires:", with: "profiles: [appboy-legacy]\nrequires:")
        #expect(try SpecScratch.problems(in: legacy) == [])
    }

    @Test func invalidRegularExpression() throws {
        let yaml = Self.yaml().replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [{custom_event: {name: e, filters: [{property: p, matches: \"a(\"}]}}]"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(problems == [#"case.yaml:6:88: error: invalid regular expression "a(" for 'matches': expected ')'"#])
    }

    /// A case whose message `promo` fires on custom event `e` when property `p` matches the pattern
    /// (a YAML double-quoted scalar, its backslashes, quotes and line feeds escaped).
    static func yaml(matching pattern: String) -> String {
        let scalar = pattern.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
        return yaml().replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [{custom_event: {name: e, filters: [{property: p, matches: \"\(scalar)\"}]}}]"
        )
    }

    @Test func characterClassesNestedAsDeepAsTheLimitLoad() throws {
        let pattern = String(repeating: "[", count: 100) + "a" + String(repeating: "]", count: 100)
        #expect(try SpecScratch.problems(in: Self.yaml(matching: pattern)) == [])
    }

    @Test func characterClassesNestedPastTheLimitAreRefusedBeforeTheyAreParsed() throws {
        let pattern = String(repeating: "[", count: 101) + "a" + String(repeating: "]", count: 101)
        let problems = try SpecScratch.problems(in: Self.yaml(matching: pattern))
        #expect(
            problems == [
                "case.yaml:6:88: error: regular expression for 'matches' too deep: found 101 '[' and set operators "
                    + "('--', '&&', '~~'), each a possible level of character class; expected at most 100"
            ]
        )
    }

    /// Each of these reaches 3,000 levels in Swift's regular expression parser, which overflows its
    /// stack (a crash, before the limit), while a count that followed the syntax saw one level or none:
    /// a quoted, a braced and a control escape's `]`, an extended-syntax comment, and a chain of set
    /// operators in one class.
    static let levelsHiddenFromTheSyntax: [String: String] = [
        "a quoted ']'": String(repeating: #"[\Q]\E"#, count: 3_000),
        "a braced escape's ']'": String(repeating: #"[\x{]}"#, count: 3_000),
        "a control escape of '\\'": String(repeating: #"\c\["#, count: 3_000),
        "an extended-syntax comment": "(?x)" + String(repeating: "[#]\n", count: 3_000),
        "set operators": "[a" + String(repeating: "--b", count: 3_000) + "]",
    ]

    @Test(arguments: levelsHiddenFromTheSyntax.keys.sorted())
    func aDeepPatternCannotHideItsLevels(hiddenBy way: String) throws {
        let pattern = try #require(Self.levelsHiddenFromTheSyntax[way])
        let problems = try SpecScratch.problems(in: Self.yaml(matching: pattern))
        #expect(problems.count == 1)
        #expect(problems.first?.contains(": error: regular expression for 'matches' too deep: found 3") == true)
    }

    @Test func expectNothingIsAnEmptySequence() throws {
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": Self.yaml()])
        let suite = scratch.load()
        #expect(try suite.cases.first?.steps.last?.action == .expectation(Expectation(sequence: [])))
    }

    @Test func barePushClickAndMappingPushClick() throws {
        let steps = "  - push_click\n  - push_click: {campaign: spring}\n  - push_click: spring\n  - expect: nothing"
        let problems = try SpecScratch.problems(in: Self.yaml(steps: steps))
        #expect(
            problems == [
                "case.yaml:10:17: error: expected a mapping for 'push_click', found string \"spring\""
            ]
        )
    }

    @Test func bareNameThatNeedsAValueAndValueForABareName() throws {
        let steps = "  - advance\n  - session_end: now\n  - expect: nothing"
        let problems = try SpecScratch.problems(in: Self.yaml(steps: steps))
        #expect(
            problems == [
                "case.yaml:8:5: error: 'advance' needs a value; expected 'advance: SECONDS'",
                "case.yaml:9:18: error: 'session_end' takes no value, found string \"now\"; expected the bare name "
                    + "'session_end'",
            ]
        )
    }

    @Test func unknownStepSuggestsTheNearestOne() throws {
        let steps = "  - sesion_start\n  - expect: nothing"
        let problems = try SpecScratch.problems(in: Self.yaml(steps: steps))
        #expect(problems.count == 1)
        #expect(
            problems.first?.hasPrefix(
                "case.yaml:8:5: error: unknown step 'sesion_start'; expected one of: session_start, "
            ) == true
        )
        #expect(problems.first?.hasSuffix("; did you mean 'session_start'?") == true)
    }

    @Test func oneBadCaseDoesNotHideTheNext() throws {
        let yaml = """
            - id: first
              title: ""
              rules: [area.rule]
              steps: [{expect: nothing}]
            - id: second
              title: Second
              rules: [area.rule]
              steps: [{expect: {sequence: [{shown: x}]}}]
            """
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:2:10: error: expected a non-empty string for 'title', found an empty string",
                "case.yaml:8:32: error: missing the observation in a pattern; expected one of: displayed, stacked, "
                    + "discarded, rolled_back, dismissed, no_matching_trigger, impression_logged, click_logged",
                "case.yaml:8:33: error: unknown key 'shown' in an observation pattern; expected one of: displayed, "
                    + "stacked, discarded, rolled_back, dismissed, no_matching_trigger, impression_logged, click_logged, "
                    + "extras, reason",
            ]
        )
    }

    @Test func caseIDSpelling() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "id: a.case", with: "id: A.case")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:1:5: error: expected a case id of lowercase ASCII letters, digits, '.', '_' and '-' starting "
                    + "with a letter or digit for 'id', found string \"A.case\""
            ]
        )
    }

    @Test func messageIDSpellingSaysTheLettersAreASCII() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "{id: promo,", with: "{id: promoé,")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:6:12: error: expected a message id of ASCII letters, digits, '_' and '-' for 'id', "
                    + "found string \"promoé\""
            ]
        )
    }

    @Test func aRealBeyondEveryRealIsNoNumber() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "{id: promo,", with: "{id: promo, priority: 1e309,")
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:6:29: error: expected a finite number for 'priority', found real 1e309"
            ]
        )
    }

    @Test func documentThatIsNeitherACaseNorAList() throws {
        let problems = try SpecScratch.problems(in: "just text")
        #expect(
            problems == [
                "case.yaml:1:1: error: expected a case (a mapping) or a list of cases, found string \"just text\""
            ]
        )
    }

    @Test func extrasValuesMustBeStrings() throws {
        let yaml = Self.yaml().replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [session_start], extras: {count: 5}"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:6:62: error: expected a string for 'count' in 'extras', found integer 5 (quote numbers and booleans)"
            ]
        )
    }

    @Test func propertyValuesKeepTheirCoreSchemaTypes() throws {
        let steps = """
              - custom_event: {name: e, properties: {a: 5, b: "5", c: 5.0, d: true, e: 'true', f: {time: 2}, g: ~}}
              - expect: nothing
            """
        let problems = try SpecScratch.problems(in: Self.yaml(steps: steps))
        #expect(
            problems == [
                "case.yaml:8:101: error: expected a value (a string, integer, real, boolean or {time: SECONDS}) for "
                    + "property 'g', found null"
            ]
        )
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue,
            "case.yaml": Self.yaml(steps: steps.replacingOccurrences(of: ", g: ~", with: "")),
        ])
        let stimulus = try scratch.load().cases.first?.steps.first?.action
        let expected: [String: PropertyValue] = [
            "a": .integer(5), "b": .string("5"), "c": .real(5), "d": .boolean(true), "e": .string("true"),
            "f": .time(.seconds(2)),
        ]
        #expect(stimulus == .stimulus(.customEvent(CustomEvent(name: "e", properties: expected))))
    }

    @Test func emptyOrGroupAndConditionWithTwoOperators() throws {
        let yaml = Self.yaml().replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [{purchase: {product: g, filters: [[], {property: p, equals: 1, exists: true}]}}]"
        )
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:6:64: error: expected a non-empty list for an OR-group in 'filters', found an empty list",
                "case.yaml:6:93: error: expected exactly one operator in a condition, found 'equals', 'exists'",
            ]
        )
    }
}
