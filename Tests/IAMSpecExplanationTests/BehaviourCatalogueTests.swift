import Foundation
import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import Testing

@Suite("Each behaviour of the catalogue departs from its rule")
struct BehaviourCatalogueTests {
    private static let ids = BehaviourCatalogue.all.map(\.id)

    @Test("the mutant answers its witness scenario differently from the reference engine", arguments: ids)
    func mutantDiffersFromReference(_ id: String) throws {
        let scenario = try #require(MutantWitnesses.scenario(for: id), "every mutant has a witness")
        #expect(scenario.isWellFormed)
        let reference = ScenarioTrace(running: scenario, on: ReferenceEngineProvider())
        let mutant = ScenarioTrace(running: scenario, on: try Self.provider(id))
        #expect(reference.failure == nil)
        let divergence = try #require(reference.firstDivergence(from: mutant))
        #expect(divergence < reference.windows.count, "the reference engine answers the diverging stimulus")
    }

    @Test("the witness scenario diverges only at its last stimulus", arguments: ids)
    func witnessIsMinimalInTime(_ id: String) throws {
        let scenario = try #require(MutantWitnesses.scenario(for: id))
        let reference = ScenarioTrace(running: scenario, on: ReferenceEngineProvider())
        let mutant = ScenarioTrace(running: scenario, on: try Self.provider(id))
        #expect(reference.firstDivergence(from: mutant) == scenario.stimuli.count - 1)
    }

