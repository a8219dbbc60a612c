import IAMSpec

/// What the loader refuses in a case while reading it, checked on a case already made (a compiled
/// suite's), in the same order: each rule of `rules` once; at least one step, one of them an `expect`; each message id of
/// `given.messages` once, and no `present_local` reusing one; every message a step or an expectation names
/// defined by `given.messages` or an earlier `present_local`; each expectation naming some of the
/// case's rules (each once), or the rules of the state it sets up, or none in a case with one rule; the
/// advances within the clock's range (``ClockRange``). So a compiled suite holds no case the loader could not have read.
package enum CaseModelRules {
    /// A case's first problem: its place inside the case (`steps[2].expect`), what was found and
    /// what was expected. Nil when the loader would have read the case.
    package static func firstProblem(of specCase: SpecCase) -> (path: String, found: String, expected: String)? {
        if let repeated = firstRepeat(in: specCase.rules) {
            return ("rules", "the rule \(quoted(repeated)) again", "each rule once")
        }
        guard !specCase.steps.isEmpty else {
            return ("steps", "no steps", "a non-empty list of steps, with at least one `expect`")
        }
        guard specCase.steps.contains(where: { if case .expectation = $0.action { true } else { false } }) else {
            return ("steps", "no `expect` step", "at least one `expect` step")
        }
        var defined: [MessageID: Definition] = [:]
        for (index, message) in specCase.messages.enumerated() {
            if let first = defined.updateValue(.delivered(index), forKey: message.id) {
                return ("messages[\(index)].id", "\(quoted(message.id)) again (as at \(first))", "each message id once")
            }
        }
        for (index, step) in specCase.steps.enumerated() {
            // Spelled out only for a problem: most cases have none.
            let path = { "steps[\(index)]" }
            switch step.action {
            case .stimulus(let stimulus):
                let (kind, values) = stimulus.parts
                for (field, value) in zip(kind.fields, values) {
                    switch field.content {
                    case .message:
                        if defined[value.text] == nil { return unknown(value.text, at: path(), defined) }
                    case .localMessage:
                        // A local message may be presented again; it may not reuse a delivered one's id.
                        let id = value.message.id
                        if let first = defined[id], case .delivered = first {
                            return (
                                path(), "the message id \(quoted(id)) of \(first) again",
                                "an id unique within the case"
                            )
                        }
                        defined[id] = .presented(step: index)
                    case .text, .choice, .span, .number, .properties:
                        break
                    }
                }
            case .expectation(let expectation):
                if let problem = checkedRulesProblem(of: expectation, in: specCase) {
                    return (path() + ".expect", problem.found, problem.expected)
                }
                // Each list in turn, not the three joined into a new one.
                let undefined = { (patterns: [ObservationPattern]?) -> MessageID? in
                    for pattern in patterns ?? [] {
                        if case .id(let id)? = selector(of: pattern), defined[id] == nil { return id }
                    }
                    return nil
                }
                if let id = undefined(expectation.sequence) ?? undefined(expectation.contains)
                    ?? undefined(expectation.absent)
                {
                    return unknown(id, at: path() + ".expect", defined)
                }
                for id in expectation.stack ?? [] where defined[id] == nil {
                    return unknown(id, at: path() + ".expect.stack", defined)
                }
            }
        }
        if let (index, found, expected) = ClockRange.firstAdvancePastTheEnd(of: specCase.steps) {
            return ("steps[\(index)]", found, expected)
        }
        return nil
    }

    /// What is wrong with the rules an expectation names: `setup` naming none, `rules` naming a
    /// rule the case does not check, or neither in a case with several rules.
    private static func checkedRulesProblem(
        of expectation: Expectation,
        in specCase: SpecCase
    ) -> (found: String, expected: String)? {
        // Joined only for a problem: most expectations have none.
        let caseRules = { specCase.rules.joined(separator: ", ") }
        if let repeated = firstRepeat(in: expectation.rules) {
            return (
                "the rule \(quoted(repeated)) again in `\(expectation.isSetup ? "setup" : "rules")`", "each rule once"
            )
        }
        if expectation.isSetup {
            guard expectation.rules.isEmpty else { return nil }
            return ("`setup` naming no rule", "the rules of the state the case sets up")
        }
        if let outside = expectation.rules.first(where: { !specCase.rules.contains($0) }) {
            return (
                "the rule \(quoted(outside)) in `rules`",
                "rules of the case (\(caseRules())), or `setup` for a step that only checks the state the case sets up"
            )
        }
        guard expectation.rules.isEmpty, specCase.rules.count > 1 else { return nil }
        return (
            "an expectation naming no rule in a case with several rules",
            "`rules` (which of \(caseRules()) it checks) or `setup` (the rules of the state the case sets up)"
        )
    }

    /// Where a message id is defined: by a message of `given.messages`, or by a step's
    /// `present_local`; spelled as a place in the case (`messages[0]`, `steps[3]`) for a problem.
    private enum Definition: CustomStringConvertible {
        case delivered(Int)
        case presented(step: Int)

        var description: String {
            switch self {
            case .delivered(let index): "messages[\(index)]"
            case .presented(let step): "steps[\(step)]"
            }
        }
    }

    private static func unknown(
        _ id: MessageID,
        at path: String,
        _ defined: [MessageID: Definition]
    ) -> (path: String, found: String, expected: String) {
        let known = defined.keys.sorted().map(quoted).joined(separator: ", ")
        return (
            path, "the message \(quoted(id)), which the case does not define",
            "a message of `messages` or an earlier `present_local` (\(known.isEmpty ? "none" : known))"
        )
    }

    /// The first rule id `ids` holds a second time, or nil (a case names a few rules: a scan).
    private static func firstRepeat(in ids: [String]) -> String? {
        ids.firstRepeat().map { ids[$0.at] }
    }

    private static func quoted(_ id: MessageID) -> String {
        "\"\(QuotedText.line(id))\""
    }

    private static func selector(of pattern: ObservationPattern) -> MessageSelector? {
        switch pattern {
        case .displayed(let selector, _), .stacked(let selector, _), .discarded(let selector, _),
            .rolledBack(let selector), .dismissed(let selector), .impressionLogged(let selector),
            .clickLogged(let selector):
            selector
        case .noMatchingTrigger:
            nil
        }
    }
}
