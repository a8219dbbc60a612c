import IAMSpec

/// Shrinks a scenario on which two engines diverge to a smaller one on which they still diverge.
///
/// It tries, until none helps: cutting the stimuli after the divergence, dropping each stimulus,
/// dropping each message (with the steps that name it), resetting each setting of the setup, the
/// messages and the stimuli to its default (but the minimum interval of a second engine that has
/// none), shortening time advances, and joining two advances in a row into one. A change is kept when
/// the scenario stays well formed and the engines still diverge with the first engine answering
/// every stimulus up to the divergence.
///
/// Given the engine a case of the scenario expects the answers of (``clearOf``, the reference
/// rules, where the first engine is them with an engine's known behaviours), it also makes that
/// engine's first difference from the second the one kept, where the scenario as found reaches
/// another (a known one) first: among the changes that keep the difference, one that brings it
/// nearer is taken first, then time let pass after the first step whose answers differ (one that
/// logs an impression later), and once it is reached only changes that keep it are.
package struct ScenarioShrinker {
    private let engine: any EngineProvider
    private let against: any EngineProvider
    /// Whether a smaller scenario is kept only when the engines first differ on it as they did on
    /// the scenario shrunk (``FirstDifference``), not in another way.
    private let keepsTheDifference: Bool
    /// Another engine `against` must stay apart from too, wherever it first differs from it.
    private let alsoApartFrom: (any EngineProvider)?
    /// The engine whose first difference from `against` should be the difference kept, at its
    /// step and in its way (with ``keepsTheDifference``).
    private let clearOf: (any EngineProvider)?
    /// Two engines that must answer the scenario alike up to the divergence: the reference rules
    /// as the engine has them (without what it lacks) and as a case is judged (with every
    /// capability), so that the answers rest on nothing the engine lacks.
    private let agreeing: (any EngineProvider, any EngineProvider)?

    /// A shrinker keeping `engine` and `against` apart, with `keepingTheDifference` in the way
    /// they first differ, and, given `alsoApartFrom`, `against` apart from that engine too; given
    /// `clearOf`, that engine's first difference from `against` made the one kept where it can be;
    /// given `agreeing`, only scenarios those two engines answer alike up to the divergence.
    package init(
        engine: any EngineProvider,
        against: any EngineProvider,
        keepingTheDifference: Bool = false,
        alsoApartFrom: (any EngineProvider)? = nil,
        clearOf: (any EngineProvider)? = nil,
        agreeing: (any EngineProvider, any EngineProvider)? = nil
    ) {
        self.engine = engine
        self.against = against
        self.keepsTheDifference = keepingTheDifference
        self.alsoApartFrom = alsoApartFrom
        self.clearOf = keepingTheDifference ? clearOf : nil
        self.agreeing = agreeing
    }

    /// The index of the stimulus at which the engines first answer differently, when the first
    /// engine answers it (so a case can state what it should be); nil otherwise.
    package func divergence(in scenario: Scenario) -> Int? {
        difference(in: scenario)?.index
    }

    /// How far a scenario's first difference between ``clearOf`` and `against` is from the one
    /// kept, as a case of it checks them (``MergedWindows``: answers that only come at another step
    /// are checked together): 0 when it is that one (its step, its way); else the steps from the
    /// first answers left unmatched before it plus one (at the step, but another way: 1);
    /// `Int.max` when ``clearOf`` answers as `against` does at it.
    static func distance(
        from kept: FirstDifference,
        at index: Int,
        of scenario: Scenario,
        clear: ScenarioTrace,
        actual: ScenarioTrace
    ) -> Int {
        guard index < clear.windows.count, index < actual.windows.count else { return Int.max }
        if let unmatched = MergedWindows(clear, actual, before: index).firstUnmatched {
            return index - unmatched + 1
        }
        guard clear.windows[index] != actual.windows[index] else { return Int.max }
        return FirstDifference(at: index, of: scenario, expected: clear, actual: actual).signature == kept.signature
            ? 0 : 1
    }

    /// Where the engines first answer differently, how (when the shrinker keeps it), and how far
    /// ``clearOf``'s first difference is from it (0 without ``clearOf``).
    private func difference(in scenario: Scenario) -> (index: Int, how: FirstDifference?, distance: Int)? {
        guard scenario.isWellFormed else { return nil }
        let expected = ScenarioTrace(running: scenario, on: engine)
        let actual = ScenarioTrace(running: scenario, on: against)
        guard let index = expected.firstDivergence(from: actual), index < expected.windows.count else { return nil }
        if let other = alsoApartFrom {
            let otherTrace = ScenarioTrace(running: scenario, on: other)
            guard let apart = otherTrace.firstDivergence(from: actual), apart < otherTrace.windows.count else {
                return nil
            }
        }
        if let (lacking, full) = agreeing {
            let answers = { (provider: any EngineProvider) in
                ScenarioTrace(running: scenario, on: provider).windows.prefix(index + 1)
            }
            guard answers(lacking) == answers(full) else { return nil }
        }
        let how =
            keepsTheDifference ? FirstDifference(at: index, of: scenario, expected: expected, actual: actual) : nil
        guard let clearOf, let how else { return (index, how, 0) }
        let clear = ScenarioTrace(running: scenario, on: clearOf)
        return (index, how, Self.distance(from: how, at: index, of: scenario, clear: clear, actual: actual))
    }

    /// The smallest diverging scenario found from `scenario`, which must diverge.
    package func shrink(_ scenario: Scenario) -> Scenario {
        var current = scenario
        guard let original = difference(in: current) else { return scenario }
        var index = original.index
        var distance = original.distance
        current.stimuli.removeSubrange((index + 1)...)
        var improved = true
        while improved {
            improved = false
            // The first change that keeps the difference and comes no farther from ``clearOf``'s;
            // one that comes nearer is taken before it, once the difference is not yet reached.
            var taken: (scenario: Scenario, index: Int, distance: Int)?
            for candidate in simplifications(of: current) where candidate.size < current.size {
                guard let found = difference(in: candidate), found.how == original.how, found.distance <= distance
                else { continue }
                if taken == nil { taken = (candidate, found.index, found.distance) }
                if found.distance < distance || distance == 0 {
                    taken = (candidate, found.index, found.distance)
                    break
                }
            }
            if distance > 1, taken.map({ $0.distance >= distance }) ?? true,
                let nearer = retimed(
                    current,
                    unmatchedAt: index - distance + 1,
                    within: distance,
                    keeping: original.how
                )
            {
                taken = nearer
            }
            if let taken {
                current = taken.scenario
                index = taken.index
                distance = taken.distance
                current.stimuli.removeSubrange((index + 1)...)
                improved = true
            }
        }
        return current
    }

    /// The scenario with time let pass after the step whose answers are the first left unmatched
    /// (a known difference of timing: an impression logged once the message was 5 s on screen),
    /// when that brings ``clearOf``'s first difference nearer the one kept; nil when no span does.
    private func retimed(
        _ scenario: Scenario,
        unmatchedAt step: Int,
        within distance: Int,
        keeping how: FirstDifference?
    ) -> (scenario: Scenario, index: Int, distance: Int)? {
        guard step >= 0, step < scenario.stimuli.count else { return nil }
        for seconds: Int64 in [5, 30] {
            var later = scenario
            later.stimuli.insert(.timeAdvanced(by: .seconds(seconds)), at: step + 1)
            guard let found = difference(in: later), found.how == how, found.distance < distance else { continue }
            return (later, found.index, found.distance)
        }
        return nil
    }

    // MARK: Candidates, boldest first

    private func simplifications(of scenario: Scenario) -> [Scenario] {
        var candidates: [Scenario] = []
        for index in scenario.stimuli.indices.reversed() {
            var smaller = scenario
            smaller.stimuli.remove(at: index)
            candidates.append(smaller)
        }
        for message in scenario.messages where scenario.messages.count > 1 {
            candidates.append(scenario.removing(message.id))
        }
        let lacksInterval = !against.description.capabilities.contains(.minimumInterval)
        for configuration in scenario.configuration.simplifications
        where !lacksInterval || configuration.minimumTriggerInterval == scenario.configuration.minimumTriggerInterval {
            // An engine without a minimum interval is given none: the default 30 s would be a
            // setting it does not have, and the case would then rest on it.
            var smaller = scenario
            smaller.configuration = configuration
            candidates.append(smaller)
        }
        for (index, message) in scenario.messages.enumerated() {
            for simpler in message.simplifications {
                var smaller = scenario
                smaller.messages[index] = simpler
                candidates.append(smaller)
            }
        }
        for (index, stimulus) in scenario.stimuli.enumerated() {
            for simpler in stimulus.simplifications {
                var smaller = scenario
                smaller.stimuli[index] = simpler
                candidates.append(smaller)
            }
        }
        // Two time advances in a row as one (`advance: 20; advance: 10` as `advance: 30`).
        for index in scenario.stimuli.indices.dropLast() {
            guard case .timeAdvanced(let first) = scenario.stimuli[index],
                case .timeAdvanced(let second) = scenario.stimuli[index + 1]
            else { continue }
            let (sum, overflows) = first.milliseconds.addingReportingOverflow(second.milliseconds)
            guard !overflows else { continue }
            var smaller = scenario
            smaller.stimuli.replaceSubrange(
                index...(index + 1),
                with: [.timeAdvanced(by: VirtualTime(milliseconds: sum))]
            )
            candidates.append(smaller)
        }
        return candidates
    }
}

