import IAMSpec

extension CaseSyntax {
    /// A stimulus as the step that sends it, in its kind's form (`StimulusKind.argument`):
    /// `custom_event: tap`. Values left at their defaults are not written.
    ///
    /// A stack inspection is no step of its own (a case asks for it with an expectation's
    /// `stack`), and is written `stack inspection`.
    package func step(_ stimulus: Stimulus) -> String {
        let (kind, values) = stimulus.parts
        guard kind.isStep else { return "stack inspection" }
        let given = zip(kind.fields, values).filter { field, value in field.fallback != value }
        switch kind.argument {
        case .none:
            return kind.nameText
        case .value:
            return "\(kind.nameText): " + value(values[0], of: kind.fields[0])
        case .valueOrFields where given.count == 1 && given[0].0.name == kind.fields[0].name:
            return "\(kind.nameText): " + value(values[0], of: kind.fields[0])
        case .fields, .valueOrFields:
            guard !given.isEmpty else { return kind.nameText }
            return "\(kind.nameText): "
                + mapping(given.map { field, value in (field.name, self.value(value, of: field)) })
        }
    }

    /// A step's value, written as its field's content says.
    private func value(_ value: StepValue, of field: StepField) -> String {
        switch field.content {
        case .text: name(value.text)
        case .message: id(value.text)
        case .choice: value.text
        case .span: "\(value.span)"
        case .number: number(value.number)
        case .properties: properties(value.properties)
        case .localMessage: localMessage(value.message)
        }
    }

    /// An `expect` step: its checks in the order `sequence`, `contains`, `absent`, `stack`, then
    /// the rules it names (`rules`, or `setup` for a step that checks the state the case sets up).
    package func expectation(_ expectation: Expectation) -> String {
        var checks: [(String, String)] = []
        if let sequence = expectation.sequence { checks.append(("sequence", self.sequence(sequence.map(pattern)))) }
        if let contains = expectation.contains { checks.append(("contains", self.sequence(contains.map(pattern)))) }
        if let absent = expectation.absent { checks.append(("absent", self.sequence(absent.map(pattern)))) }
        if let stack = expectation.stack { checks.append(("stack", self.sequence(stack.map(id)))) }
        if !expectation.rules.isEmpty || expectation.isSetup {
            checks.append((expectation.isSetup ? "setup" : "rules", self.sequence(expectation.rules.map(id))))
        }
        return "expect: " + mapping(checks)
    }

    /// A local message: when exact, every key it has (see ``message(_:)``); when plain, its id
    /// and type alone.
    private func localMessage(_ message: InAppMessage) -> String {
        switch spelling {
        case .exact:
            mapping(
                [("id", id(message.id))] + (message.type == .slideup ? [] : [("type", message.type.rawValue)])
                    + display(message)
            )
        case .plain:
            mapping([("id", id(message.id)), ("type", message.type.rawValue)])
        }
    }
}
