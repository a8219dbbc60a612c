import IAMSpec
import Testing

@testable import IAMSpecStdio

/// The Python example engine (`Fixtures/engines/example_engine.py`) run through the provider,
/// with every message it sends checked against the schemas.
@Suite struct ExampleEngineTests {
    private let provider: StdioEngineProvider

    init() throws {
        provider = try StdioEngineProvider(
            command: EngineFixtures.command("example_engine.py"),
            settings: StdioEngineSettings(validatesProtocol: true)
        )
    }

    private func run(_ messages: [InAppMessage], interval: Int64 = 30, _ stimuli: [Stimulus]) throws -> [[Observation]]
    {
        let setup = EngineSetup(
            caseID: "example",
            profile: .brazeSwift,
            configuration: EngineConfiguration(minimumTriggerInterval: .seconds(interval)),
            messages: messages
        )
        var engine = try provider.makeEngine(for: setup)
        return try stimuli.map { try engine.handle($0) }
    }

    @Test func itDeclaresOnlyWhatItImplements() {
        #expect(provider.description.name == "python-example")
        // In protocol 2, hello_reply lists exactly the capabilities the engine has: these, and no
        // capability added after it was written.
        let declared: Set<Capability> = [
            .analytics, .stackInspection, .triggerSessionStart, .triggerAnyPurchase, .triggerPurchase,
            .triggerCustomEvent, .triggerPushClick, .propertyFilters, .priority, .minimumInterval, .delay, .timeout,
            .reeligibility, .testSends, .displayNext, .noMatchingTrigger, .appLifecycle, .userChange, .extras,
            .pushClick, .largeIntegers,
        ]
        #expect(provider.description.capabilities == declared)
        #expect(provider.description.profiles == Set(Profile.allCases))
    }

    @Test func aCaseWhoseAppImplementsTheDelegateIsDeclined() {
        let setup = EngineSetup(
            caseID: "delegate",
            profile: .appboyLegacy,
            configuration: EngineConfiguration(delegate: .implemented),
            messages: []
        )
        #expect(throws: CaseSkipped(reason: "this engine does not model the in-app message delegate")) {
            try provider.makeEngine(for: setup)
        }
    }

    @Test func priorityTiesGoToTheLaterMessageAndTheStackIsLastInFirstOut() throws {
        let messages = [
            InAppMessage(id: "welcome", priority: 1, triggers: [.sessionStart]),
            InAppMessage(
                id: "older",
                triggers: [.customEvent(name: "tap", filters: PropertyFilters())],
                isTestSend: true
            ),
            InAppMessage(
                id: "newer",
                triggers: [.customEvent(name: "tap", filters: PropertyFilters())],
                isTestSend: true
            ),
        ]
        let observations = try run(
            messages,
            [
                .sessionStarted(syncPending: false), .customEvent(CustomEvent(name: "tap")), .stackInspected,
                .messageDismissed("welcome"), .displayNextRequested, .messageClicked("newer"), .messageClicked("newer"),
            ]
        )
        #expect(
            observations == [
                [.displayed("welcome", extras: [:]), .impressionLogged("welcome")],
                [.stacked("newer", reason: .messageVisible)], [.stack(["newer"])], [],
                [.displayed("newer", extras: [:]), .impressionLogged("newer")], [.clickLogged("newer")], [],
            ]
        )
    }

    @Test func aTriggerInsideTheMinimumIntervalIsDropped() throws {
        let purchase = InAppMessage(id: "thanks", triggers: [.anyPurchase])
        let welcome = InAppMessage(id: "welcome", triggers: [.sessionStart])
        let observations = try run(
            [welcome, purchase],
            [
                .sessionStarted(syncPending: false), .messageDismissed("welcome"), .purchase(Purchase(product: "gem")),
                .timeAdvanced(by: .seconds(30)), .purchase(Purchase(product: "gem")),
            ]
        )
        #expect(
            observations == [
                [.displayed("welcome", extras: [:]), .impressionLogged("welcome")], [], [], [],
                [.displayed("thanks", extras: [:]), .impressionLogged("thanks")],
            ]
        )
    }

    @Test func filtersAndTheNoMatchingTriggerCallback() throws {
        let filters = PropertyFilters(groups: [
            [PropertyCondition(property: "level", comparison: .atLeast(10))],
            [
                PropertyCondition(property: "mode", comparison: .equals(.string("hard"))),
                PropertyCondition(property: "at", comparison: .withinLast(.seconds(5))),
            ],
        ])
        let message = InAppMessage(
            id: "pro",
            triggers: [.customEvent(name: "level_up", filters: filters)],
            isTestSend: true
        )
        let observations = try run(
            [message],
            [
                .customEvent(CustomEvent(name: "level_up", properties: ["level": .integer(12)])),
                .sessionStarted(syncPending: false),
                .customEvent(
                    CustomEvent(name: "level_up", properties: ["level": .string("12"), "mode": .string("hard")])
                ),
                .timeAdvanced(by: .seconds(10)),
                .customEvent(
                    CustomEvent(name: "level_up", properties: ["level": .real(10), "at": .time(.seconds(7))])
                ),
            ]
        )
        #expect(
            observations == [
                [.noMatchingTrigger(.customEvent(name: "level_up"))], [.noMatchingTrigger(.sessionStart)],
                [.noMatchingTrigger(.customEvent(name: "level_up"))], [],
                [.displayed("pro", extras: [:]), .impressionLogged("pro")],
            ]
        )
    }
}
