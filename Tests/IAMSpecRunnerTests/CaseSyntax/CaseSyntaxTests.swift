import IAMSpec
import Testing

@testable import IAMSpecRunner

/// ``CaseSyntax``: the exact spelling reads back as what was written; the plain one is what
/// timelines and failure messages have always shown.
@Suite("Writing case syntax")
struct CaseSyntaxTests {
    private static let message = InAppMessage(
        id: "42",
        type: .modal,
        priority: 2.5,
        triggers: [
            .customEvent(
                name: "buy \"now\"",
                filters: PropertyFilters(groups: [
                    [PropertyCondition(property: "count", comparison: .atLeast(2))],
                    [
                        PropertyCondition(property: "plan", comparison: .equals(.string("gold"))),
                        PropertyCondition(property: "name", comparison: .matches(regex: "^a\\d")),
                        PropertyCondition(property: "when", comparison: .withinLast(.seconds(60))),
                        PropertyCondition(property: "flag", comparison: .doesNotExist),
                    ],
                ])
            ),
            .specificPurchase(product: "gem", filters: PropertyFilters()), .pushClick(campaign: "spring"),
            .anyPurchase, .sessionStart,
        ],
        orientation: .landscape,
        image: .pending,
        zip: .fails,
        extras: ["color": "dark \"red\""],
        delay: VirtualTime(milliseconds: 1500),
        timeout: .seconds(10),
        reeligibility: .seconds(60),
        isTestSend: true
    )

    /// A message with a campaign's own settings and an image outcome per delivery.
    private static let campaignMessage = InAppMessage(
        id: "campaign",
        triggers: [.sessionStart],
        image: .fails,
        minimumTriggerInterval: VirtualTime(milliseconds: 2500),
        start: .seconds(5),
        end: .seconds(50),
        isControl: true,
        imageOnLaterDeliveries: [.pending, .succeeds]
    )

    /// A custom event with every kind of property value, from the API.
    private static let richEvent = Stimulus.customEvent(
        CustomEvent(
            name: "tap: twice",
            properties: [
                "plan": .string("gold"), "count": .integer(5), "ratio": .real(5.0), "new": .boolean(true),
                "at": .time(.seconds(3)),
            ],
            source: .api
        )
    )

    private static let localMessage = Stimulus.localMessagePresented(
        InAppMessage(id: "local", type: .full, orientation: .portrait, extras: ["k": "v"])
    )

    private static let stimuli: [Stimulus] = [
        .sessionStarted(syncPending: true), .sessionSyncCompleted, richEvent, .customEvent(CustomEvent(name: "tap")),
        .purchase(Purchase(product: "gem")),
        .purchase(Purchase(product: "gem", properties: ["n": .integer(1)])),
        .purchase(Purchase(product: "gem", price: 9.5, source: .api)), .pushClicked(campaign: "spring"),
        .pushClicked(campaign: nil), .timeAdvanced(by: VirtualTime(milliseconds: 2250)), .appBackgrounded,
        .appForegrounded, .deviceRotated(to: .landscape), .keyboardShown, .keyboardHidden,
        .assetDownloadSettled(message: "42", succeeded: false), .delegateChoiceSet(message: "42", choice: .later),
        .displayNextRequested, .messageClicked("42"), .messageDismissed("42"), localMessage,
        .userChanged(to: "user: 1"), .sessionEnded, .appRelaunched, .appOpenedFromPush(campaign: nil),
        .appOpenedFromPush(campaign: "spring"),
    ]

    private static let expectation = Expectation(
        sequence: [.displayed(.id("42"), extras: ["color": "dark \"red\""]), .stacked(.any, reason: .messageVisible)],
        contains: [.noMatchingTrigger(.customEvent(name: "tap")), .discarded(.id("local"), reason: nil)],
        absent: [.impressionLogged(.any), .noMatchingTrigger(nil), .dismissed(.id("42"))],
        stack: ["42", "local"]
    )

