import IAMSpec

extension CaseDecoder {
    /// The checks an expectation may make; it makes one at least.
    static let expectationChecks = KeySet(["sequence", "contains", "absent", "stack"])
    /// The keys an expectation may hold: its checks, and the rules they check (`rules`), or those
    /// of the state the case sets up (`setup`).
    static let expectationKeys = KeySet(expectationChecks.names + ["rules", "setup"])
    /// The kinds a pattern may name, in the order of ``ObservationKind/patterns``.
    static let patternKinds = KeySet(ObservationKind.patterns.map(\.nameText))
    static let patternKeys = KeySet(patternKinds.names + ["extras", "reason"])
    /// The keys a pattern of each kind may hold, in the order of ``ObservationKind/patterns``.
    static let patternKindKeys = ObservationKind.patterns.map { KeySet([$0.nameText] + details(ofPattern: $0)) }

    /// The keys a pattern of this kind may hold beside its kind.
    static func details(ofPattern kind: ObservationKind) -> [String] {
        switch kind {
        case .displayed: ["extras"]
        case .stacked, .discarded: ["reason"]
        case .rolledBack, .dismissed, .noMatchingTrigger, .impressionLogged, .clickLogged, .stack: []
        }
    }

    /// The names the event of a `no_matching_trigger` pattern is written with, in the order an
    /// unknown one's diagnostic lists them.
    enum EventName: String, CaseIterable {
        case sessionStart = "session_start"
        case customEvent = "custom_event"
        case purchase
        case pushClick = "push_click"
    }

    static let eventNames = KeySet(EventName.allCases.map(\.rawValue))

    /// Said after each refusal of what a file written for 0.1.0 may hold.
    static let migrateHint = " (`iamspec migrate` rewrites a file written for iamspec 0.1.0)"

    /// `expect`: a mapping of checks, or `nothing` (short for `{sequence: []}`).
    mutating func expectation(_ node: YAMLNode) -> Expectation? {
        if let scalar = node.scalar, scalar.value == .string, scalar.hasText("nothing") {
            if let caseRules = scope.caseRules, caseRules.count > 1, !readsEarlierFormat {
                reader.report(
                    "expected 'expect: {sequence: [], rules: [...]}' (which of the case's "
                        + "\(caseRules.joined(separator: ", ")) this step checks) or 'setup: [...]' in a case with "
                        + "several rules, found 'nothing', which names no rule"
                        + Self.migrateHint,
                    at: node
                )
                return nil
            }
            return Expectation(sequence: [])
        }
        guard let mapping = node.mapping else {
            // A list of patterns is the commonest slip: it is what `sequence` takes.
            let hint = node.sequence != nil ? "; did you mean 'expect: {sequence: [...]}'?" : ""
            reader.report(
                "expected a mapping of checks or 'nothing' for 'expect', found \(node.summary)\(hint)",
                at: node
            )
            return nil
        }
        let problemsBefore = reader.diagnostics.count
        reader.checkKeys(mapping, Self.expectationKeys, in: "an expectation")
        if !mapping.entries.contains(where: { Self.expectationChecks.contains(key: $0.key) }) {
            reader.report(
                "expected at least one of \(Self.expectationChecks.listing) in an expectation, found none",
                at: node
            )
        }
        var expectation = Expectation()
        if let value = mapping["sequence"] {
            expectation.sequence = patterns(value, for: "'sequence'", nonEmpty: false)
        }
        if let value = mapping["contains"] { expectation.contains = patterns(value, for: "'contains'", nonEmpty: true) }
        if let value = mapping["absent"] { expectation.absent = patterns(value, for: "'absent'", nonEmpty: true) }
        if let value = mapping["stack"] {
            let ids = reader.list(value, for: "'stack'")?.map { messageReference($0, for: "'stack'") }
            expectation.stack = ids?.compactMap { $0 }
        }
        decodeCheckedRules(mapping, at: node, into: &expectation)
        guard reader.diagnostics.count == problemsBefore else { return nil }
        reportPatternsFiledOutsideTheirSubject(of: expectation, in: mapping)
        return reader.diagnostics.count == problemsBefore ? expectation : nil
    }

