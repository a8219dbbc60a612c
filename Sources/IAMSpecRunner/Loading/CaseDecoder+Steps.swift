import IAMSpec

// Steps: a stimulus, read as its kind's description says (`StimulusKind`), or an `expect`.

extension CaseDecoder {
    /// The steps' names: every kind of stimulus a case writes, then `expect`.
    static let stepNames = KeySet(StimulusKind.steps.map(\.nameText) + ["expect"])
    /// The keys of each step kind's mapping form, by position in ``stepNames``.
    static let stepFieldKeys = StimulusKind.steps.map { KeySet($0.fields.map(\.name)) }

    /// `steps`: a non-empty list with at least one `expect`, whose advances add up to at most the
    /// last instant of virtual time (``ClockRange``).
    mutating func decodeSteps(_ node: YAMLNode) -> [Step]? {
        guard let items = reader.list(node, for: "'steps'", nonEmpty: true) else { return nil }
        var steps: [Step] = []
        steps.reserveCapacity(items.count)
        for item in items { if let step = step(item) { steps.append(step) } }
        if !scope.hasExpectation {
            reader.report("expected at least one 'expect' step in 'steps', found none", at: node)
        }
        guard steps.count == items.count else { return nil }
        if let (index, found, expected) = ClockRange.firstAdvancePastTheEnd(of: steps) {
            reader.report("found \(found); expected \(expected)", at: items[index])
            return nil
        }
        scope.needs.formUnion(CapabilityNeeds.ofClock(steps))
        return steps
    }

    private mutating func step(_ node: YAMLNode) -> Step? {
        guard let form = oneKeyForm(node, of: "step", names: Self.stepNames) else { return nil }
        let action: Step.Action?
        if form.position < StimulusKind.steps.count {
            action = stimulus(StimulusKind.steps[form.position], form, step: node).map { .stimulus($0) }
        } else {
            scope.hasExpectation = true
            let checks = needArgument(form, written: "expect: EXPECTATION").flatMap { expectation($0) }
            if let checks { scope.needs.formUnion(CapabilityNeeds.of(checks)) }
            action = checks.map { .expectation($0) }
        }
        return action.map { Step($0, location: reader.location(of: node)) }
    }

    /// The stimulus of a step of this kind, its values read as the kind's ``StimulusKind/argument`` says.
    private mutating func stimulus(_ kind: StimulusKind, _ form: OneKeyForm, step node: YAMLNode) -> Stimulus? {
        if kind.requirement == .delegate, scope.delegate != .implemented {
            reader.report(
                "'\(kind.nameText)' needs the display delegate; expected 'delegate: implemented' in 'given.config', "
                    + "found delegate \(scope.delegate.rawValue)",
                at: node
            )
        }
        switch kind.argument {
        case .none:
            return noArgument(form) ? made(kind, []) : nil
        case .value:
            guard let argument = needArgument(form, written: Self.written(kind)) else { return nil }
            return value(of: kind.fields[0], argument, for: "'\(kind.nameText)'").map { made(kind, [$0]) }
        case .fields:
            guard let argument = form.argument else {
                let fallbacks = kind.fields.compactMap(\.fallback)
                guard fallbacks.count == kind.fields.count else {
                    _ = needArgument(form, written: Self.written(kind))
                    return nil
                }
                return made(kind, fallbacks)
            }
            guard let mapping = reader.mapping(argument, for: "'\(kind.nameText)'") else { return nil }
            return fields(of: kind, mapping, at: argument, position: form.position)
        case .valueOrFields:
            guard let argument = needArgument(form, written: Self.written(kind)) else { return nil }
            if let mapping = argument.mapping {
                return fields(of: kind, mapping, at: argument, position: form.position)
            }
            guard let first = value(of: kind.fields[0], argument, for: "'\(kind.nameText)'") else { return nil }
            // One array, made at its size: joining the first value to the others' defaults made
            // three (3.8 M instructions for 1,144 such steps of the generated suite).
            var values: [StepValue] = []
            values.reserveCapacity(kind.fields.count)
            values.append(first)
            for field in kind.fields.dropFirst() {
                if let fallback = field.fallback { values.append(fallback) }
            }
            return made(kind, values)
        }
    }

    /// The stimulus of a kind with these values, what it needs gathered into ``CaseScope/needs``.
    private mutating func made(_ kind: StimulusKind, _ values: [StepValue]) -> Stimulus {
        scope.needs.formUnion(CapabilityNeeds.of(kind, values))
        return kind.make(values)
    }

