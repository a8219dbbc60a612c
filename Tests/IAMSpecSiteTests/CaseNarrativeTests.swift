import IAMSpec
import Testing

@testable import IAMSpecSite

@Suite("Cases told in words")
struct CaseNarrativeTests {
    private func step(_ action: Step.Action) -> Step {
        Step(action, location: SiteFixtures.location)
    }

    @Test func theSettingMessagesAndTimelineReadAsSentences() {
        let specCase = SpecCase(
            id: "c",
            title: "t",
            rules: ["stack.lifo"],
            configuration: EngineConfiguration(minimumTriggerInterval: .seconds(30), orientation: .portrait),
            messages: [
                InAppMessage(id: "promo", type: .modal, priority: 2, triggers: [.sessionStart], image: .fails),
                InAppMessage(
                    id: "deal",
                    triggers: [
                        .specificPurchase(
                            product: "socks",
                            filters: PropertyFilters(groups: [
                                [PropertyCondition(property: "size", comparison: .atLeast(3))],
                                [
                                    PropertyCondition(property: "colour", comparison: .equals(.string("red"))),
                                    PropertyCondition(property: "gift", comparison: .exists),
                                ],
                            ])
                        )
                    ],
                    delay: .seconds(5)
                ),
            ],
            steps: [
                step(.stimulus(.sessionStarted(syncPending: false))),
                step(.stimulus(.timeAdvanced(by: VirtualTime(milliseconds: 1500)))),
                step(.expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)]))),
                step(.stimulus(.purchase(Purchase(product: "socks", price: 9.5, properties: ["size": .integer(4)])))),
                step(
                    .expectation(
                        Expectation(
                            sequence: [
                                .stacked(.id("deal"), reason: .messageVisible), .discarded(.any, reason: .timeout),
                            ],
                            stack: ["deal"]
                        )
                    )
                ),
                step(.expectation(Expectation(sequence: []))),
            ],
            location: SiteFixtures.location
        )
        let narrative = CaseNarrative(specCase)
        #expect(
            narrative.setting.shown
                == "Given a phone held in portrait, a 30 s minimum interval between triggered messages, no display delegate, and these messages from the server:"
        )
        #expect(
            narrative.messages[0].shown
                == "`promo`: a modal message; priority 2; shown on a session start; its image download fails"
        )
        #expect(
            narrative.messages[1].shown
                == "`deal`: a slide-up message; shown on a purchase of `socks` whose property `size` is at least 3 and (property `colour` is the text `red` or property `gift` is present); ready 5 s after its trigger"
        )
        #expect(narrative.moments.map(\.time) == ["0 s", "0 s", "1.5 s", "1.5 s", "1.5 s", "1.5 s"])
        #expect(narrative.moments.map(\.word) == ["When", "and", "Then", "When", "Then", "Then"])
        #expect(narrative.moments[1].text.shown == "1.5 s pass")
        #expect(narrative.moments[2].text.shown == "`promo` is displayed, and nothing else")
        #expect(
            narrative.moments[3].text.shown
                == "a purchase of `socks` is logged at a price of 9.5 with `size` = the number 4"
        )
        #expect(
            narrative.moments[4].text.shown
                == "exactly this happens, in order: `deal` is put on the stack because another message is on screen; a message is discarded because its display deadline passed; and the stack holds, top first: `deal`"
        )
        #expect(narrative.moments[5].text.shown == "nothing is displayed, put on the stack or discarded")
    }
}

extension CaseNarrativeTests {
    @Test func aZeroIntervalTabletAndDelegateAreSaidPlainly() {
        let specCase = SpecCase(
            id: "c",
            title: "t",
            rules: ["stack.lifo"],
            configuration: EngineConfiguration(
                minimumTriggerInterval: .zero,
                device: .tablet,
                orientation: .landscape,
                delegate: .implemented
            ),
            messages: [],
            steps: [
                step(.stimulus(.delegateChoiceSet(message: "m", choice: .later))),
                step(.stimulus(.customEvent(CustomEvent(name: "e", source: .api)))),
                step(.expectation(Expectation(absent: [.noMatchingTrigger(nil)], stack: []))),
            ],
            location: SiteFixtures.location
        )
        let narrative = CaseNarrative(specCase)
        #expect(
            narrative.setting.shown
                == "Given a tablet held in landscape (orientation is not checked on tablets), no minimum interval between triggered messages, an app that implements the display delegate, and no messages from the server"
        )
        #expect(
            narrative.moments[0].text.shown
                == "from now on the display delegate answers “later” (back on the stack) for `m`"
        )
        #expect(narrative.moments[1].text.shown == "the custom event `e` is logged, through the REST API (not the SDK)")
        #expect(
            narrative.moments[2].text.shown
                == "none of this happens: the app hears that no message matched an event; and no message is waiting on the stack"
        )
    }

    @Test func theNewSettingsReadAsWords() {
        let message = InAppMessage(
            id: "own",
            triggers: [.sessionStart],
            image: .fails,
            minimumTriggerInterval: .seconds(5),
            start: .seconds(10),
            end: .seconds(20),
            isControl: true,
            imageOnLaterDeliveries: [.succeeds]
        )
        #expect(
            CaseNarrative.describe(message).shown
                == "`own`: a slide-up message; shown on a session start; its image download fails at the first "
                + "delivery and succeeds at the second and every later one; its own 5 s "
                + "minimum interval since the last display; its campaign starts at 10 s; its campaign ends at 20 s; "
                + "in the control group (counts as shown, but nothing appears)"
        )
        #expect(
            CaseNarrative.describe(.appOpenedFromPush(campaign: "spring")).shown
                == "the app, not running a session, is opened from a push of the campaign `spring` "
                + "(a session starts with it)"
        )
        #expect(CaseNarrative.describe(.dismissed(.id("own"))).shown == "`own` leaves the screen")
    }
}

extension Phrase {
    /// The phrase with its names between backticks, as these tests write it.
    fileprivate var shown: String {
        segments.map { segment in
            switch segment {
            case .words(let words): words
            case .name(let name): "`\(name)`"
            }
        }.joined()
    }
}