extension Scenario {
    /// The scenario without the message and the steps that name it.
    func removing(_ id: MessageID) -> Scenario {
        var smaller = self
        smaller.messages.removeAll { $0.id == id }
        smaller.stimuli.removeAll { stimulus in
            let (kind, values) = stimulus.parts
            return zip(kind.fields, values).contains { field, value in
                if case .message = field.content { value.text == id } else { false }
            }
        }
        return smaller
    }
}

extension EngineConfiguration {
    /// This configuration with one setting back at its default, for each setting that is not.
    var simplifications: [EngineConfiguration] {
        var results: [EngineConfiguration] = []
        let defaults = EngineConfiguration()
        if minimumTriggerInterval != defaults.minimumTriggerInterval {
            results.append(with { $0.minimumTriggerInterval = defaults.minimumTriggerInterval })
        }
        if device != defaults.device { results.append(with { $0.device = defaults.device }) }
        if orientation != defaults.orientation { results.append(with { $0.orientation = defaults.orientation }) }
        if delegate != defaults.delegate { results.append(with { $0.delegate = defaults.delegate }) }
        return results
    }

    private func with(_ change: (inout EngineConfiguration) -> Void) -> EngineConfiguration {
        var copy = self
        change(&copy)
        return copy
    }
}

extension InAppMessage {
    /// This message with one setting simpler, for each setting that can be.
    var simplifications: [InAppMessage] {
        var results: [InAppMessage] = []
        func add(_ change: (inout InAppMessage) -> Void) {
            var copy = self
            change(&copy)
            if copy != self { results.append(copy) }
        }
        if triggers.count > 1 {
            for index in triggers.indices { add { $0.triggers.remove(at: index) } }
        }
        for (index, trigger) in triggers.enumerated() {
            for simpler in trigger.simplifications { add { $0.triggers[index] = simpler } }
        }
        add { $0.type = .slideup }
        add { $0.priority = 0 }
        add { $0.orientation = .any }
        add { $0.image = nil }
        add { $0.zip = nil }
        add { $0.extras = [:] }
        add { $0.delay = .zero }
        add { $0.timeout = nil }
        add { $0.reeligibility = nil }
        add { $0.isTestSend = false }
        return results
    }
}