    /// A step's mapping form: each field's value, or its default when left out.
    private mutating func fields(
        of kind: StimulusKind,
        _ mapping: YAMLMapping,
        at node: YAMLNode,
        position: Int
    )
        -> Stimulus?
    {
        // The subjects are spelled out only for a diagnostic: most steps have none.
        let subject = { "'\(kind.nameText)'" }
        reader.checkKeys(mapping, Self.stepFieldKeys[position], in: subject())
        var values: [StepValue] = []
        values.reserveCapacity(kind.fields.count)
        for field in kind.fields {
            let given =
                field.fallback == nil
                ? reader.required(field.key, of: mapping, in: subject(), at: node)
                : mapping[field.key]
            guard let given else {
                if let fallback = field.fallback { values.append(fallback) }
                continue
            }
            if let value = value(of: field, given, for: "'\(field.name)'") { values.append(value) }
        }
        return values.count == kind.fields.count ? made(kind, values) : nil
    }

    /// A field's value, read as its content says.
    private mutating func value(
        of field: StepField,
        _ node: YAMLNode,
        for subject: @autoclosure () -> String
    ) -> StepValue? {
        switch field.content {
        case .text:
            return reader.string(node, for: subject()).map { .text($0) }
        case .message:
            return messageReference(node, for: subject()).map { .text($0) }
        case .choice(let choice):
            guard let word = reader.word(node, among: choice.words, for: subject()) else { return nil }
            if let position = choice.position(of: word), let profiles = choice.options[position].profiles,
                scope.holdsForBrazeSwift, !profiles.contains(.brazeSwift)
            {
                let only = profiles.map(\.rawValue).sorted().joined(separator: ", ")
                reader.report(
                    "\(field.name) '\(word)' exists only in the \(only) SDK, but the case holds for braze-swift; "
                        + "expected 'profiles: [\(only)]'",
                    at: node
                )
            }
            return .text(word)
        case .span:
            return reader.seconds(node, for: subject(), range: .positive).map { .span($0) }
        case .number:
            return reader.number(node, for: subject()).map { .number($0) }
        case .properties:
            return decodeProperties(node).map { .properties($0) }
        case .localMessage:
            if let idNode = node.mapping?["id"], let id = idNode.scalar?.text {
                if let delivered = scope.deliveredMessageMark(of: id) {
                    reader.report(
                        "duplicate message id '\(id)': \(subject()) reuses the id of a message of 'given.messages' "
                            + "(line \(delivered.line), column \(delivered.column)); expected an id unique within the case",
                        at: idNode
                    )
                }
                scope.define(message: id)
            }
            return message(node, isLocal: true).map { .message($0) }
        }
    }

    /// How a step of the kind is written with its value, for "needs a value" diagnostics:
    /// `dismiss: ID`, `asset_download: {message: ID, outcome: succeeds | fails}`.
    static func written(_ kind: StimulusKind) -> String {
        let placeholder = { (field: StepField) -> String in
            switch field.content {
            case .text: field.name.uppercased()
            case .message: "ID"
            case .choice(let choice): choice.words.joined(separator: " | ")
            case .span: "SECONDS"
            case .number: "NUMBER"
            case .properties: "PROPERTIES"
            case .localMessage: "MESSAGE"
            }
        }
        switch kind.argument {
        case .none: return kind.nameText
        case .value, .valueOrFields: return "\(kind.nameText): \(placeholder(kind.fields[0]))"
        case .fields:
            let fields = kind.fields.filter { $0.fallback == nil }.map { "\($0.name): \(placeholder($0))" }
            return "\(kind.nameText): {\(fields.joined(separator: ", "))}"
        }
    }

    /// A message id that `given.messages` or an earlier `present_local` defines.
    mutating func messageReference(_ node: YAMLNode, for subject: @autoclosure () -> String) -> MessageID? {
        guard let id = reader.string(node, for: subject()) else { return nil }
        guard scope.defines(message: id) else {
            let known = scope.messageIDs.isEmpty ? "none" : scope.messageIDs.joined(separator: ", ")
            let hint = Suggestion.hint(for: id, among: scope.messageIDs)
            reader.report(
                "unknown message '\(id)' in \(subject()); expected a message of 'given.messages' or an earlier "
                    + "'present_local' (\(known))\(hint)",
                at: node
            )
            return nil
        }
        return id
    }
}