    @Test func theExactSpellingReadsBackAsTheSameCase() throws {
        let syntax = CaseSyntax.exact
        let configuration = EngineConfiguration(
            minimumTriggerInterval: .zero,
            device: .tablet,
            orientation: .landscape,
            delegate: .implemented
        )
        let steps = Self.stimuli.map(syntax.step) + [syntax.expectation(Self.expectation)]
        let yaml = """
            - id: area.written
              title: Written by CaseSyntax
              rules: [area.rule]
              profiles: [braze-swift]
              given:
                config: \(try #require(syntax.configuration(configuration)))
                messages:
                  - \(syntax.message(Self.message))
                  - \(syntax.message(Self.campaignMessage))
              steps:
            \(steps.map { "    - \($0)" }.joined(separator: "\n"))

            """
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": yaml])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [], "\(yaml)")
        let loaded = try #require(suite.cases.first)
        #expect(loaded.configuration == configuration)
        #expect(loaded.messages == [Self.message, Self.campaignMessage])
        #expect(loaded.steps.map(\.action) == Self.stimuli.map(Step.Action.stimulus) + [.expectation(Self.expectation)])
    }

    @Test func theExactSpellingLeavesOutDefaults() {
        #expect(CaseSyntax.exact.configuration(EngineConfiguration()) == nil)
        #expect(CaseSyntax.exact.message(InAppMessage(id: "promo")) == "{id: promo}")
        #expect(
            CaseSyntax.exact.step(.purchase(Purchase(product: "gem", source: .api)))
                == #"purchase: {product: "gem", source: api}"#
        )
    }

    @Test func thePlainSpellingIsWhatTimelinesShow() {
        let syntax = CaseSyntax.plain
        #expect(
            syntax.step(Self.richEvent)
                == "custom_event: {name: tap: twice, properties: "
                + #"{at: {time: 3}, count: 5, new: true, plan: "gold", ratio: 5.0}, source: api}"#
        )
        // Values at their defaults are not written, in either spelling (the price 0 here).
        #expect(
            syntax.step(.purchase(Purchase(product: "gem", source: .api))) == "purchase: {product: gem, source: api}"
        )
        #expect(
            syntax.step(.purchase(Purchase(product: "gem", price: 2, source: .api)))
                == "purchase: {product: gem, price: 2.0, source: api}"
        )
        #expect(syntax.step(Self.localMessage) == "present_local: {id: local, type: full}")
        #expect(syntax.observation(.stacked("a", reason: .messageVisible)) == "stacked: a (message_visible)")
        #expect(syntax.observation(.displayed("a", extras: ["k": "v"])) == #"displayed: a extras: {k: "v"}"#)
        #expect(
            syntax.observation(.noMatchingTrigger(.pushClick(campaign: "spring")))
                == "no_matching_trigger: push_click: spring"
        )
        #expect(
            syntax.expectation(Self.expectation)
                == #"expect: {sequence: [displayed: 42 extras: {color: "dark "red""}, stacked: "*" (message_visible)], "#
                + #"contains: [no_matching_trigger: custom_event: tap, discarded: local], "#
                + #"absent: [impression_logged: "*", no_matching_trigger: "*", dismissed: 42], stack: [42, local]}"#
        )
    }

    @Test func theExactSpellingWritesAnObservationAsThePatternThatMatchesIt() {
        let syntax = CaseSyntax.exact
        #expect(syntax.observation(.stacked("a", reason: .messageVisible)) == "{stacked: a, reason: message_visible}")
        #expect(syntax.observation(.displayed("true", extras: [:])) == #"{displayed: "true"}"#)
        #expect(
            syntax.observation(.noMatchingTrigger(.customEvent(name: "tap")))
                == #"{no_matching_trigger: {custom_event: "tap"}}"#
        )
        #expect(syntax.observation(.stack(["a", "-1"])) == #"{stack: [a, "-1"]}"#)
    }

    @Test func theGivenOfAFailureAlwaysShowsTheIntervalAndEachMessage() {
        let syntax = CaseSyntax.plain
        #expect(
            syntax.given(configuration: EngineConfiguration(), messages: [])
                == ["config: {minimum_trigger_interval: 30}", "messages: []"]
        )
        let configuration = EngineConfiguration(minimumTriggerInterval: .zero, delegate: .implemented)
        let messages = [
            InAppMessage(id: "old", priority: 3, triggers: [.customEvent(name: "browse", filters: .init())]),
            InAppMessage(id: "new", triggers: [.sessionStart], orientation: .landscape, delay: .seconds(5)),
        ]
        #expect(
            syntax.given(configuration: configuration, messages: messages) == [
                "config: {minimum_trigger_interval: 0, delegate: implemented}",
                "messages:",
                "  - \(syntax.message(messages[0]))",
                "  - \(syntax.message(messages[1]))",
            ]
        )
        #expect(syntax.message(messages[0]).contains("priority: 3"))
    }
}