    private static func provider(_ id: String) throws -> BehaviourEngineProvider {
        BehaviourEngineProvider(behaviour: try #require(BehaviourCatalogue.behaviour(id: id)))
    }

    /// A fresh engine of the behaviour `id` for `messages`, under braze-swift, with the minimum
    /// trigger interval given (the default configuration's 30 s unless said).
    private static func engine(
        _ id: String,
        minimumTriggerInterval: VirtualTime = .seconds(30),
        messages: [InAppMessage]
    ) throws -> any DeliveryEngine {
        try provider(id).makeEngine(
            for: EngineSetup(
                caseID: id,
                profile: .brazeSwift,
                configuration: EngineConfiguration(minimumTriggerInterval: minimumTriggerInterval),
                messages: messages
            )
        )
    }

    @Test("a message that cannot show waits unobserved and shows once the screen is free (stack.no-auto-drain)")
    func waitingShownOnceTheScreenIsFree() throws {
        let tap = Trigger.customEvent(name: "tap", filters: PropertyFilters())
        let level = Trigger.customEvent(name: "level", filters: PropertyFilters())
        let first = InAppMessage(id: "first", triggers: [tap])
        let second = InAppMessage(id: "second", triggers: [level])
        let id = "waiting-shown-once-screen-free"
        // Another message visible: held without a word, shown at the dismissal.
        var engine = try Self.engine(id, minimumTriggerInterval: .zero, messages: [first, second])
        _ = try engine.handle(.sessionStarted(syncPending: false))
        _ = try engine.handle(.customEvent(CustomEvent(name: "tap")))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "level"))) == [])
        #expect(
            try engine.handle(.messageDismissed("first")) == [
                .dismissed("first"), .displayed("second", extras: [:]), .impressionLogged("second"),
            ]
        )
        // The app in the background: held, shown when it comes back.
        engine = try Self.engine(id, minimumTriggerInterval: .zero, messages: [first])
        _ = try engine.handle(.sessionStarted(syncPending: false))
        _ = try engine.handle(.appBackgrounded)
        #expect(try engine.handle(.customEvent(CustomEvent(name: "tap"))) == [])
        #expect(try engine.handle(.appForegrounded) == [.displayed("first", extras: [:]), .impressionLogged("first")])
        // Inside the minimum interval: held, shown when the interval ends, not before.
        engine = try Self.engine(id, minimumTriggerInterval: .seconds(30), messages: [first, second])
        _ = try engine.handle(.sessionStarted(syncPending: false))
        _ = try engine.handle(.customEvent(CustomEvent(name: "tap")))
        _ = try engine.handle(.messageDismissed("first"))
        _ = try engine.handle(.timeAdvanced(by: .seconds(10)))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "level"))) == [])
        #expect(try engine.handle(.timeAdvanced(by: .seconds(19))) == [])
        #expect(
            try engine.handle(.timeAdvanced(by: .seconds(1))) == [
                .displayed("second", extras: [:]), .impressionLogged("second"),
            ]
        )
    }

    @Test("a change of user that starts a session leaves a pending sync in flight (users.held-events)")
    func changeOfUserStartsSessionWithTheSyncInFlight() throws {
        let message = InAppMessage(id: "a", triggers: [.customEvent(name: "go", filters: PropertyFilters())])
        var engine = try Self.engine("change-user-starts-session", messages: [message])
        _ = try engine.handle(.sessionStarted(syncPending: true))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "go"))) == [])
        // The event stays held for the new user until the sync completes.
        #expect(try engine.handle(.userChanged(to: "next")) == [])
        #expect(
            try engine.handle(.sessionSyncCompleted) == [
                .noMatchingTrigger(.sessionStart), .displayed("a", extras: [:]), .impressionLogged("a"),
            ]
        )
    }

    @Test("the losers of a priority contest are observed before the winner, or after it")
    func priorityLosersObservedBeforeOrAfterTheWinner() throws {
        let trigger = [Trigger.customEvent(name: "go", filters: PropertyFilters())]
        let setup = EngineSetup(
            caseID: "losers",
            profile: .brazeSwift,
            configuration: EngineConfiguration(minimumTriggerInterval: .zero),
            messages: [
                InAppMessage(id: "high", priority: 2, triggers: trigger), InAppMessage(id: "low", triggers: trigger),
            ]
        )
        func observed(_ id: String) throws -> [Observation] {
            var engine = try Self.provider(id).makeEngine(for: setup)
            _ = try engine.handle(.sessionStarted(syncPending: false))
            return try engine.handle(.customEvent(CustomEvent(name: "go")))
        }
        let stacked = Observation.stacked("low", reason: .messageVisible)
        let shown: [Observation] = [.displayed("high", extras: [:]), .impressionLogged("high")]
        #expect(try observed("priority-losers-observed-stacked") == [stacked] + shown)
        #expect(try observed("priority-losers-observed-stacked-after-winner") == shown + [stacked])
    }

    @Test("an impression that waits for 5 s on screen comes at the first dismissal or click, if sooner")
    func impressionAtFirstDismissalOrClick() throws {
        let setup = EngineSetup(
            caseID: "impression",
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            messages: [InAppMessage(id: "a", triggers: [.sessionStart])]
        )
        func observed(_ last: Stimulus) throws -> [Observation] {
            var engine = try Self.provider("impression-after-5-seconds-on-screen").makeEngine(for: setup)
            #expect(try engine.handle(.sessionStarted(syncPending: false)) == [.displayed("a", extras: [:])])
            #expect(try engine.handle(.timeAdvanced(by: .seconds(2))) == [])
            let observed = try engine.handle(last)
            // Logged once: not again when its 5 s would have been up.
            #expect(try engine.handle(.timeAdvanced(by: .seconds(10))) == [])
            return observed
        }
        #expect(try observed(.messageDismissed("a")) == [.impressionLogged("a"), .dismissed("a")])
        #expect(try observed(.messageClicked("a")) == [.impressionLogged("a"), .clickLogged("a")])
    }

    @Test("a refinement is in the catalogue only joined to what it refines: alone, it is the reference rules")
    func refinementJoinedToWhatItRefines() throws {
        let ids = Set(BehaviourCatalogue.all.map(\.id))
        #expect(!ids.contains("reeligibility-from-impression"))
        #expect(ids.contains("impression-after-5-seconds-on-screen+reeligibility-from-impression"))
        #expect(
            BehaviourCatalogue.behaviour(id: "reeligibility-from-impression")?.refines == [
                "impression-after-5-seconds-on-screen"
            ]
        )
        // A name's engine, made of its ids, keeps the refinement: it is one of `each`.
        #expect(
            BehaviourCatalogue.inOrder(["impression-after-5-seconds-on-screen+reeligibility-from-impression"]) == [
                "impression-after-5-seconds-on-screen", "reeligibility-from-impression",
            ]
        )
        // Relaunched 2 s after its display, before its impression: shown again only when a message
        // counts as shown from its impression.
        let setup = EngineSetup(
            caseID: "impression",
            profile: .brazeSwift,
            configuration: EngineConfiguration(minimumTriggerInterval: .zero),
            messages: [InAppMessage(id: "a", triggers: [.sessionStart])]
        )
        func shownAgain(_ id: String) throws -> Bool {
            var engine = try Self.provider(id).makeEngine(for: setup)
            #expect(try engine.handle(.sessionStarted(syncPending: false)).first == .displayed("a", extras: [:]))
            _ = try engine.handle(.timeAdvanced(by: .seconds(2)))
            _ = try engine.handle(.appRelaunched)
            return try engine.handle(.sessionStarted(syncPending: false)).contains(.displayed("a", extras: [:]))
        }
        #expect(try !shownAgain("impression-after-5-seconds-on-screen"))
        #expect(try shownAgain("impression-after-5-seconds-on-screen+reeligibility-from-impression"))
        #expect(try !shownAgain("reeligibility-from-impression"))
    }

    @Test("a number condition that cannot read its value drops the whole event, every message's (Swrve)")
    func unreadableNumberDropsTheEvent() throws {
        let counted = Trigger.customEvent(
            name: "go",
            filters: PropertyFilters(groups: [[PropertyCondition(property: "count", comparison: .greaterThan(3))]])
        )
        let setup = EngineSetup(
            caseID: "unreadable",
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            messages: [
                InAppMessage(id: "counted", triggers: [counted]),
                InAppMessage(id: "any", triggers: [.customEvent(name: "go", filters: PropertyFilters())]),
            ]
        )
        /// The messages displayed at the event.
        func shown(_ id: String, _ count: PropertyValue) throws -> [MessageID] {
            var engine = try Self.provider(id).makeEngine(for: setup)
            _ = try engine.handle(Stimulus.sessionStarted(syncPending: false))
            return try engine.handle(Stimulus.customEvent(CustomEvent(name: "go", properties: ["count": count])))
                .compactMap { observation in
                    if case .displayed(let shown, _) = observation { shown } else { nil }
                }
        }
        // An integer is read: one message is shown, as under the reference rules.
        #expect(try shown("unreadable-number-drops-event", .integer(5)).count == 1)
        // A real is not: nothing at all, where a real unequal to integers still shows the other message.
        #expect(try shown("unreadable-number-drops-event", .real(5)).isEmpty)
        #expect(try shown("integer-real-unequal", .real(5)) == ["any"])
        // A word is not either; the reference rules leave the word out of the number condition alone.
        #expect(try shown("unreadable-number-drops-event", .string("five")).isEmpty)
        #expect(try shown("integer-real-unequal", .string("five")) == ["any"])
    }

    @Test("a message that replaces the visible one leaves that one observed dismissed (CleverTap)")
    func replacedMessageObservedDismissed() throws {
        let trigger = [Trigger.customEvent(name: "go", filters: PropertyFilters())]
        let setup = EngineSetup(
            caseID: "replaced",
            profile: .brazeSwift,
            configuration: EngineConfiguration(minimumTriggerInterval: .zero),
            messages: [
                InAppMessage(id: "first", triggers: [.sessionStart]), InAppMessage(id: "next", triggers: trigger),
            ]
        )
        var engine = try Self.provider("message-visible-replaced").makeEngine(for: setup)
        _ = try engine.handle(.sessionStarted(syncPending: false))
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "go"))) == [
                .dismissed("first"), .displayed("next", extras: [:]), .impressionLogged("next"),
            ]
        )
    }

    @Test("Iterable's interval: 0.1 s beyond it, from the last display and again from the last dismissal")
    func intervalWithMarginFromDisplayAndDismissal() throws {
        let setup = EngineSetup(
            caseID: "margin",
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            messages: [
                InAppMessage(id: "first", triggers: [.sessionStart]),
                InAppMessage(id: "second", triggers: [.customEvent(name: "go", filters: PropertyFilters())]),
            ]
        )
        func observed(after wait: Int64) throws -> [Observation] {
            var engine = try Self.provider("interval-with-margin-from-display-and-dismissal").makeEngine(for: setup)
            _ = try engine.handle(.sessionStarted(syncPending: false))
            _ = try engine.handle(.timeAdvanced(by: .seconds(10)))
            _ = try engine.handle(.messageDismissed("first"))
            _ = try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: wait)))
            return try engine.handle(.customEvent(CustomEvent(name: "go")))
        }
        // 30.05 s after the dismissal (40.05 s after the display, past the reference's interval).
        #expect(try observed(after: 30_050) == [])
        #expect(try observed(after: 30_100) == [.displayed("second", extras: [:]), .impressionLogged("second")])
    }

    @Test("Iterable: a foreground syncs, and so offers what waits, only 0.1 s past the interval since the last sync")
    func foregroundSyncsAfterInterval() throws {
        let setup = EngineSetup(
            caseID: "sync",
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            // Iterable has no timeout: the waiting message is given a long one.
            messages: [InAppMessage(id: "tip", triggers: Self.on("go"), timeout: .seconds(3600))]
        )
        func observed(
            after wait: Int64,
            _ opening: [Stimulus],
            as id: String = "foreground-syncs-after-interval"
        ) throws -> [Observation] {
            var engine = try Self.provider(id).makeEngine(for: setup)
            _ = try engine.handle(.sessionStarted(syncPending: false))
            _ = try engine.handle(.appBackgrounded)
            // The event syncs: the last sync is at 0.
            #expect(try engine.handle(.customEvent(CustomEvent(name: "go"))) == [.stacked("tip", reason: .background)])
            _ = try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: wait)))
            return try opening.flatMap { try engine.handle($0) }
        }
        let shown: [Observation] = [.displayed("tip", extras: [:]), .impressionLogged("tip")]
        #expect(try observed(after: 30_050, [.appForegrounded]) == [])
        #expect(try observed(after: 30_100, [.appForegrounded]) == shown)
        // A push click that opens the app is that foreground, after the click's no-match callback.
        #expect(try Array(observed(after: 30_100, [.pushClicked(campaign: nil)]).suffix(2)) == shown)
        // Once the app is in the foreground, a push click brings no foreground: it offers the top as
        // any push click does, unless the engine also has push-click-offers-nothing, as Iterable.
        let clicked = try observed(after: 10_000, [.appForegrounded, .pushClicked(campaign: nil)])
        #expect(clicked.contains(.displayed("tip", extras: [:])))
        let asIterable = try observed(
            after: 10_000,
            [.appForegrounded, .pushClicked(campaign: nil)],
            as: "foreground-syncs-after-interval+push-click-offers-nothing"
        )
        #expect(!asIterable.contains(.displayed("tip", extras: [:])))
    }

    @Test("Leanplum: a message stacked in the background logs its impression then, and none when it shows")
    func impressionWhenStackedInBackground() throws {
        var engine = try Self.engine(
            "impression-when-stacked-in-background",
            messages: [InAppMessage(id: "tip", triggers: Self.on("go"))]
        )
        _ = try engine.handle(.sessionStarted(syncPending: false))
        _ = try engine.handle(.appBackgrounded)
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "go"))) == [
                .stacked("tip", reason: .background), .impressionLogged("tip"),
            ]
        )
        #expect(try engine.handle(.appForegrounded) == [])
        #expect(try engine.handle(.displayNextRequested) == [.displayed("tip", extras: [:])])
    }

    @Test("Firebase: a message that leaves the screen before its impression counts as not shown")
    func shownFromTheImpression() throws {
        func triggeredAgain(after onScreen: Int64) throws -> [Observation] {
            var engine = try Self.engine(
                "impression-after-5-seconds-on-screen+reeligibility-from-impression",
                minimumTriggerInterval: .zero,
                messages: [InAppMessage(id: "tip", triggers: Self.on("go"))]
            )
            _ = try engine.handle(.sessionStarted(syncPending: false))
            _ = try engine.handle(.customEvent(CustomEvent(name: "go")))
            _ = try engine.handle(.timeAdvanced(by: .seconds(onScreen)))
            _ = try engine.handle(.appRelaunched)
            _ = try engine.handle(.sessionStarted(syncPending: false))
            return try engine.handle(.customEvent(CustomEvent(name: "go")))
        }
        #expect(try triggeredAgain(after: 4) == [.displayed("tip", extras: [:])])
        // Impressed after 5 s on screen: shown, once and for all.
        #expect(try !triggeredAgain(after: 5).contains(.displayed("tip", extras: [:])))
    }

    @Test(
        "Messages shown beside each other each take their own click, as Braze Web's slide-ups and Leanplum's dialogs do"
    )
    func messagesShownBesideTakeTheirOwnClicks() throws {
        var engine = try Self.engine(
            "message-visible-shown-beside",
            minimumTriggerInterval: .zero,
            messages: [
                InAppMessage(id: "older", triggers: Self.on("one")),
                InAppMessage(id: "newer", triggers: Self.on("two")),
            ]
        )
        _ = try engine.handle(.sessionStarted(syncPending: false))
        _ = try engine.handle(.customEvent(CustomEvent(name: "one")))
        _ = try engine.handle(.customEvent(CustomEvent(name: "two")))
        #expect(try engine.handle(.messageClicked("older")) == [.clickLogged("older")])
        #expect(try engine.handle(.messageClicked("older")).isEmpty)
        #expect(try engine.handle(.messageClicked("newer")) == [.clickLogged("newer")])
    }

    @Test("Braze Web: a modal, full or HTML message meeting one of those on screen is dropped; slide-ups go beside")
    func modalOverModalDropped() throws {
        var engine = try Self.engine(
            "message-visible-drops+slide-ups-shown-beside",
            minimumTriggerInterval: .zero,
            messages: [
                InAppMessage(id: "tip", triggers: Self.on("one")),
                InAppMessage(id: "offer", type: .modal, triggers: Self.on("two")),
                InAppMessage(id: "page", type: .full, triggers: Self.on("three")),
                InAppMessage(id: "note", triggers: Self.on("four")),
            ]
        )
        _ = try engine.handle(.sessionStarted(syncPending: false))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "one"))).first == .displayed("tip", extras: [:]))
        // A modal beside a slide-up, a slide-up beside a modal; a full message over the modal: nothing.
        #expect(try engine.handle(.customEvent(CustomEvent(name: "two"))).first == .displayed("offer", extras: [:]))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "three"))) == [])
        #expect(try engine.handle(.customEvent(CustomEvent(name: "four"))).first == .displayed("note", extras: [:]))
        _ = try engine.handle(.messageDismissed("offer"))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "three"))).first == .displayed("page", extras: [:]))
    }

    @Test("slide-ups beside, alone: a message that blocks the page meeting another that does waits as the rules say")
    func slideUpsBesideModalOverModalStacked() throws {
        var engine = try Self.engine(
            "slide-ups-shown-beside",
            minimumTriggerInterval: .zero,
            messages: [
                InAppMessage(id: "offer", type: .modal, triggers: Self.on("one")),
                InAppMessage(id: "note", triggers: Self.on("two")),
                InAppMessage(id: "page", type: .full, triggers: Self.on("three")),
            ]
        )
        _ = try engine.handle(.sessionStarted(syncPending: false))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "one"))).first == .displayed("offer", extras: [:]))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "two"))).first == .displayed("note", extras: [:]))
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "three"))) == [.stacked("page", reason: .messageVisible)]
        )
    }

    @Test("CleverTap Web: every triggered message is shown, the lowest priority last; those replaced count as shown")
    func everyMatchShownHighestFirst() throws {
        func displays(_ id: String) throws -> [Observation] {
            var engine = try Self.engine(
                id,
                minimumTriggerInterval: .zero,
                messages: [
                    InAppMessage(id: "high", priority: 2, triggers: Self.on("browse") + Self.on("cart")),
                    InAppMessage(id: "low", priority: 1, triggers: Self.on("browse")),
                ]
            )
            _ = try engine.handle(.sessionStarted(syncPending: false))
            var observed = try engine.handle(.customEvent(CustomEvent(name: "browse")))
            _ = try engine.handle(.messageDismissed("low"))
            observed += try engine.handle(.customEvent(CustomEvent(name: "cart")))
            return observed.filter { if case .displayed = $0 { true } else { false } }
        }
        // Only the lowest is observed; `high`, replaced by it, was shown: not triggered again.
        #expect(try displays("priority-every-match-shown-highest-first") == [.displayed("low", extras: [:])])
        #expect(
            try displays("priority-lowest-wins") == [.displayed("low", extras: [:]), .displayed("high", extras: [:])]
        )
    }

    @Test("Braze Web: a delayed firing sees the displays of its own delivery, and the others' until superseded")
    func readySeesOwnDeliveryDisplays() throws {
        func displays(sessions: Int) throws -> [Observation] {
            var engine = try Self.engine(
                "ready-sees-own-delivery-displays",
                minimumTriggerInterval: .zero,
                messages: [InAppMessage(id: "nudge", triggers: Self.on("browse"), delay: .seconds(30))]
            )
            for _ in 0..<sessions {
                _ = try engine.handle(.sessionStarted(syncPending: false))
                _ = try engine.handle(.customEvent(CustomEvent(name: "browse")))
                _ = try engine.handle(.timeAdvanced(by: .seconds(5)))
            }
            _ = try engine.handle(.sessionStarted(syncPending: false))
            // The first firing is ready at 30 s, the second at 35 s.
            var observed = try engine.handle(.timeAdvanced(by: .seconds(30 - 5 * Int64(sessions))))
            _ = try engine.handle(.messageDismissed("nudge"))
            observed += try engine.handle(.timeAdvanced(by: .seconds(10)))
            return observed.filter { if case .displayed = $0 { true } else { false } }
        }
        let once = [Observation.displayed("nudge", extras: [:])]
        // One session: its firing displays the message.
        #expect(try displays(sessions: 1) == once)
        // Two sessions, then a third delivery: the second session's firing does not see the
        // first's display.
        #expect(try displays(sessions: 2) == once + once)
    }

    @Test(
        "Firebase: the first foreground or relaunch before any session start fetches the messages and fires Session Start"
    )
    func firstAppForegroundFetchesMessages() throws {
        // What the last stimulus shows, after the others.
        func observed(
            after earlier: [Stimulus],
            _ last: Stimulus,
            on id: String = "session-start-fired-at-app-foreground+app-foreground-fetches-messages"
        ) throws -> [Observation] {
            var engine = try Self.engine(
                id,
                minimumTriggerInterval: .zero,
                messages: [
                    InAppMessage(id: "welcome", triggers: [.sessionStart]),
                    InAppMessage(id: "tip", triggers: Self.on("go")),
                ]
            )
            for stimulus in earlier { _ = try engine.handle(stimulus) }
            return try engine.handle(last)
        }
        let welcome: [Observation] = [.displayed("welcome", extras: [:]), .impressionLogged("welcome")]
        // However short the time away, the first foreground fetches the messages and fires them.
        #expect(try observed(after: [.appBackgrounded], .appForegrounded) == welcome)
        #expect(try observed(after: [], .appRelaunched) == welcome)
        // Without the refinement, nothing was delivered to fire; and the refinement alone is the
        // reference rules, which fire no Session Start at a relaunch.
        #expect(try observed(after: [], .appRelaunched, on: "session-start-fired-at-app-foreground") == [])
        #expect(try observed(after: [], .appRelaunched, on: "app-foreground-fetches-messages") == [])
        // The fetch delivers the other messages too: an event fires them with no session start.
        let fetched: [Stimulus] = [.appBackgrounded, .appForegrounded, .messageDismissed("welcome")]
        #expect(
            try observed(after: fetched, .customEvent(CustomEvent(name: "go"))) == [
                .displayed("tip", extras: [:]), .impressionLogged("tip"),
            ]
        )
        // After a session start, a foreground less than a second away fires nothing.
        let away: [Stimulus] = [
            .sessionStarted(syncPending: false), .messageDismissed("welcome"), .appBackgrounded,
            .timeAdvanced(by: VirtualTime(milliseconds: 500)),
        ]
        #expect(try observed(after: away, .appForegrounded) == [])
    }

    @Test("Leanplum: a priority tie goes to the first of a Java HashMap's walk of the message ids")
    func priorityTiesByHashMapOrder() throws {
        /// The message `browse` shows when `ids` tie on it, after `others` messages on another event.
        func winner(of ids: [String], others: Int = 0) throws -> Observation? {
            let filler = (0..<others).map { InAppMessage(id: "other\($0)", triggers: Self.on("checkout")) }
            var engine = try Self.engine(
                "priority-ties-by-hash-map-order",
                messages: ids.map { InAppMessage(id: $0, triggers: Self.on("browse")) } + filler
            )
            _ = try engine.handle(.sessionStarted(syncPending: false))
            return try engine.handle(.customEvent(CustomEvent(name: "browse"))).first
        }
        // Leanplum's runs of Specs/priority/ties.yaml: buckets newer-campaign 1, older-campaign 12;
        // mike 5, alpha 7, zulu 13; specific 12, any 13.
        #expect(try winner(of: ["older-campaign", "newer-campaign"]) == .displayed("newer-campaign", extras: [:]))
        #expect(try winner(of: ["zulu", "mike", "alpha"]) == .displayed("mike", extras: [:]))
        #expect(try winner(of: ["specific", "any"]) == .displayed("specific", extras: [:]))
        // "Aa" and "BB" share a hash code: within a bucket, the delivered order.
        #expect(try winner(of: ["BB", "Aa"]) == .displayed("BB", extras: [:]))
        // kilo is in bucket 3 of 16, 19 of 32; delta in bucket 8 of both: 13 messages take 32.
        #expect(try winner(of: ["delta", "kilo"], others: 10) == .displayed("kilo", extras: [:]))
        #expect(try winner(of: ["delta", "kilo"], others: 11) == .displayed("delta", extras: [:]))
    }

    /// Iterable's interval engine for the messages given (a 30-s interval), its session started.
    /// Iterable has no timeout: a message that waits for the interval is given a long one.
    private static func iterableInterval(_ messages: [InAppMessage]) throws -> any DeliveryEngine {
        var engine = try provider("interval-with-margin-from-display-and-dismissal").makeEngine(
            for: EngineSetup(
                caseID: "held",
                profile: .brazeSwift,
                configuration: EngineConfiguration(),
                messages: messages
            )
        )
        _ = try engine.handle(.sessionStarted(syncPending: false))
        return engine
    }

    /// `first` on event `one`, `second` on event `two`, with a timeout long enough to wait out any
    /// interval.
    private static let firstAndSecond = [
        InAppMessage(id: "first", triggers: on("one")),
        InAppMessage(id: "second", triggers: on("two"), timeout: .seconds(3600)),
    ]

    private static func on(_ event: String) -> [Trigger] {
        [.customEvent(name: event, filters: PropertyFilters())]
    }

    @Test("Iterable's interval: a trigger inside it waits unobserved and shows once the wait after the dismissal ends")
    func intervalHoldsTriggerUntilTheWaitAfterTheDismissal() throws {
        var engine = try Self.iterableInterval(Self.firstAndSecond)
        _ = try engine.handle(.customEvent(CustomEvent(name: "one")))
        _ = try engine.handle(.timeAdvanced(by: .seconds(5)))
        #expect(try engine.handle(.messageDismissed("first")) == [.dismissed("first")])
        #expect(try engine.handle(.customEvent(CustomEvent(name: "two"))).isEmpty)
        #expect(try engine.handle(.stackInspected) == [.stack(["second"])])
        // The wait runs from the dismissal at 5 s: 30.1 s later, not 30 s after the display.
        #expect(try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: 30_050))).isEmpty)
        #expect(
            try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: 50)))
                == [.displayed("second", extras: [:]), .impressionLogged("second")]
        )
    }

    @Test("Iterable's interval: a trigger while a message shows is stacked, observed, whatever the interval")
    func intervalChecksTheScreenFirst() throws {
        var engine = try Self.iterableInterval(Self.firstAndSecond)
        _ = try engine.handle(.customEvent(CustomEvent(name: "one")))
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "two"))) == [.stacked("second", reason: .messageVisible)]
        )
        _ = try engine.handle(.messageDismissed("first"))
        #expect(try engine.handle(.timeAdvanced(by: .seconds(30))).isEmpty)
        #expect(
            try engine.handle(.timeAdvanced(by: VirtualTime(milliseconds: 100)))
                == [.displayed("second", extras: [:]), .impressionLogged("second")]
        )
    }

    @Test("Iterable's interval: the wait after a dismissal offers nothing while the app is in the background")
    func intervalWaitOffersNothingInTheBackground() throws {
        var engine = try Self.iterableInterval(Self.firstAndSecond)
        _ = try engine.handle(.customEvent(CustomEvent(name: "one")))
        _ = try engine.handle(.messageDismissed("first"))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "two"))).isEmpty)
        _ = try engine.handle(.appBackgrounded)
        #expect(try engine.handle(.timeAdvanced(by: .seconds(60))).isEmpty)
        #expect(try engine.handle(.stackInspected) == [.stack(["second"])])
    }

    @Test("Iterable's interval: a relaunch forgets it")
    func intervalForgottenAtRelaunch() throws {
        var engine = try Self.iterableInterval(Self.firstAndSecond)
        _ = try engine.handle(.customEvent(CustomEvent(name: "one")))
        _ = try engine.handle(.messageDismissed("first"))
        _ = try engine.handle(.appRelaunched)
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "two")))
                == [.displayed("second", extras: [:]), .impressionLogged("second")]
        )
    }

    @Test("losers observed after the winner stay unobserved while the winner is held for the interval")
    func losersOfAHeldWinnerStayUnobserved() throws {
        let provider = BehaviourEngineProvider(
            behaviour: Behaviour(
                combining: try [
                    "interval-with-margin-from-display-and-dismissal", "priority-losers-observed-stacked-after-winner",
                ]
                .map { try #require(BehaviourCatalogue.behaviour(id: $0)) }
            )
        )
        var engine = try provider.makeEngine(
            for: EngineSetup(
                caseID: "held",
                profile: .brazeSwift,
                configuration: EngineConfiguration(),
                messages: [
                    InAppMessage(id: "first", triggers: Self.on("one")),
                    InAppMessage(id: "low", priority: 1, triggers: Self.on("two")),
                    InAppMessage(id: "high", priority: 2, triggers: Self.on("two")),
                ]
            )
        )
        _ = try engine.handle(.sessionStarted(syncPending: false))
        _ = try engine.handle(.customEvent(CustomEvent(name: "one")))
        _ = try engine.handle(.messageDismissed("first"))
        #expect(try engine.handle(.customEvent(CustomEvent(name: "two"))).isEmpty)
        #expect(try engine.handle(.stackInspected) == [.stack(["high", "low"])])
    }

    @Test("Swrve: a message whose image is still downloading is no candidate, and another one wins")
    func assetsNotReadyNotACandidate() throws {
        let trigger = [Trigger.customEvent(name: "go", filters: PropertyFilters())]
        let setup = EngineSetup(
            caseID: "assets",
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            messages: [
                InAppMessage(id: "plain", triggers: trigger),
                InAppMessage(id: "slow", priority: 2, triggers: trigger, image: .pending),
            ]
        )
        var engine = try Self.provider("assets-not-ready-not-a-candidate").makeEngine(for: setup)
        _ = try engine.handle(.sessionStarted(syncPending: false))
        #expect(
            try engine.handle(.customEvent(CustomEvent(name: "go"))) == [
                .displayed("plain", extras: [:]), .impressionLogged("plain"),
            ]
        )
        // Nothing of it waited: its download settling shows nothing.
        #expect(try engine.handle(.assetDownloadSettled(message: "slow", succeeded: true)) == [])
    }

    @Test("the catalogue has at least 30 mutants with unique ids and one-line descriptions")
    func catalogue() {
        let mutants = BehaviourCatalogue.all
        #expect(mutants.count >= 30)
        #expect(Set(mutants.map(\.id)).count == mutants.count)
        for mutant in mutants {
            #expect(!mutant.summary.isEmpty && !mutant.summary.contains("\n"))
            #expect(BehaviourCatalogue.behaviour(id: mutant.id) == mutant)
        }
        #expect(BehaviourCatalogue.behaviour(id: "no-such-mutant") == nil)
    }

    @Test("a mutant provider describes itself like the reference engine, under the mutant's name")
    func providerDescription() throws {
        let mutant = try #require(BehaviourCatalogue.behaviour(id: "stack-fifo"))
        let description = BehaviourEngineProvider(behaviour: mutant).description
        let reference = ReferenceEngineProvider().description
        #expect(description.name == "mutant:stack-fifo")
        #expect(description.profiles == reference.profiles)
        #expect(description.capabilities == reference.capabilities)
    }

    @Test("each mutant names a rule of the catalogue in Specs/rules.yaml")
    func rulesExist() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let catalogue = try String(contentsOf: root.appendingPathComponent("Specs/rules.yaml"), encoding: .utf8)
        let ids = Set(
            catalogue.split(separator: "\n").compactMap { line in
                line.hasPrefix("- id: ") ? String(line.dropFirst("- id: ".count)) : nil
            }
        )
        for mutant in BehaviourCatalogue.all {
            #expect(ids.contains(mutant.rule), "\(mutant.id) names \(mutant.rule)")
        }
    }

    @Test("every behavioural capability has a behaviour that lacks it, and only behavioural ones do")
    func lackingBehaviours() {
        for capability in Capability.behavioural {
            #expect(!BehaviourCatalogue.lacking(capability).isEmpty, "\(capability)")
        }
        for behaviour in BehaviourCatalogue.all {
            if let capability = behaviour.lacks {
                #expect(Capability.behavioural.contains(capability), "\(behaviour.id)")
            }
        }
    }

    @Test("a behaviour presupposes behavioural capabilities only, never one it is a way of lacking")
    func presupposedCapabilities() throws {
        for behaviour in BehaviourCatalogue.all {
            #expect(behaviour.presupposes.isSubset(of: Capability.behavioural), "\(behaviour.id)")
            if let lacked = behaviour.lacks {
                #expect(!behaviour.presupposes.contains(lacked), "\(behaviour.id)")
            }
        }
        // Reading priority the wrong way up is reading it.
        let lowest = try #require(BehaviourCatalogue.behaviour(id: "priority-lowest-wins"))
        #expect(lowest.presupposes == [.priority])
    }

    @Test("a behaviour's provider that declares the lack describes itself without that capability")
    func declaringLacking() throws {
        let behaviour = try #require(BehaviourCatalogue.behaviour(id: "priority-ignored"))
        let description = BehaviourEngineProvider(behaviour: behaviour, declaringLacking: true).description
        #expect(!description.capabilities.contains(.priority))
        #expect(description.capabilities.contains(.minimumInterval))
    }
}
