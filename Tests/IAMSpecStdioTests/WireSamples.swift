import IAMSpec
import IAMSpecPortable

/// Values of every shape the protocol carries, for round trips.
enum WireSamples {
    /// An engine that has every profile and capability, for `hello_reply`.
    static let description = EngineDescription(
        name: "engine",
        version: "2.1",
        profiles: Set(Profile.allCases),
        capabilities: Set(Capability.allCases)
    )

    /// A request of every type, every setup and every stimulus.
    static var requests: [EngineRequest] {
        [.hello(protocolVersion: 2), .endCase, .shutdown] + setups.map { .startCase($0) }
            + stimuli.map { .stimulus($0) }
    }

    static let filters = PropertyFilters(groups: [
        [
            PropertyCondition(property: "tier", comparison: .equals(.string("gold"))),
            PropertyCondition(property: "tier", comparison: .equals(.integer(5))),
        ],
        [PropertyCondition(property: "amount", comparison: .notEquals(.real(2.5)))],
        [PropertyCondition(property: "vip", comparison: .equals(.boolean(true)))],
        [PropertyCondition(property: "joined", comparison: .equals(.time(.seconds(12))))],
        [PropertyCondition(property: "n", comparison: .greaterThan(3))],
        [PropertyCondition(property: "n", comparison: .lessThan(-1.5))],
        [PropertyCondition(property: "n", comparison: .atLeast(0))],
        [PropertyCondition(property: "n", comparison: .atMost(1e20))],
        [PropertyCondition(property: "name", comparison: .matches(regex: "^a.*\"quoted\"\\d$"))],
        [PropertyCondition(property: "name", comparison: .doesNotMatch(regex: "ü+"))],
        [PropertyCondition(property: "x", comparison: .exists)],
        [PropertyCondition(property: "y", comparison: .doesNotExist)],
        [PropertyCondition(property: "t", comparison: .withinLast(VirtualTime(milliseconds: 1500)))],
        [PropertyCondition(property: "t", comparison: .moreThanAgo(.seconds(60)))],
        [PropertyCondition(property: "t", comparison: .lessThanInFuture(.seconds(5)))],
        [PropertyCondition(property: "t", comparison: .moreThanInFuture(.zero))],
    ])

    static let messages = [
        InAppMessage(id: "plain", triggers: [.sessionStart]),
        InAppMessage(
            id: "every-field",
            type: .modalImage,
            priority: 2.75,
            triggers: [
                .anyPurchase, .specificPurchase(product: "gem", filters: filters),
                .customEvent(name: "level up", filters: PropertyFilters()), .pushClick(campaign: nil),
                .pushClick(campaign: "spring"),
            ],
            orientation: .landscape,
            image: .pending,
            zip: .fails,
            extras: ["key": "value", "emoji": "🎉", "newline": "a\nb"],
            delay: VirtualTime(milliseconds: 1250),
            timeout: .seconds(90),
            reeligibility: .seconds(3600),
            isTestSend: true
        ),
        InAppMessage(id: "html_1", type: .html, priority: -1, triggers: [.sessionStart], zip: .succeeds),
        InAppMessage(id: "full", type: .full, triggers: [.sessionStart], orientation: .portrait, image: .succeeds),
        InAppMessage(id: "modal", type: .modal, triggers: [.sessionStart], timeout: .zero),
        InAppMessage(
            id: "campaign",
            triggers: [.sessionStart],
            image: .fails,
            zip: .pending,
            minimumTriggerInterval: .seconds(5),
            start: .seconds(10),
            end: VirtualTime(milliseconds: 20500),
            isControl: true,
            imageOnLaterDeliveries: [.succeeds, .pending],
            zipOnLaterDeliveries: [.fails]
        ),
    ]

    static let setups = [
        EngineSetup(caseID: "empty", profile: .brazeSwift, configuration: EngineConfiguration(), messages: []),
        EngineSetup(
            caseID: "trigger.every-field",
            profile: .appboyLegacy,
            configuration: EngineConfiguration(
                minimumTriggerInterval: .seconds(0),
                device: .tablet,
                orientation: .landscape,
                delegate: .implemented
            ),
            messages: messages
        ),
    ]

    static let properties: [String: PropertyValue] = [
        "s": .string("text"), "i": .integer(-42), "r": .real(5.0), "b": .boolean(false),
        "t": .time(VirtualTime(milliseconds: 999)), "big": .integer(Int64.max),
    ]

    /// One of each kind that takes no value, made from its description, and each kind with values
    /// in its several forms.
    static let stimuli: [Stimulus] =
        StimulusKind.all.filter(\.fields.isEmpty).map { $0.make([]) } + [
            .sessionStarted(syncPending: false), .sessionStarted(syncPending: true),
            .customEvent(CustomEvent(name: "e")),
            .customEvent(CustomEvent(name: "e", properties: properties, source: .api)),
            .purchase(Purchase(product: "gem")),
            .purchase(Purchase(product: "gem", price: 9.99, properties: properties, source: .api)),
            .purchase(Purchase(product: "gem", price: 3)), .pushClicked(campaign: nil),
            .pushClicked(campaign: "spring"),
            .appOpenedFromPush(campaign: nil), .appOpenedFromPush(campaign: "spring"),
            .timeAdvanced(by: VirtualTime(milliseconds: 1)), .timeAdvanced(by: .seconds(7200)),
            .deviceRotated(to: .landscape), .deviceRotated(to: .portrait),
            .assetDownloadSettled(message: "m", succeeded: true),
            .assetDownloadSettled(message: "m", succeeded: false), .delegateChoiceSet(message: "m", choice: .now),
            .delegateChoiceSet(message: "m", choice: .later), .delegateChoiceSet(message: "m", choice: .discard),
            .delegateChoiceSet(message: "m", choice: .rollback), .messageDismissed("m"), .messageClicked("m"),
            .localMessagePresented(InAppMessage(id: "local", type: .full, image: .succeeds, extras: ["a": "b"])),
            .userChanged(to: "user-2"),
        ]

    static let observations: [Observation] =
        [
            .displayed("m", extras: [:]), .displayed("m", extras: ["k": "v", "quote": "\"", "tab": "\t"]),
            .rolledBack("m"), .dismissed("m"), .noMatchingTrigger(.sessionStart),
            .noMatchingTrigger(.customEvent(name: "e")),
            .noMatchingTrigger(.purchase(product: "gem")), .noMatchingTrigger(.pushClick(campaign: nil)),
            .noMatchingTrigger(.pushClick(campaign: "c")), .impressionLogged("m"), .clickLogged("m"), .stack([]),
            .stack(["top", "bottom"]),
        ] + StackReason.allCases.map { .stacked("m", reason: $0) }
        + DiscardReason.allCases.map { .discarded("m", reason: $0) }
}