    /// Reports each expected pattern (in `sequence` or `contains`) whose step is filed under none
    /// of the rules whose subject it is (``PatternSubjects``): a run failing there would be shown
    /// failing rules that say nothing of that observation. The step's rules are its `rules` or
    /// `setup`, or the case's when it names neither; a rule the catalogue lacks is no subject.
    private mutating func reportPatternsFiledOutsideTheirSubject(of expectation: Expectation, in mapping: YAMLMapping) {
        guard let catalogue, let caseRules = scope.caseRules, !readsEarlierFormat else { return }
        let filedUnder = expectation.rules.isEmpty ? caseRules : expectation.rules
        let listed: [(key: StaticString, patterns: [ObservationPattern]?)] = [
            ("sequence", expectation.sequence), ("contains", expectation.contains),
        ]
        for (key, patterns) in listed {
            guard let patterns, let nodes = mapping[key]?.sequence, nodes.count == patterns.count else { continue }
            for (pattern, patternNode) in zip(patterns, nodes) {
                let subjects = PatternSubjects.rules(for: pattern).filter { catalogue.rules.rule($0) != nil }
                guard let proposed = subjects.first, !subjects.contains(where: filedUnder.contains) else { continue }
                let under =
                    expectation.rules.isEmpty
                    ? "the case's 'rules'" : expectation.isSetup ? "the step's 'setup'" : "the step's 'rules'"
                let fix =
                    expectation.isSetup
                    ? "add '\(proposed)' to the step's 'setup'"
                    : "add '\(proposed)' to the case's 'rules' and name it in the step's 'rules' (or, when the step "
                        + "only checks the state the case sets up, in its 'setup')"
                reader.report(
                    "found the observation '\(PatternSubjects.observation(pattern))' in a step filed under "
                        + "\(filedUnder.joined(separator: ", ")) (\(under)), none of which states it; expected one of "
                        + "the rules whose subject it is (\(subjects.joined(separator: ", "))), so that a run failing "
                        + "here is filed under it: \(fix)" + Self.migrateHint,
                    at: patternNode
                )
            }
        }
    }

    /// `rules` (some of the case's) or `setup` (the rules of the state the case sets up): one of
    /// them in a case with several rules, at most one anywhere.
    private mutating func decodeCheckedRules(
        _ mapping: YAMLMapping,
        at node: YAMLNode,
        into expectation: inout Expectation
    ) {
        let named = mapping["rules"]
        let setup = mapping["setup"]
        if let named, setup != nil {
            reader.report(
                "expected either 'rules' (what the case checks here) or 'setup' (the state it sets up) in an "
                    + "expectation, found both",
                at: named
            )
            return
        }
        guard let caseRules = scope.caseRules else { return }
        if let setup {
            expectation.rules = decodeRuleIDs(setup, under: "setup") ?? []
            expectation.isSetup = true
        } else if let named {
            let problemsBefore = reader.diagnostics.count
            expectation.rules = decodeRuleIDs(named) ?? []
            // An unknown rule is reported once, as unknown.
            if reader.diagnostics.count == problemsBefore, !readsEarlierFormat,
                let outside = expectation.rules.first(where: { !caseRules.contains($0) })
            {
                reader.report(
                    "expected rules of the case (\(caseRules.joined(separator: ", "))) in the expectation's 'rules', "
                        + "found '\(outside)'; a step that only checks the state the case sets up names its rules "
                        + "under 'setup'" + Self.migrateHint,
                    at: named
                )
            }
        } else if caseRules.count > 1, !readsEarlierFormat {
            reader.report(
                "expected 'rules' (which of the case's \(caseRules.joined(separator: ", ")) this step checks) or "
                    + "'setup' (the rules of the state the case sets up) in an expectation of a case with several "
                    + "rules, found neither" + Self.migrateHint,
                at: node
            )
        }
    }

    private mutating func patterns(
        _ node: YAMLNode,
        for subject: @autoclosure () -> String,
        nonEmpty: Bool
    ) -> [ObservationPattern]? {
        guard let items = reader.list(node, for: subject(), nonEmpty: nonEmpty) else { return nil }
        let patterns = items.compactMap { pattern($0) }
        return patterns.count == items.count ? patterns : nil
    }

