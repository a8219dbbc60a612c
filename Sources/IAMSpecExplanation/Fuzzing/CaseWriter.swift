import IAMSpec
import IAMSpecRunner

/// Writes a diverging scenario as a ready-to-commit YAML case (the format of `Specs/README.md`).
///
/// The expectations are the first engine's observations: after each stimulus that caused any,
/// and after the last one (the divergence), an `expect` with the window's `sequence`, naming
/// analytics and callback observations as they were made. At the divergence, when the second
/// engine's extra analytics or callbacks would slip past that sequence (a sequence compares a
/// channel only when it names one of its observations), an `absent` for them is added.
package struct CaseWriter {
    package var id: String
    package var title: String
    /// Rule ids of `Specs/rules.yaml` the case checks.
    package var rules: [String]
    /// Comment lines written above the case (without `# `), each shown as one line whatever it
    /// holds (`QuotedText.line`).
    package var comments: [String]
    /// The path of `schema.json` relative to the file written, for the editor modeline.
    package var schemaPath: String
    /// The behavioural capabilities the case declares it needs (`requires`), in name order.
    package var requires: [Capability] = []
    /// Whether the case may cite a rule besides ``rules``, for an observation it expects
    /// (`CitableRules`): all may unless told.
    package var citable: (String) -> Bool = { _ in true }
    /// The steps before the last after which an `expect` is written, each checking the window
    /// since the previous one (``MergedWindows``); nil: after each step with observations.
    var expectationsAfter: Set<Int>?

    /// A behaviour's id as a part of a case id: a combination's ids joined by `-and-`, since a
    /// case id has no `+`.
    package static func idPart(naming behaviour: String) -> String {
        behaviour.replacing("+", with: "-and-")
    }

    package init(id: String, title: String, rules: [String], comments: [String], schemaPath: String) {
        self.id = id
        self.title = title
        self.rules = rules
        self.comments = comments
        self.schemaPath = schemaPath
    }

    /// The YAML file holding one case: the scenario with `expected`'s observations, written so
    /// that an engine answering like `actual` fails it.
    package func yaml(for scenario: Scenario, expected: ScenarioTrace, actual: ScenarioTrace) -> String {
        let (steps, caseRules) = expectationSteps(for: scenario, expected: expected, actual: actual)
        var lines = ["# yaml-language-server: $schema=\(schemaPath)"]
        // A comment quotes what the user gave (an engine command): one line, shown, never YAML.
        lines += comments.map { "# \(QuotedText.line($0))" }
        lines.append("- id: \(id)")
        lines.append("  title: \(YAMLDoubleQuoted.scalar(title))")
        lines.append("  rules: [\(caseRules.joined(separator: ", "))]")
        if !requires.isEmpty {
            lines.append("  requires: [\(requires.map(\.rawValue).sorted().joined(separator: ", "))]")
        }
        lines.append("  profiles: [\(scenario.profile.rawValue)]")
        let config = CaseSyntax.exact.configuration(scenario.configuration)
        if config != nil || !scenario.messages.isEmpty {
            lines.append("  given:")
            if let config { lines.append("    config: \(config)") }
            if !scenario.messages.isEmpty {
                lines.append("    messages:")
                lines += scenario.messages.map { "      - \(CaseSyntax.exact.message($0))" }
            }
        }
        lines.append("  steps:")
        lines += steps.map { "    - \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The steps: each stimulus, and an `expect` after each non-empty window and after the last;
    /// and the case's rules: ``rules``, and the rule an expected observation is about where none of
    /// them is (``PatternSubjects``), which then each `expect` names with the case's own.
    /// A stack inspection is left out: a case asks for one with an expectation's `stack`.
    private func expectationSteps(
        for scenario: Scenario,
        expected: ScenarioTrace,
        actual: ScenarioTrace
    ) -> (steps: [String], rules: [String]) {
        var expectations: [(stepIndex: Int, expectation: Expectation, subjects: [String])] = []
        var steps: [String] = []
        var caseRules = rules
        let answered = min(scenario.stimuli.count, expected.windows.count)
        var pending: [Observation] = []
        for index in 0..<answered {
            let stimulus = scenario.stimuli[index]
            if case .stackInspected = stimulus { continue }
            steps.append(CaseSyntax.exact.step(stimulus))
            pending += expected.windows[index]
            let isLast = index == answered - 1
            guard isLast || (expectationsAfter?.contains(index) ?? !pending.isEmpty) else { continue }
            let window = pending
            pending = []
            var expectation = Expectation(sequence: window.compactMap(ObservationPattern.init(matching:)))
            if isLast, index < actual.windows.count {
                let slipping = Self.channelsSlippingPast(window, actual.windows[index])
                if !slipping.isEmpty { expectation.absent = slipping }
            }
            let subjects = PatternSubjects.missing(for: expectation.sequence ?? [], filedUnder: rules, usable: citable)
            caseRules += subjects.filter { !caseRules.contains($0) }
            expectations.append((steps.count, expectation, subjects))
            steps.append("")
        }
        for (stepIndex, var expectation, subjects) in expectations {
            if caseRules.count > 1 { expectation.rules = rules + subjects }
            steps[stepIndex] = CaseSyntax.exact.expectation(expectation)
        }
        return (steps, caseRules)
    }

    /// The `absent` patterns needed so that `actual` fails where a sequence of `expected` alone
    /// would let it pass: analytics or callbacks the sequence does not compare.
    private static func channelsSlippingPast(
        _ expected: [Observation],
        _ actual: [Observation]
    ) -> [ObservationPattern] {
        let named = Set(expected.compactMap(\.channel)).union([.delivery])
        let compared = { (window: [Observation]) in window.filter { $0.channel.map(named.contains) ?? false } }
        guard compared(expected) == compared(actual) else { return [] }
        var patterns: [ObservationPattern] = []
        if !named.contains(.analytics), actual.contains(where: { $0.channel == .analytics }) {
            patterns += [.impressionLogged(.any), .clickLogged(.any)]
        }
        if !named.contains(.callbacks), actual.contains(where: { $0.channel == .callbacks }) {
            patterns.append(.noMatchingTrigger(nil))
        }
        if !named.contains(.dismissals), actual.contains(where: { $0.channel == .dismissals }) {
            patterns.append(.dismissed(.any))
        }
        return patterns
    }
}

extension ObservationPattern {
    /// The pattern that matches exactly this observation; nil for a stack answer, which no
    /// pattern matches (a `sequence` does not compare it).
    init?(matching observation: Observation) {
        switch observation {
        case .displayed(let message, let extras): self = .displayed(.id(message), extras: extras)
        case .stacked(let message, let reason): self = .stacked(.id(message), reason: reason)
        case .discarded(let message, let reason): self = .discarded(.id(message), reason: reason)
        case .rolledBack(let message): self = .rolledBack(.id(message))
        case .dismissed(let message): self = .dismissed(.id(message))
        case .noMatchingTrigger(let event): self = .noMatchingTrigger(event)
        case .impressionLogged(let message): self = .impressionLogged(.id(message))
        case .clickLogged(let message): self = .clickLogged(.id(message))
        case .stack: return nil
        }
    }
}