extension Trigger {
    /// This trigger with one filter group or condition fewer.
    var simplifications: [Trigger] {
        switch self {
        case .specificPurchase(let product, let filters):
            filters.simplifications.map { .specificPurchase(product: product, filters: $0) }
        case .customEvent(let name, let filters):
            filters.simplifications.map { .customEvent(name: name, filters: $0) }
        case .pushClick(.some):
            [.pushClick(campaign: nil)]
        case .anyPurchase, .sessionStart, .pushClick(.none):
            []
        }
    }
}

extension PropertyFilters {
    var simplifications: [PropertyFilters] {
        var results: [PropertyFilters] = []
        for (index, group) in groups.enumerated() {
            results.append(PropertyFilters(groups: groups.enumerated().filter { $0.offset != index }.map(\.element)))
            for condition in group.indices where group.count > 1 {
                var smaller = groups
                smaller[index].remove(at: condition)
                results.append(PropertyFilters(groups: smaller))
            }
        }
        return results
    }
}

extension Stimulus {
    /// This stimulus with one detail simpler, for each detail that can be: a value back to its
    /// field's default, a property fewer, a shorter span, a simpler local message.
    var simplifications: [Stimulus] {
        let (kind, values) = parts
        var results: [Stimulus] = []
        func with(_ value: StepValue, at index: Int) {
            var simpler = values
            simpler[index] = value
            results.append(kind.make(simpler))
        }
        for (index, (field, value)) in zip(kind.fields, values).enumerated() {
            switch value {
            case .properties(let properties):
                for key in properties.keys.sorted() {
                    var fewer = properties
                    fewer[key] = nil
                    with(.properties(fewer), at: index)
                }
            case .span(let span) where span > .seconds(1):
                let half = VirtualTime.seconds(max(1, span.milliseconds / 2000))
                for shorter in [VirtualTime.seconds(1), half, span - .seconds(1)] { with(.span(shorter), at: index) }
            case .span:
                break
            case .message(let message):
                for simpler in message.simplifications { with(.message(simpler), at: index) }
            case .text, .absent, .number:
                if let fallback = field.fallback, fallback != value { with(fallback, at: index) }
            }
        }
        return results
    }
}
