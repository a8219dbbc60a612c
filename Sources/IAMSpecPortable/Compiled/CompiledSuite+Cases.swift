import IAMSpec

// A case in a compiled suite (CompiledSuite.swift), both ways: its setup and its stimuli as the
// stdio protocol writes them (`WireCodec`: a stimulus is derived from its kind's description, so
// a new stimulus needs nothing here), its expectations as patterns.

extension CompiledSuite {
    // MARK: Writing

    /// A case: `id`, `title`, `rules`, `tags`, `profiles`, `requires` (what the loader computed),
    /// `location`, `config`, `messages` and `steps`.
    static func write(_ specCase: SpecCase, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("id", string: specCase.id)
        writer.field("title", string: specCase.title)
        writer.field("rules", strings: specCase.rules)
        writer.field("tags", strings: specCase.tags)
        writer.field("profiles", strings: specCase.profiles.map(\.rawValue))
        writer.field("requires", strings: specCase.requires.sorted().map(\.rawValue))
        writer.key("location")
        writer.beginObject()
        writer.field("file", string: specCase.location.file)
        writePosition(of: specCase.location, to: &writer)
        writer.endObject()
        writer.key("config")
        WireCodec.write(specCase.configuration, to: &writer)
        writer.key("messages")
        writer.beginArray()
        for message in specCase.messages { WireCodec.write(message, to: &writer) }
        writer.endArray()
        writer.key("steps")
        writer.beginArray()
        for step in specCase.steps { write(step, of: specCase, to: &writer) }
        writer.endArray()
        writer.endObject()
    }

    /// A step: `{"stimulus": ...}` or `{"expect": ...}`, with its `line` and `column` (and its
    /// `file`, when not the case's).
    private static func write(_ step: Step, of specCase: SpecCase, to writer: inout JSONLineWriter) {
        writer.beginObject()
        switch step.action {
        case .stimulus(let stimulus):
            writer.key("stimulus")
            WireCodec.write(stimulus, to: &writer)
        case .expectation(let expectation):
            writer.key("expect")
            write(expectation, to: &writer)
        }
        let location = step.location
        if location.file != specCase.location.file {
            writer.field("file", string: location.file)
        }
        writePosition(of: location, to: &writer)
        writer.endObject()
    }

    private static func writePosition(of location: SourceLocation, to writer: inout JSONLineWriter) {
        writer.field("line", integer: Int64(location.line))
        writer.field("column", integer: Int64(location.column))
    }

    /// An expectation: each check it makes (`sequence`, `contains`, `absent`, `stack`), and the
    /// `rules` it names when it names its own.
    private static func write(_ expectation: Expectation, to writer: inout JSONLineWriter) {
        writer.beginObject()
        let checks: [(StaticString, [ObservationPattern]?)] = [
            ("sequence", expectation.sequence), ("contains", expectation.contains), ("absent", expectation.absent),
        ]
        for (key, patterns) in checks {
            guard let patterns else { continue }
            writer.key(key)
            writer.beginArray()
            for pattern in patterns { write(pattern, to: &writer) }
            writer.endArray()
        }
        if let stack = expectation.stack {
            writer.field("stack", strings: stack)
        }
        if !expectation.rules.isEmpty || expectation.isSetup {
            writer.key(expectation.isSetup ? "setup" : "rules")
            writer.strings(expectation.rules)
        }
        writer.endObject()
    }

    /// A pattern as the observation it matches (`WireCodec`'s), with `"*"` for any message and
    /// a detail left out (`extras`, `reason`, `event`) matching any.
    private static func write(_ pattern: ObservationPattern, to writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.fixedString(pattern.kind.name)
        switch pattern {
        case .displayed(let selector, let extras):
            if let extras {
                writer.key("extras")
                writer.map(extras) { writer, value in writer.string(value) }
            }
            write(selector, to: &writer)
        case .stacked(let selector, let reason):
            write(selector, to: &writer)
            writeReason(reason?.rawValue, to: &writer)
        case .discarded(let selector, let reason):
            write(selector, to: &writer)
            writeReason(reason?.rawValue, to: &writer)
        case .rolledBack(let selector), .dismissed(let selector), .impressionLogged(let selector),
            .clickLogged(let selector):
            write(selector, to: &writer)
        case .noMatchingTrigger(let event):
            if let event {
                writer.key("event")
                WireCodec.write(event, to: &writer)
            }
        }
        writer.endObject()
    }

    private static func write(_ selector: MessageSelector, to writer: inout JSONLineWriter) {
        writer.key("message")
        switch selector {
        case .any: writer.fixedString("*")
        case .id(let id): writer.string(id)
        }
    }

