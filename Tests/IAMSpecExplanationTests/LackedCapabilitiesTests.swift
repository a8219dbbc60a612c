import IAMSpec
import IAMSpecReferenceEngine
import Testing

@testable import IAMSpecExplanation

/// A replay for an engine that lacks a capability never does what the capability stands for
/// (Specs/README.md, "What every engine must have"), whether it replays the reference engine or
/// a behaviour of the catalogue: as `iamspec engine --stdio --lacking` serves it, and as the
/// explanation replays the engine's runs.
@Suite("Replays for an engine without a capability")
struct LackedCapabilitiesTests {
    /// The observations of each stimulus in turn, on the engine of `base` as an engine without
    /// `lacking` has it.
    private static func observations(
        lacking: Set<Capability>,
        base: any EngineProvider = ReferenceEngineProvider(),
        profile: Profile = .brazeSwift,
        configuration: EngineConfiguration = EngineConfiguration(),
        messages: [InAppMessage],
        _ stimuli: [Stimulus]
    ) throws -> [[Observation]] {
        let provider = ObservedByTheEngine(
            base: base,
            capabilities: Set(Capability.allCases).subtracting(lacking),
            declaring: true
        )
        var engine = try provider.makeEngine(
            for: EngineSetup(caseID: "lacking", profile: profile, configuration: configuration, messages: messages)
        )
        return try stimuli.map { try engine.handle($0) }
    }

    /// What the last stimulus delivered: its observations but the no-matching-trigger callback.
    private static func delivered(_ observations: [[Observation]]) -> [Observation]? {
        observations.last?.filter {
            if case .noMatchingTrigger = $0 { return false }
            return true
        }
    }

    private static let event = Stimulus.customEvent(CustomEvent(name: "go"))
    private static let triggeredByGo = [Trigger.customEvent(name: "go", filters: PropertyFilters())]

    @Test(arguments: [nil, "delay-ignored"])
    func withoutTimeoutAMessageWaitingForItsImageIsShownWhenItArrives(_ behaviour: String?) throws {
        // The case: trigger, 40 s, the image arrives. Past the default 30 s, the reference
        // engine discards it for `timeout`; an engine without `timeout` has no deadline.
        let message = InAppMessage(id: "a", triggers: Self.triggeredByGo, image: .pending)
        let stimuli: [Stimulus] = [
            .sessionStarted(syncPending: false), Self.event, .timeAdvanced(by: .seconds(40)),
            .assetDownloadSettled(message: "a", succeeded: true),
        ]
        let base: any EngineProvider =
            try behaviour.map { BehaviourEngineProvider(behaviour: try #require(BehaviourCatalogue.behaviour(id: $0))) }
            ?? ReferenceEngineProvider()
        let having = try Self.observations(lacking: [], base: base, messages: [message], stimuli)
        #expect(having.last == [.discarded("a", reason: .timeout)])
        let without = try Self.observations(lacking: [.timeout], base: base, messages: [message], stimuli)
        #expect(without.last == [.displayed("a", extras: [:]), .impressionLogged("a")])
    }

    @Test func withoutTimeoutADelayedMessageIsCheckedAgainWhenReady() throws {
        // A message with no deadline is never "past" one: when its delay ends it is checked for
        // the interval as any ready message is, not sent straight to a display attempt.
        let messages = [
            InAppMessage(id: "first", triggers: Self.triggeredByGo),
            InAppMessage(id: "late", triggers: Self.triggeredByGo, delay: .seconds(40), timeout: .seconds(10)),
        ]
        let stimuli: [Stimulus] = [
            .sessionStarted(syncPending: false), Self.event, .messageDismissed("first"),
            .timeAdvanced(by: .seconds(31)), Self.event, .timeAdvanced(by: .seconds(40)),
        ]
        let without = try Self.observations(lacking: [.timeout], messages: messages, stimuli)
        #expect(!without.joined().contains(.discarded("late", reason: .timeout)))
    }

    @Test func withoutAssetsALegacyFullMessageWithoutImageIsShown() throws {
        let message = InAppMessage(id: "full", type: .full, triggers: Self.triggeredByGo)
        let stimuli: [Stimulus] = [.sessionStarted(syncPending: false), Self.event]
        let having = try Self.observations(lacking: [], profile: .appboyLegacy, messages: [message], stimuli)
        #expect(having.last == [.discarded("full", reason: .missingImage)])
        let without = try Self.observations(lacking: [.assets], profile: .appboyLegacy, messages: [message], stimuli)
        #expect(without.last == [.displayed("full", extras: [:]), .impressionLogged("full")])
    }

    @Test func withoutAssetsNoDownloadIsWaitedForOrJudged() throws {
        let messages = [
            InAppMessage(id: "pending", triggers: Self.triggeredByGo, image: .pending),
            InAppMessage(id: "failed", triggers: [.anyPurchase], image: .fails),
        ]
        let stimuli: [Stimulus] = [
            .sessionStarted(syncPending: false), Self.event, .messageDismissed("pending"),
            .timeAdvanced(by: .seconds(31)), .purchase(Purchase(product: "p")),
        ]
        let without = try Self.observations(lacking: [.assets], messages: messages, stimuli)
        #expect(without[1] == [.displayed("pending", extras: [:]), .impressionLogged("pending")])
        #expect(without[4] == [.displayed("failed", extras: [:]), .impressionLogged("failed")])
    }

    @Test func withoutDelayAMessageShowsAtItsTrigger() throws {
        let message = InAppMessage(id: "a", triggers: Self.triggeredByGo, delay: .seconds(10))
        let stimuli: [Stimulus] = [.sessionStarted(syncPending: false), Self.event]
        #expect(try Self.observations(lacking: [], messages: [message], stimuli).last == [])
        #expect(
            try Self.observations(lacking: [.delay], messages: [message], stimuli).last == [
                .displayed("a", extras: [:]), .impressionLogged("a"),
            ]
        )
    }

    @Test func withoutSessionSyncNoEventIsHeldForASync() throws {
        let message = InAppMessage(id: "a", triggers: Self.triggeredByGo)
        let stimuli: [Stimulus] = [.sessionStarted(syncPending: true), Self.event]
        #expect(try Self.observations(lacking: [], messages: [message], stimuli).last == [])
        #expect(
            try Self.observations(lacking: [.sessionSync], messages: [message], stimuli).last == [
                .displayed("a", extras: [:]), .impressionLogged("a"),
            ]
        )
    }

