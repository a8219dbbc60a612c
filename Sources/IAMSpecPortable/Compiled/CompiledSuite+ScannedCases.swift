import IAMSpec

// A case of a compiled suite read straight from its bytes (`WireScanner`), without a `JSONValue`
// tree: the shape `iamspec compile` writes, each value checked as the full reader
// (CompiledSuite+Cases.swift) checks it. Anything else, and any case that reader would refuse, is
// a miss, which that reader then reads, accepting it or saying exactly what is wrong: a case read
// here is one the full reader reads the same (`CompiledSuiteScanTests` compares the two).

extension CompiledSuite {
    /// The case whose element starts `bytes` (which may go on past it: the rest of the suite's
    /// text), and how many bytes it takes; nil when the full reader must read it.
    static func scanCase(
        _ bytes: UnsafeBufferPointer<UInt8>,
        ruleIDs: Set<String>
    ) -> (value: SpecCase, count: Int)? {
        WireScanner.scanPrefix(bytes) { scanner throws(WireScanner.Miss) in try scanCase(&scanner, ruleIDs: ruleIDs) }
    }

    /// The case of a whole element, `bytes`, read back (``CompiledCases``); nil when the full
    /// reader must read it.
    static func scanCase(_ bytes: [UInt8], ruleIDs: Set<String>) -> SpecCase? {
        WireScanner.scan(bytes) { scanner throws(WireScanner.Miss) in try scanCase(&scanner, ruleIDs: ruleIDs) }
    }

    private enum CaseKey: Int, WireNames {
        case id, title, rules, tags, profiles, requires, location, config, messages, steps
        static let spellings: [StaticString] = [
            "id", "title", "rules", "tags", "profiles", "requires", "location", "config", "messages", "steps",
        ]
    }