    private static func writeReason(_ reason: String?, to writer: inout JSONLineWriter) {
        guard let reason else { return }
        writer.field("reason", string: reason)
    }

    // MARK: Reading

    /// A case whose rule ids (its own and its expectations') are each one of `ruleIDs`, and that
    /// the loader could have read (``CaseModelRules``).
    static func decodeCase(_ value: WireValue, ruleIDs: Set<String>) throws(WireFormatError) -> SpecCase {
        let object = try value.object()
        try object.allowOnly(
            "id",
            "title",
            "rules",
            "tags",
            "profiles",
            "requires",
            "location",
            "config",
            "messages",
            "steps"
        )
        var profiles: [Profile] = []
        for element in try object.field("profiles").array(eachOnce: true) {
            profiles.append(try element.choice(Profile.self))
        }
        var requires: Set<Capability> = []
        for element in try object.field("requires").array(eachOnce: true) {
            requires.insert(try element.choice(Capability.self))
        }
        let locationObject = try object.field("location").object()
        try locationObject.allowOnly("file", "line", "column")
        let location = try position(in: locationObject, file: try locationObject.string("file"))
        var messages: [InAppMessage] = []
        for element in try object.field("messages").array() {
            messages.append(try WireCodec.decodeMessage(element))
        }
        var steps: [Step] = []
        for element in try object.field("steps").array() {
            steps.append(try decodeStep(element, file: location.file, ruleIDs: ruleIDs))
        }
        let specCase = SpecCase(
            id: try identifier(object.field("id"), IdentifierSyntax.isCaseID, IdentifierSyntax.caseIDSpelling),
            title: try object.string("title"),
            rules: try ruleReferences(object.field("rules"), among: ruleIDs),
            tags: try object.field("tags").array().map { tag throws(WireFormatError) in
                try identifier(tag, IdentifierSyntax.isTag, IdentifierSyntax.tagSpelling)
            },
            profiles: profiles,
            requires: requires,
            configuration: try WireCodec.decodeConfiguration(object.field("config")),
            messages: messages,
            steps: steps,
            location: location
        )
        // What the loader refuses while reading a case, refused here too.
        if let (path, found, expected) = CaseModelRules.firstProblem(of: specCase) {
            throw WireFormatError(path: value.path + "." + path, found: found, expected: expected)
        }
        return withDerivedNeeds(specCase)
    }

    /// The case with what its content needs (``CapabilityNeeds``) added to the `requires` the
    /// document gives, as the loader derives it: a `requires` edited by hand cannot make a run
    /// send a step to an engine that lacks its capability. What the document adds (its rules'
    /// capabilities, the behavioural ones) stays, as nothing in the case shows it.
    static func withDerivedNeeds(_ specCase: SpecCase) -> SpecCase {
        var specCase = specCase
        specCase.requiredCapabilityBits |= CapabilityNeeds.bits(of: specCase)
        return specCase
    }

    /// Rule ids, each one of `ruleIDs` (the document's `rules`), as the loader holds a case's rule
    /// ids to its catalogue.
    private static func ruleReferences(
        _ value: WireValue,
        among ruleIDs: Set<String>
    ) throws(WireFormatError) -> [String] {
        var ids: [String] = []
        for element in try value.array() {
            let id = try element.string()
            guard ruleIDs.contains(id) else {
                throw element.mismatch(expected: "the id of a rule of `rules`")
            }
            ids.append(id)
        }
        return ids
    }

    /// The `line` and `column` of a location in `file`: each at least 1.
    private static func position(in object: WireObject, file: String) throws(WireFormatError) -> SourceLocation {
        SourceLocation(
            file: file,
            line: Int(try object.field("line").integer(atLeast: 1)),
            column: Int(try object.field("column").integer(atLeast: 1))
        )
    }