    @Test func withoutATriggerKindItsTriggersNeverFire() throws {
        let message = InAppMessage(id: "a", triggers: [.sessionStart])
        let stimuli: [Stimulus] = [.sessionStarted(syncPending: false)]
        #expect(try Self.observations(lacking: [], messages: [message], stimuli).last?.isEmpty == false)
        #expect(
            try Self.delivered(Self.observations(lacking: [.triggerSessionStart], messages: [message], stimuli)) == []
        )
    }

    @Test func withoutPropertyFiltersATriggerFiresWhateverTheProperties() throws {
        let filters = PropertyFilters(groups: [
            [PropertyCondition(property: "n", comparison: .equals(.integer(1)))]
        ])
        let message = InAppMessage(id: "a", triggers: [.customEvent(name: "go", filters: filters)])
        let stimuli: [Stimulus] = [.sessionStarted(syncPending: false), Self.event]
        #expect(try Self.delivered(Self.observations(lacking: [], messages: [message], stimuli)) == [])
        #expect(
            try Self.observations(lacking: [.propertyFilters], messages: [message], stimuli).last == [
                .displayed("a", extras: [:]), .impressionLogged("a"),
            ]
        )
    }

    @Test func withoutOrientationNoMessageIsDiscardedForIt() throws {
        let message = InAppMessage(id: "a", triggers: Self.triggeredByGo, orientation: .landscape)
        let stimuli: [Stimulus] = [.sessionStarted(syncPending: false), Self.event]
        #expect(
            try Self.observations(lacking: [], messages: [message], stimuli).last == [
                .discarded("a", reason: .orientation)
            ]
        )
        #expect(
            try Self.observations(lacking: [.orientation], messages: [message], stimuli).last == [
                .displayed("a", extras: [:]), .impressionLogged("a"),
            ]
        )
    }

    @Test func withoutReeligibilityAMessageShownOnceStaysShown() throws {
        let message = InAppMessage(id: "a", triggers: Self.triggeredByGo, reeligibility: .seconds(0))
        let stimuli: [Stimulus] = [
            .sessionStarted(syncPending: false), Self.event, .messageDismissed("a"),
            .timeAdvanced(by: .seconds(31)), Self.event,
        ]
        #expect(try Self.observations(lacking: [], messages: [message], stimuli).last?.isEmpty == false)
        #expect(try Self.delivered(Self.observations(lacking: [.reeligibility], messages: [message], stimuli)) == [])
    }

    @Test func aStepTheEngineIsNeverSentChangesNothing() throws {
        let message = InAppMessage(id: "a", triggers: Self.triggeredByGo)
        let stimuli: [Stimulus] = [.sessionStarted(syncPending: false), .appBackgrounded, Self.event]
        #expect(
            try Self.observations(lacking: [], messages: [message], stimuli).last == [
                .stacked("a", reason: .background)
            ]
        )
        #expect(
            try Self.observations(lacking: [.appLifecycle], messages: [message], stimuli).last == [
                .displayed("a", extras: [:]), .impressionLogged("a"),
            ]
        )
    }
}
