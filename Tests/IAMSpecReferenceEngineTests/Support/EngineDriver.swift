import IAMSpec
import IAMSpecReferenceEngine

/// A reference engine under test, with short names for the stimuli the tests send.
struct EngineDriver {
    private var engine: ReferenceEngine

    /// An engine for the profile, configuration and delivered messages.
    init(
        _ messages: [InAppMessage],
        profile: Profile = .brazeSwift,
        configuration: EngineConfiguration = EngineConfiguration()
    ) throws {
        engine = try ReferenceEngine(
            setup: EngineSetup(caseID: "test", profile: profile, configuration: configuration, messages: messages)
        )
    }

    /// An engine with two messages, `a` triggered by `tap` and `b` by `other`, and no minimum
    /// interval, whose session has started and `tap` put `a` on screen.
    static func showingA(profile: Profile = .brazeSwift) throws -> EngineDriver {
        var engine = try EngineDriver(
            [onEvent("a"), onEvent("b", "other")],
            profile: profile,
            configuration: interval(0)
        )
        try engine.startSession()
        try engine.event("tap")
        return engine
    }

    /// Sends one stimulus and returns what it caused.
    @discardableResult
    mutating func send(_ stimulus: Stimulus) throws -> [Observation] {
        try engine.handle(stimulus)
    }

    @discardableResult
    mutating func startSession() throws -> [Observation] {
        try send(.sessionStarted(syncPending: false))
    }

    @discardableResult
    mutating func event(
        _ name: String,
        _ properties: [String: PropertyValue] = [:],
        source: EventSource = .sdk
    ) throws -> [Observation] {
        try send(.customEvent(CustomEvent(name: name, properties: properties, source: source)))
    }

    @discardableResult
    mutating func purchase(
        _ product: String,
        _ properties: [String: PropertyValue] = [:],
        source: EventSource = .sdk
    ) throws -> [Observation] {
        try send(.purchase(Purchase(product: product, properties: properties, source: source)))
    }

    @discardableResult
    mutating func pushClick(campaign: String? = nil) throws -> [Observation] {
        try send(.pushClicked(campaign: campaign))
    }

    @discardableResult
    mutating func advance(_ seconds: Int64) throws -> [Observation] {
        try send(.timeAdvanced(by: .seconds(seconds)))
    }

    @discardableResult
    mutating func advance(milliseconds: Int64) throws -> [Observation] {
        try send(.timeAdvanced(by: VirtualTime(milliseconds: milliseconds)))
    }

    @discardableResult
    mutating func dismiss(_ id: MessageID) throws -> [Observation] {
        try send(.messageDismissed(id))
    }

    @discardableResult
    mutating func click(_ id: MessageID) throws -> [Observation] {
        try send(.messageClicked(id))
    }

    @discardableResult
    mutating func displayNext() throws -> [Observation] {
        try send(.displayNextRequested)
    }

    @discardableResult
    mutating func choose(_ choice: DisplayChoice, for id: MessageID) throws -> [Observation] {
        try send(.delegateChoiceSet(message: id, choice: choice))
    }

    @discardableResult
    mutating func settleAssets(of id: MessageID, succeeded: Bool) throws -> [Observation] {
        try send(.assetDownloadSettled(message: id, succeeded: succeeded))
    }

    /// The stack, top first, as a stack inspection answers it.
    mutating func stack() throws -> [MessageID] {
        let answer = try send(.stackInspected)
        guard answer.count == 1, case .stack(let ids) = answer[0] else {
            throw EngineError("stack inspection answered \(answer)")
        }
        return ids
    }
}

/// The observations of a display of a triggered message: on screen, then its impression.
func shown(_ id: MessageID, extras: [String: String] = [:]) -> [Observation] {
    [.displayed(id, extras: extras), .impressionLogged(id)]
}

/// What a custom event causes when no message that may be triggered matches it: the
/// no-matching-trigger callback alone.
func unmatched(_ name: String) -> [Observation] {
    [.noMatchingTrigger(.customEvent(name: name))]
}

/// A configuration with the given minimum trigger interval, in seconds.
func interval(_ seconds: Int64) -> EngineConfiguration {
    EngineConfiguration(minimumTriggerInterval: .seconds(seconds))
}