    private static func decodeStep(
        _ value: WireValue,
        file: String,
        ruleIDs: Set<String>
    ) throws(WireFormatError) -> Step {
        let object = try value.object()
        let action: Step.Action
        if let stimulus = object.optionalField("stimulus") {
            try object.allowOnly("stimulus", "file", "line", "column")
            let decoded = try WireCodec.decodeStimulus(stimulus)
            // By the kind's name, which the decode has read: `Stimulus.kind` would make its values again.
            guard case .object(let fields)? = stimulus.json, case .string(let name)? = fields["kind"],
                !nonStepKindNames.contains(name)
            else {
                throw try stimulus.object().field("kind").mismatch(
                    expected: "a step's kind (the stack is inspected by `expect`)"
                )
            }
            action = .stimulus(decoded)
        } else if let expectation = object.optionalField("expect") {
            try object.allowOnly("expect", "file", "line", "column")
            action = .expectation(try decodeExpectation(expectation, ruleIDs: ruleIDs))
        } else {
            throw value.mismatch(expected: #"a step: an object with "stimulus" or "expect""#)
        }
        let stepFile = try object.optionalField("file")?.string() ?? file
        return Step(action, location: try position(in: object, file: stepFile))
    }

    private static func decodeExpectation(
        _ value: WireValue,
        ruleIDs: Set<String>
    ) throws(WireFormatError) -> Expectation {
        let object = try value.object()
        try object.allowOnly("sequence", "contains", "absent", "stack", "rules", "setup")
        if object.fields["rules"] != nil, let setup = object.optionalField("setup") {
            throw setup.mismatch(expected: "either rules or setup, not both")
        }
        guard ["sequence", "contains", "absent", "stack"].contains(where: { object.fields[$0] != nil }) else {
            throw value.mismatch(expected: "an expectation with sequence, contains, absent or stack")
        }
        func patterns(_ key: String) throws(WireFormatError) -> [ObservationPattern]? {
            guard let list = object.optionalField(key) else { return nil }
            var patterns: [ObservationPattern] = []
            for element in try list.array() {
                patterns.append(try decodePattern(element))
            }
            return patterns
        }
        var stack: [MessageID]?
        if let list = object.optionalField("stack") {
            var ids: [MessageID] = []
            for element in try list.array() {
                ids.append(try element.nonEmptyString())
            }
            stack = ids
        }
        return Expectation(
            sequence: try patterns("sequence"),
            contains: try patterns("contains"),
            absent: try patterns("absent"),
            stack: stack,
            rules: try (object.optionalField("rules") ?? object.optionalField("setup")).map {
                list throws(WireFormatError) in try ruleReferences(list, among: ruleIDs)
            } ?? [],
            setup: object.fields["setup"] != nil
        )
    }

    private static func decodePattern(_ value: WireValue) throws(WireFormatError) -> ObservationPattern {
        let (object, name) = try value.object(discriminatedBy: "kind")
        guard case .string(let text)? = name.json, let position = patternKindNames.firstIndex(of: text) else {
            throw name.unknown(among: patternKindNames)
        }
        let kind = ObservationKind.patterns[position]
        switch kind {
        case .displayed:
            try object.allowOnly("kind", "message", "extras")
            return .displayed(
                try selector(object),
                extras: try object.optionalField("extras").map { extras throws(WireFormatError) in
                    try extras.stringMap()
                }
            )
        case .stacked:
            try object.allowOnly("kind", "message", "reason")
            return .stacked(try selector(object), reason: try object.optionalField("reason")?.choice(StackReason.self))
        case .discarded:
            try object.allowOnly("kind", "message", "reason")
            return .discarded(
                try selector(object),
                reason: try object.optionalField("reason")?.choice(DiscardReason.self)
            )
        case .rolledBack: return try messageAlone(object, ObservationPattern.rolledBack)
        case .dismissed: return try messageAlone(object, ObservationPattern.dismissed)
        case .noMatchingTrigger:
            try object.allowOnly("kind", "event")
            return .noMatchingTrigger(
                try object.optionalField("event").map { event throws(WireFormatError) in
                    try WireCodec.decodeTriggerEvent(event)
                }
            )
        case .impressionLogged: return try messageAlone(object, ObservationPattern.impressionLogged)
        case .clickLogged: return try messageAlone(object, ObservationPattern.clickLogged)
        case .stack:
            throw name.unknown(among: patternKindNames)
        }
    }

    /// A pattern of a kind that carries its message alone, `{"kind": ..., "message": ID or "*"}`,
    /// made by `pattern` (the kind's case).
    private static func messageAlone(
        _ object: WireObject,
        _ pattern: (MessageSelector) -> ObservationPattern
    ) throws(WireFormatError) -> ObservationPattern {
        try object.allowOnly("kind", "message")
        return pattern(try selector(object))
    }

    /// The names of the stimulus kinds that are not steps (a stack inspection is `expect`'s).
    private static let nonStepKindNames = StimulusKind.all.filter { !$0.isStep }.map(\.nameText)

    /// The names of the kinds a pattern may name (``ObservationKind/patterns``), made once.
    private static let patternKindNames = ObservationKind.patterns.map(\.nameText)

    /// `"message"`: a message's id, or `"*"` for any message.
    private static func selector(_ object: WireObject) throws(WireFormatError) -> MessageSelector {
        let id = try object.messageID("message")
        return id == "*" ? .any : .id(id)
    }
}