    private mutating func pattern(_ node: YAMLNode) -> ObservationPattern? {
        guard let mapping = node.mapping else {
            reader.report(
                "expected an observation pattern (a mapping such as 'displayed: ID'), found \(node.summary)",
                at: node
            )
            return nil
        }
        var kind: (entry: YAMLMapping.Entry, position: Int)?
        for entry in mapping.entries {
            guard let position = Self.patternKinds.position(of: entry.key) else { continue }
            guard let first = kind else {
                kind = (entry, position)
                continue
            }
            reader.report(
                "expected one observation in a pattern, found '\(first.entry.name)' and '\(entry.name)'",
                at: entry.key
            )
            return nil
        }
        guard let kind else {
            reader.checkKeys(mapping, Self.patternKeys, in: "an observation pattern")
            reader.report(
                "missing the observation in a pattern; expected one of: \(Self.patternKinds.listing)",
                at: node
            )
            return nil
        }
        // The kind's name as the set holds it: the same text, not made anew.
        let name = Self.patternKinds.names[kind.position]
        reader.checkKeys(mapping, Self.patternKindKeys[kind.position], in: "a '\(name)' pattern")
        return pattern(ObservationKind.patterns[kind.position], kind.entry, named: name, in: mapping)
    }

    private mutating func pattern(
        _ kind: ObservationKind,
        _ entry: YAMLMapping.Entry,
        named name: String,
        in mapping: YAMLMapping
    ) -> ObservationPattern? {
        if kind == .noMatchingTrigger { return triggerEvent(entry.value).map { .noMatchingTrigger($0) } }
        guard let selector = selector(entry.value, for: "'\(name)'") else { return nil }
        switch kind {
        case .displayed:
            guard let value = mapping["extras"] else { return .displayed(selector, extras: nil) }
            let problemsBefore = reader.diagnostics.count
            let extras = stringMap(value, for: "'extras'")
            return reader.diagnostics.count == problemsBefore ? .displayed(selector, extras: extras) : nil
        case .stacked:
            guard let value = mapping["reason"] else { return .stacked(selector, reason: nil) }
            let reason: StackReason? = reader.choice(value, for: "'reason'")
            return reason.map { .stacked(selector, reason: $0) }
        case .discarded:
            guard let value = mapping["reason"] else { return .discarded(selector, reason: nil) }
            let reason: DiscardReason? = reader.choice(value, for: "'reason'")
            return reason.map { .discarded(selector, reason: $0) }
        case .rolledBack:
            return .rolledBack(selector)
        case .dismissed:
            return .dismissed(selector)
        case .impressionLogged:
            return .impressionLogged(selector)
        case .clickLogged:
            return .clickLogged(selector)
        case .noMatchingTrigger, .stack:
            // `no_matching_trigger` is read above; `stack` is never among the pattern kinds.
            return nil
        }
    }

    /// A message in a pattern: `"*"` for any, or a defined message's id.
    private mutating func selector(_ node: YAMLNode, for subject: @autoclosure () -> String) -> MessageSelector? {
        if let scalar = node.scalar, scalar.value == .string, scalar.hasText("*") { return .any }
        return messageReference(node, for: subject()).map { .id($0) }
    }

    /// The event of a `no_matching_trigger` pattern; `"*"` (any event) is `.some(nil)`.
    private mutating func triggerEvent(_ node: YAMLNode) -> TriggerEvent?? {
        if let scalar = node.scalar, scalar.value == .string, scalar.hasText("*") { return .some(nil) }
        guard let form = oneKeyForm(node, of: "trigger event", names: Self.eventNames) else { return nil }
        switch EventName.allCases[form.position] {
        case .sessionStart:
            return noArgument(form) ? .sessionStart : nil
        case .pushClick:
            guard let argument = form.argument else { return .pushClick(campaign: nil) }
            return reader.string(argument, for: "'push_click'").map { .pushClick(campaign: $0) }
        case .customEvent:
            return needArgument(form, written: "custom_event: NAME").flatMap {
                reader.string($0, for: "'custom_event'")
            }
            .map { .customEvent(name: $0) }
        case .purchase:
            return needArgument(form, written: "purchase: PRODUCT").flatMap { reader.string($0, for: "'purchase'") }
                .map { .purchase(product: $0) }
        }
    }
}
