import IAMSpec
import IAMSpecReferenceEngine

/// Generates random valid scenarios from a seed: messages with triggers, filters, priorities,
/// orientations, assets and delays; stimuli with events, time advances, app state and orientation
/// changes, delegate choices, dismissals and clicks.
///
/// Values are drawn from small pools around the rules' boundaries (a filter operand of 5 against
/// properties 4, 5, 5.0, 6 and "5"; advances just under, at and over the delays and intervals), so
/// that short scenarios reach the corners where engines differ. The same seed always gives the
/// same scenarios. A reference engine follows the stimuli as they are generated, so dismissals
/// and clicks mostly name the message actually on screen.
package struct ScenarioGenerator {
    private var random: SplitMix64
    private let profiles: [Profile]
    private let capabilities: Set<Capability>

    /// A generator for engines that support these profiles and capabilities.
    package init(seed: UInt64, profiles: Set<Profile>, capabilities: Set<Capability>) {
        random = SplitMix64(seed: seed)
        self.profiles = profiles.sorted()
        self.capabilities = capabilities
    }

    /// The next scenario.
    package mutating func next() -> Scenario {
        let profile = random.pick(profiles)
        let configuration = makeConfiguration()
        // Two messages or more compete on priority: an engine without it gets one.
        let count = can(.priority) ? 1 + random.below(4) : 1
        let messages = (1...count).map { makeMessage(id: "m\($0)", under: profile) }
        var scenario = Scenario(profile: profile, configuration: configuration, messages: messages, stimuli: [])
        var follower = Follower(scenario: scenario)
        // Only steps in a state the documents define them for (`foreground` after `background`, ...).
        var states = DocumentedStates(messages: messages)
        // A delegate's answer set before anything happens applies to the very first display.
        if random.chance(50), let choice = makeDelegateChoice(for: scenario) {
            follower.send(choice, to: &scenario)
        }
        if random.chance(90) {
            let pending = can(.sessionSync) && random.chance(20)
            states.send(.sessionStarted(syncPending: pending))
            follower.send(.sessionStarted(syncPending: pending), to: &scenario)
        }
        for _ in 0..<(3 + random.below(18)) {
            guard let stimulus = makeStimulus(for: scenario, follower: follower), states.allows(stimulus) else {
                continue
            }
            states.send(stimulus)
            follower.send(stimulus, to: &scenario)
            // An engine without a click's follow-up sees the clicked message leave at once, so
            // that nothing presented meets it on screen.
            if case .messageClicked(let id) = stimulus, !can(.clickFollowUp) {
                follower.send(.messageDismissed(id), to: &scenario)
            }
        }
        return scenario
    }

    private func can(_ capability: Capability) -> Bool {
        capabilities.contains(capability)
    }

    // MARK: Setup

    private mutating func makeConfiguration() -> EngineConfiguration {
        let interval = VirtualTime.seconds(random.pick([0, 5, 30, 30]))
        return EngineConfiguration(
            minimumTriggerInterval: can(.minimumInterval) ? interval : .zero,
            device: can(.orientation) && random.chance(15) ? .tablet : .phone,
            orientation: can(.orientation) && random.chance(25) ? .landscape : .portrait,
            delegate: can(.delegate) && random.chance(30) ? .implemented : .absent
        )
    }

    private mutating func makeMessage(id: MessageID, under profile: Profile) -> InAppMessage {
        var message = InAppMessage(id: id)
        message.triggers = (0..<(random.chance(20) ? 2 : 1)).map { _ in makeTrigger() }
        if random.chance(20) {
            // An image-only modal without an image is discarded: an asset rule.
            message.type = random.pick(can(.assets) ? [.modal, .modalImage, .full, .html] : [.modal, .full, .html])
        }
        if can(.priority), random.chance(40) { message.priority = Double(random.pick([1, 2, 2, 3])) }
        if can(.orientation), random.chance(20) { message.orientation = random.pick([.portrait, .landscape]) }
        if random.chance(20) { message.image = makeAssetOutcome() }
        if needsAnImage(message, under: profile) { message.image = .succeeds }
        if message.type == .html, random.chance(30) { message.zip = makeAssetOutcome() }
        if can(.extras), random.chance(10) { message.extras = ["key": random.pick(["value", "5", ""])] }
        if can(.delay), random.chance(25) { message.delay = .seconds(random.pick([5, 10, 30, 40])) }
        if can(.timeout), random.chance(15) { message.timeout = .seconds(random.pick([5, 20, 45, 60])) }
        if can(.reeligibility), random.chance(15) { message.reeligibility = .seconds(random.pick([10, 60])) }
        message.isTestSend = can(.testSends) && random.chance(8)
        return message
    }

    /// Whether the message, without an image, would be discarded under the profile for want of one
    /// (`missing_image`, a `full` message under `appboy-legacy`) by an engine that judges downloads,
    /// and the engine judges none: an asset rule it lacks, on which no scenario may rest (the
    /// reference engine, which has it, would answer otherwise). It is given an image that arrives.
    private func needsAnImage(_ message: InAppMessage, under profile: Profile) -> Bool {
        guard !can(.assets), message.image == nil, message.type == .full else { return false }
        return DeliveryRules.reference(for: profile).profile.discardsImageMessagesWithoutImage
    }

    private mutating func makeAssetOutcome() -> AssetOutcome {
        can(.assets) ? random.pick([.succeeds, .fails, .pending]) : .succeeds
    }

    /// A trigger of a kind the engines have; a session start trigger when they have none.
    private mutating func makeTrigger() -> Trigger {
        let kinds: [(Capability, Int)] = [
            (.triggerSessionStart, 3), (.triggerAnyPurchase, 1), (.triggerPurchase, 2), (.triggerCustomEvent, 5),
            (.triggerPushClick, 2),
        ]
        let weights = kinds.map { can($0.0) ? $0.1 : 0 }
        guard weights.contains(where: { $0 > 0 }) else { return .sessionStart }
        return switch random.weighted(weights) {
        case 0: .sessionStart
        case 1: .anyPurchase
        case 2: .specificPurchase(product: random.pick(["gem", "coin"]), filters: makeFilters())
        case 3: .customEvent(name: random.pick(["tap", "tap", "level"]), filters: makeFilters())
        default: .pushClick(campaign: random.chance(50) ? nil : random.pick(["spring", "fall"]))
        }
    }

    private mutating func makeFilters() -> PropertyFilters {
        guard can(.propertyFilters), random.chance(45) else { return PropertyFilters() }
        let groups = (0..<(1 + random.below(2))).map { _ in
            (0..<(random.chance(25) ? 2 : 1)).map { _ in makeCondition() }
        }
        return PropertyFilters(groups: groups)
    }

    private mutating func makeCondition() -> PropertyCondition {
        let comparisons: [(String, PropertyComparison)] = [
            ("count", .equals(random.pick([.integer(5), .string("5"), .real(5.5)]))),
            ("count", .notEquals(.integer(5))),
            ("count", .greaterThan(5)),
            ("count", .lessThan(5)),
            ("count", .atLeast(5)),
            ("count", .atMost(5)),
            ("label", .matches(regex: random.pick(["ab", "^ab$", "b+"]))),
            ("label", .doesNotMatch(regex: "ab")),
            ("label", .equals(.string("ab"))),
            ("label", .exists),
            ("label", .doesNotExist),
            ("when", .withinLast(.seconds(10))),
            ("when", .moreThanAgo(.seconds(10))),
            ("when", .lessThanInFuture(.seconds(10))),
            ("when", .moreThanInFuture(.seconds(10))),
        ]
        let (property, comparison) = random.pick(comparisons)
        return PropertyCondition(property: property, comparison: comparison)
    }

    // MARK: Stimuli

    private mutating func makeStimulus(for scenario: Scenario, follower: Follower) -> Stimulus? {
        let ids = scenario.messages.map(\.id)
        // Mostly the message on screen; sometimes another, which a dismissal or click must not affect.
        let onScreen = follower.visible.flatMap { random.chance(75) ? $0 : nil } ?? random.pick(ids)
        let kinds = [
            22, 6, 5, 16, 4, 4, 3, 3, 8, 9, 6, 4, 3, 2, 2, 2, 3, 4, 4,
        ]
        switch random.weighted(kinds) {
        case 0:
            // Often the same event again: re-eligibility, the interval and in-flight messages
            // are about an event that comes back.
            let earlier = scenario.stimuli.filter { if case .customEvent = $0 { true } else { false } }
            guard earlier.isEmpty || random.chance(60) else { return random.pick(earlier) }
            return .customEvent(makeCustomEvent(at: follower.now))
        case 1: return .purchase(makePurchase(at: follower.now))
        case 2:
            guard can(.pushClick) else { return nil }
            return .pushClicked(campaign: random.chance(50) ? nil : random.pick(["spring", "fall"]))
        case 3: return .timeAdvanced(by: .seconds(random.pick([1, 4, 5, 6, 10, 25, 29, 30, 31, 40, 60])))
        case 4: return can(.appLifecycle) ? .appBackgrounded : nil
        case 5: return can(.appLifecycle) ? .appForegrounded : nil
        case 6: return can(.orientation) ? .deviceRotated(to: random.pick([.portrait, .landscape])) : nil
        case 7: return can(.keyboard) ? random.pick([.keyboardShown, .keyboardHidden]) : nil
        case 8: return makeDelegateChoice(for: scenario)
        case 9: return .messageDismissed(onScreen)
        case 10: return .messageClicked(onScreen)
        case 11: return can(.displayNext) ? .displayNextRequested : nil
        case 12: return makeLocalMessage(for: scenario)
        case 13: return can(.userChange) ? .userChanged(to: "other") : nil
        case 14: return can(.appLifecycle) ? .appRelaunched : nil
        case 15: return .sessionEnded
        case 16: return .sessionStarted(syncPending: can(.sessionSync) && random.chance(20))
        case 17: return can(.sessionSync) ? .sessionSyncCompleted : nil
        default:
            guard can(.assets) else { return nil }
            let pending = scenario.messages.filter { $0.image == .pending || $0.zip == .pending }.map(\.id)
            let settled = pending.isEmpty || random.chance(20) ? random.pick(ids) : random.pick(pending)
            return .assetDownloadSettled(message: settled, succeeded: random.chance(60))
        }
    }

    private mutating func makeCustomEvent(at now: VirtualTime) -> CustomEvent {
        CustomEvent(
            name: random.pick(["tap", "tap", "level", "other"]),
            properties: makeProperties(at: now),
            source: random.chance(8) ? .api : .sdk
        )
    }

    private mutating func makePurchase(at now: VirtualTime) -> Purchase {
        Purchase(
            product: random.pick(["gem", "coin"]),
            properties: makeProperties(at: now),
            source: random.chance(8) ? .api : .sdk
        )
    }

    private mutating func makeProperties(at now: VirtualTime) -> [String: PropertyValue] {
        var properties: [String: PropertyValue] = [:]
        if random.chance(60) {
            properties["count"] = random.pick([.integer(4), .integer(5), .real(5.0), .integer(6), .string("5")])
        }
        if random.chance(40) { properties["label"] = .string(random.pick(["ab", "xaby", "bb", "5"])) }
        if random.chance(30) {
            let offset = VirtualTime.seconds(random.pick([-20, -10, -5, 0, 5, 10, 20]))
            properties["when"] = .time(max(.zero, now + offset))
        }
        return properties
    }

    private mutating func makeDelegateChoice(for scenario: Scenario) -> Stimulus? {
        guard scenario.configuration.delegate == .implemented else { return nil }
        var choices: [DisplayChoice] = [.now, .later, .later, .discard]
        if scenario.profile == .appboyLegacy { choices += [.rollback, .rollback] }
        let answers: [DisplayChoice: Capability] = [
            .now: .delegateNow, .later: .delegateLater, .discard: .delegateDiscard, .rollback: .delegateRollback,
        ]
        choices = choices.filter { can(answers[$0] ?? .delegate) }
        guard !choices.isEmpty else { return nil }
        return .delegateChoiceSet(message: random.pick(scenario.messages.map(\.id)), choice: random.pick(choices))
    }

    private mutating func makeLocalMessage(for scenario: Scenario) -> Stimulus? {
        guard can(.localMessages) else { return nil }
        let count = scenario.stimuli.filter {
            if case .localMessagePresented = $0 { true } else { false }
        }.count
        var message = InAppMessage(id: "local\(count + 1)", type: random.pick([.slideup, .modal, .full]))
        if needsAnImage(message, under: scenario.profile) { message.image = .succeeds }
        if can(.extras), random.chance(30) { message.extras = ["origin": "app"] }
        if can(.orientation), random.chance(20) { message.orientation = .landscape }
        return .localMessagePresented(message)
    }
}

/// A reference engine that follows a scenario as it is generated, to know the time and the
/// message on screen.
private struct Follower {
    private var engine: ReferenceEngine?
    private(set) var now = VirtualTime.zero
    private(set) var visible: MessageID?

    init(scenario: Scenario) {
        engine = try? ReferenceEngine(setup: scenario.setup(caseID: "generator"))
    }

    mutating func send(_ stimulus: Stimulus, to scenario: inout Scenario) {
        scenario.stimuli.append(stimulus)
        if case .timeAdvanced(let span) = stimulus { now = now + span }
        if case .messageDismissed(let id) = stimulus, id == visible { visible = nil }
        if case .appRelaunched = stimulus { visible = nil }
        if case .userChanged = stimulus { visible = nil }
        for observation in (try? engine?.handle(stimulus)) ?? [] {
            if case .displayed(let id, _) = observation { visible = id }
        }
    }
}
