import IAMSpec
import Testing

@testable import IAMSpecRunner

/// The model values the loader builds from `Fixtures/loading/valid`.
@Suite struct DecodedCaseTests {
    static let suite = SuiteLoader.load(paths: [FixturePaths.root + "/loading/valid"])

    private func spec(_ id: String) throws -> SpecCase {
        try #require(Self.suite.cases.first { $0.id == id })
    }

    @Test func anchoredMessageThroughAnAlias() throws {
        let basics = try spec("basics.session-start-displays")
        #expect(basics.messages == [InAppMessage(id: "promo", triggers: [.sessionStart])])
        #expect(basics.tags == ["smoke"])
        #expect(basics.profiles == [.brazeSwift, .appboyLegacy])
        #expect(basics.configuration == EngineConfiguration())
        #expect(
            basics.steps.map(\.action) == [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
                .stimulus(.timeAdvanced(by: VirtualTime(milliseconds: 1500))),
                .expectation(Expectation(sequence: [])),
            ]
        )
        #expect(basics.steps.map(\.location.line) == [12, 13, 16, 17])
        #expect(basics.location.line == 2)
    }

    @Test func everyMessageKey() throws {
        let lifo = try spec("stack.lifo-order")
        #expect(
            lifo.configuration
                == EngineConfiguration(
                    minimumTriggerInterval: .zero,
                    device: .tablet,
                    orientation: .landscape,
                    delegate: .implemented
                )
        )
        let filters = PropertyFilters(groups: [
            [PropertyCondition(property: "count", comparison: .atLeast(2))],
            [
                PropertyCondition(property: "name", comparison: .matches(regex: "^a.*")),
                PropertyCondition(property: "when", comparison: .withinLast(.seconds(60))),
            ],
        ])
        let first = InAppMessage(
            id: "first",
            type: .modal,
            priority: 2.5,
            triggers: [
                .customEvent(name: "buy", filters: filters), .specificPurchase(product: "gem", filters: .init()),
                .pushClick(campaign: "spring"), .anyPurchase, .pushClick(campaign: nil),
            ],
            orientation: .landscape,
            image: .pending,
            extras: ["color": "red", "size": "5"],
            delay: VirtualTime(milliseconds: 2250),
            timeout: .seconds(10),
            reeligibility: .zero,
            isTestSend: true
        )
        let second = InAppMessage(
            id: "second",
            type: .html,
            triggers: [.customEvent(name: "buy", filters: .init())],
            zip: .fails
        )
        #expect(lifo.messages == [first, second])
        #expect(lifo.profiles == [.appboyLegacy])
        let used: Set<Capability> = [
            .keyboard, .orientation, .assets, .analytics, .stackInspection, .delegate, .localMessages, .sessionSync,
            .triggerAnyPurchase, .triggerPurchase, .triggerCustomEvent, .triggerPushClick, .propertyFilters, .delay,
            .timeout, .reeligibility, .testSends, .displayNext, .noMatchingTrigger, .delegateRollback,
            .appLifecycle, .userChange, .extras, .pushClick,
        ]
        #expect(lifo.requires == used)
    }

    @Test func everyStepAndPattern() throws {
        let actions = try spec("stack.lifo-order").steps.map(\.action)
        let properties: [String: PropertyValue] = [
            "count": .integer(3), "name": .string("abc"), "when": .time(.zero), "flag": .boolean(true),
            "ratio": .real(0.5),
        ]
        let expectation = Expectation(
            sequence: [.displayed(.id("first"), extras: ["color": "red", "size": "5"]), .impressionLogged(.any)],
            contains: [.stacked(.id("second"), reason: .delegateLater), .noMatchingTrigger(.customEvent(name: "buy"))],
            absent: [
                .discarded(.any, reason: .timeout), .rolledBack(.id("first")), .clickLogged(.id("local")),
                .noMatchingTrigger(nil), .noMatchingTrigger(.sessionStart),
            ],
            stack: ["first", "second"]
        )
        #expect(
            actions == [
                .stimulus(.sessionStarted(syncPending: true)),
                .stimulus(.sessionSyncCompleted),
                .stimulus(.customEvent(CustomEvent(name: "buy", properties: properties))),
                .stimulus(.purchase(Purchase(product: "gem", price: 0.99, properties: ["quantity": .integer(1)]))),
                .stimulus(.purchase(Purchase(product: "gem"))),
                .stimulus(.pushClicked(campaign: "spring")),
                .stimulus(.keyboardShown),
                .stimulus(.keyboardHidden),
                .stimulus(.deviceRotated(to: .portrait)),
                .stimulus(.assetDownloadSettled(message: "first", succeeded: true)),
                .stimulus(.delegateChoiceSet(message: "second", choice: .rollback)),
                .stimulus(
                    .localMessagePresented(InAppMessage(id: "local", type: .full, image: .succeeds, extras: ["a": "b"]))
                ),
                .stimulus(.messageDismissed("local")),
                .stimulus(.messageClicked("first")),
                .stimulus(.displayNextRequested),
                .stimulus(.appBackgrounded),
                .stimulus(.appForegrounded),
                .stimulus(.appRelaunched),
                .stimulus(.sessionEnded),
                .stimulus(.userChanged(to: "alice")),
                .expectation(expectation),
            ]
        )
    }

    @Test func theRuleCatalogue() throws {
        let rules = Self.suite.rules
        let documented = try #require(rules.rule("filters.types"))
        #expect(documented.kind == .documented)
        #expect(documented.area == "filters")
        #expect(documented.profiles == [.brazeSwift])
        #expect(
            documented.quotes == [
                Rule.Quote(
                    seed: "000.txt",
                    language: "pt",
                    text: "Os tipos não são convertidos.",
                    translation: "Types are not converted."
                )
            ]
        )
        let clarification = try #require(rules.rule("stack.lifo"))
        #expect(clarification.source == "https://www.braze.com/docs/developer_guide/in_app_messages/")
        #expect(clarification.note == "A stack, not a queue.")
        #expect(rules.rule("no.such") == nil)
    }
}