    private static func scanCase(
        _ scanner: inout WireScanner,
        ruleIDs: Set<String>
    ) throws(WireScanner.Miss) -> SpecCase {
        var id = ""
        var title = ""
        var rules: [String] = []
        var tags: [String] = []
        var profiles: [Profile] = []
        var requires: Set<Capability> = []
        var location = SourceLocation(file: "", line: 1, column: 1)
        var configuration = EngineConfiguration()
        var messages: [InAppMessage] = []
        var steps: [ScannedStep] = []
        try scanner.openObject()
        try scanner.allMembers(CaseKey.self) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .id: id = try scanner.string()
            case .title: title = try scanner.string()
            case .rules: rules = try scanRuleIDs(&scanner, among: ruleIDs)
            case .tags: tags = try scanArray(&scanner) { scanner throws(WireScanner.Miss) in try scanner.string() }
            case .profiles:
                profiles = try scanArray(&scanner) { scanner throws(WireScanner.Miss) in
                    try scanner.choice(Profile.self)
                }
                guard Set(profiles).count == profiles.count else { throw WireScanner.Miss() }
            case .requires:
                let list = try scanArray(&scanner) { scanner throws(WireScanner.Miss) in
                    try scanner.choice(Capability.self)
                }
                requires = Set(list)
                guard requires.count == list.count else { throw WireScanner.Miss() }
            case .location: location = try scanLocation(&scanner)
            case .config: configuration = try WireCodec.scanConfiguration(&scanner)
            case .messages:
                messages = try scanArray(&scanner) { scanner throws(WireScanner.Miss) in
                    try WireCodec.scanMessage(&scanner, version: .latest)
                }
            case .steps:
                steps = try scanArray(&scanner) { scanner throws(WireScanner.Miss) in
                    try scanStep(&scanner, ruleIDs: ruleIDs)
                }
            }
        }
        guard IdentifierSyntax.isCaseID(id), tags.allSatisfy(IdentifierSyntax.isTag) else { throw WireScanner.Miss() }
        let specCase = SpecCase(
            id: id,
            title: title,
            rules: rules,
            tags: tags,
            profiles: profiles,
            requires: requires,
            configuration: configuration,
            messages: messages,
            steps: steps.map { Step($0.action, location: $0.location(in: location.file)) },
            location: location
        )
        guard CaseModelRules.firstProblem(of: specCase) == nil else { throw WireScanner.Miss() }
        return withDerivedNeeds(specCase)
    }

    /// A step as read, its file left to the case's when it names none.
    private struct ScannedStep {
        var action: Step.Action
        var file: String?
        var line: Int
        var column: Int

        func location(in caseFile: String) -> SourceLocation {
            SourceLocation(file: file ?? caseFile, line: line, column: column)
        }
    }

    private enum StepKey: Int, WireNames {
        case stimulus, expect, file, line, column
        static let spellings: [StaticString] = ["stimulus", "expect", "file", "line", "column"]
    }

    private static func scanStep(
        _ scanner: inout WireScanner,
        ruleIDs: Set<String>
    ) throws(WireScanner.Miss) -> ScannedStep {
        var action: Step.Action?
        var file: String?
        var line: Int?
        var column: Int?
        try scanner.openObject()
        _ = try scanner.members(StepKey.self) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .stimulus, .expect:
                guard action == nil else { throw WireScanner.Miss() }
                action =
                    key == .stimulus
                    ? .stimulus(try WireCodec.scanStimulus(&scanner, version: .latest, stepsOnly: true))
                    : .expectation(try scanExpectation(&scanner, ruleIDs: ruleIDs))
            case .file: file = try scanner.string()
            case .line: line = Int(try scanner.integer(atLeast: 1))
            case .column: column = Int(try scanner.integer(atLeast: 1))
            }
        }
        guard let action, let line, let column else { throw WireScanner.Miss() }
        return ScannedStep(action: action, file: file, line: line, column: column)
    }

    private enum PositionKey: Int, WireNames {
        case file, line, column
        static let spellings: [StaticString] = ["file", "line", "column"]
    }

    /// A case's `location`: its `file`, and its `line` and `column`, each at least 1.
    private static func scanLocation(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> SourceLocation {
        var location = SourceLocation(file: "", line: 1, column: 1)
        try scanner.openObject()
        try scanner.allMembers(PositionKey.self) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .file: location.file = try scanner.string()
            case .line: location.line = Int(try scanner.integer(atLeast: 1))
            case .column: location.column = Int(try scanner.integer(atLeast: 1))
            }
        }
        return location
    }

    private enum ExpectationKey: Int, WireNames {
        case sequence, contains, absent, stack, rules, setup
        static let spellings: [StaticString] = ["sequence", "contains", "absent", "stack", "rules", "setup"]
    }

    private static func scanExpectation(
        _ scanner: inout WireScanner,
        ruleIDs: Set<String>
    ) throws(WireScanner.Miss) -> Expectation {
        var sequence: [ObservationPattern]?
        var contains: [ObservationPattern]?
        var absent: [ObservationPattern]?
        var stack: [MessageID]?
        var rules: [String] = []
        try scanner.openObject()
        let read = try scanner.members(ExpectationKey.self) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .sequence: sequence = try scanArray(&scanner, scanPattern)
            case .contains: contains = try scanArray(&scanner, scanPattern)
            case .absent: absent = try scanArray(&scanner, scanPattern)
            case .stack:
                stack = try scanArray(&scanner) { scanner throws(WireScanner.Miss) in try scanner.nonEmptyString() }
            case .rules, .setup: rules = try scanRuleIDs(&scanner, among: ruleIDs)
            }
        }
        let checks = WireNameSet<ExpectationKey>([.sequence, .contains, .absent, .stack])
        guard !(read.contains(.rules) && read.contains(.setup)), !read.isDisjoint(with: checks) else {
            throw WireScanner.Miss()
        }
        return Expectation(
            sequence: sequence,
            contains: contains,
            absent: absent,
            stack: stack,
            rules: rules,
            setup: read.contains(.setup)
        )
    }

    /// The spellings of the kinds a pattern may name (``ObservationKind/patterns``).
    private static let scannedPatternKinds = ObservationKind.patterns.map(\.name)

    private enum PatternKey: Int, WireNames {
        case kind, message, extras, reason, event
        static let spellings: [StaticString] = ["kind", "message", "extras", "reason", "event"]
    }

    private static func scanPattern(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> ObservationPattern {
        try scanner.openObject()
        try scanner.firstKey("kind")
        let kind = ObservationKind.patterns[try scanner.name(among: scannedPatternKinds)]
        var selector: MessageSelector?
        var extras: [String: String]?
        var reason: String?
        var event: TriggerEvent?
        let read = try scanner.members(PatternKey.self, after: .kind) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .kind: throw WireScanner.Miss()
            case .message:
                let id = try scanner.nonEmptyString()
                selector = id == "*" ? .any : .id(id)
            case .extras: extras = try WireCodec.scanStringMap(&scanner)
            case .reason: reason = try scanner.string()
            case .event: event = try WireCodec.scanTriggerEvent(&scanner)
            }
        }
        /// The selector, `keys` being those the kind allows besides `kind` and `message`.
        func allowing(_ keys: PatternKey...) throws(WireScanner.Miss) -> MessageSelector {
            guard WireNameSet(keys + [.kind, .message]).isSuperset(of: read), let selector else {
                throw WireScanner.Miss()
            }
            return selector
        }
        switch kind {
        case .displayed: return .displayed(try allowing(.extras), extras: extras)
        case .stacked:
            let parsed = try reason.map { text throws(WireScanner.Miss) in try choice(text, StackReason.self) }
            return .stacked(try allowing(.reason), reason: parsed)
        case .discarded:
            let parsed = try reason.map { text throws(WireScanner.Miss) in try choice(text, DiscardReason.self) }
            return .discarded(try allowing(.reason), reason: parsed)
        case .rolledBack: return .rolledBack(try allowing())
        case .dismissed: return .dismissed(try allowing())
        case .impressionLogged: return .impressionLogged(try allowing())
        case .clickLogged: return .clickLogged(try allowing())
        case .noMatchingTrigger:
            guard WireNameSet([.kind, .event]).isSuperset(of: read) else { throw WireScanner.Miss() }
            return .noMatchingTrigger(event)
        case .stack: throw WireScanner.Miss()
        }
    }

    private static func choice<Choice: RawRepresentable>(
        _ text: String,
        _: Choice.Type
    ) throws(WireScanner.Miss) -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: text) else { throw WireScanner.Miss() }
        return choice
    }

    /// Rule ids, each one of `ruleIDs`.
    private static func scanRuleIDs(
        _ scanner: inout WireScanner,
        among ruleIDs: Set<String>
    ) throws(WireScanner.Miss) -> [String] {
        try scanArray(&scanner) { scanner throws(WireScanner.Miss) in
            let id = try scanner.string()
            guard ruleIDs.contains(id) else { throw WireScanner.Miss() }
            return id
        }
    }

    /// An array, each element read by `read`.
    private static func scanArray<Element>(
        _ scanner: inout WireScanner,
        _ read: (inout WireScanner) throws(WireScanner.Miss) -> Element
    ) throws(WireScanner.Miss) -> [Element] {
        var elements: [Element] = []
        try scanner.openArray()
        while try scanner.hasElement(after: elements.count) { elements.append(try read(&scanner)) }
        return elements
    }
}
