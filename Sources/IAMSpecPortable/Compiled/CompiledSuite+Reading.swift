import IAMSpec

// Reading a compiled suite in two passes: the first parses the document as a stream (from a file,
// a chunk at a time), checks everything, and keeps of each case only what its runs need and where
// its bytes are; a run then reads its case back from those bytes (``CompiledCases``).

extension CompiledSuite {
    /// The suite `bytes` hold; `file` names it in errors.
    ///
    /// - Throws: ``CompiledSuiteError`` for text that is not JSON, a format version other than
    ///   ``formatVersion``, or a value the format does not allow where it is.
    package static func decode(_ bytes: [UInt8], file: String) throws(CompiledSuiteError) -> CompiledSuite {
        try read(CompiledSuiteSource(bytes: bytes), file: file)
    }

    /// The suite `source` holds, its cases kept as facts and bytes (``CompiledCases``); `file`
    /// names it in errors, which are those of the whole document parsed and decoded at once: the
    /// first syntax error of the text, else the first value the format refuses, in the order the
    /// format's members are checked (`format`, the keys, `rules`, `cases`, the header's members,
    /// `runs`, `baseline`).
    ///
    /// The models of the first cases are kept, as long as their elements' bytes add up to no more
    /// than `modelBytesKept` (1 MiB: the bundled Specs compiled, a few hundred cases, in all): a
    /// small suite's runs read no case back, and a large one's memory stays bounded.
    ///
    /// - Throws: ``CompiledSuiteError``, as ``decode(_:file:)`` does.
    package static func read(
        _ source: CompiledSuiteSource,
        file: String,
        modelBytesKept: Int = 1 << 20
    ) throws(CompiledSuiteError) -> CompiledSuite {
        var stream = CompiledSuiteStream(source: source, modelBytesKept: modelBytesKept)
        let document: JSONValue
        let input = source.parseInput()
        do {
            document = try JSONParser.parse(input.bytes, chunks: input.chunks, streaming: &stream)
        } catch {
            // A file that could not be read to its end says so, not where the bytes read end.
            if let failure = input.chunks?.failure {
                throw CompiledSuiteError(
                    file: file,
                    line: 1,
                    column: 1,
                    message: "cannot read the compiled suite: \(failure.reason)"
                )
            }
            throw CompiledSuiteError(file: file, bytes: source.allBytes(), syntax: error)
        }
        do {
            var value = WireValue(message: document, unknownKeys: .refused)
            value.integersAsWritten = true
            return try decode(value, stream: &stream, file: file)
        } catch {
            throw CompiledSuiteError(file: file, bytes: source.allBytes(), format: error)
        }
    }

    private static let keys = [
        "format", "iamspec_version", "suite_paths", "selection", "timeout_ms", "baseline", "rules", "cases", "runs",
    ]

    private static func decode(
        _ document: WireValue,
        stream: inout CompiledSuiteStream,
        file: String
    ) throws(WireFormatError) -> CompiledSuite {
        let object = try document.object()
        let format = object.field("format")
        guard case .integer(formatVersion)? = format.json else {
            let version = object.fields["iamspec_version"].flatMap { value -> String? in
                guard case .string(let text) = value else { return nil }
                return text
            }
            throw format.mismatch(
                expected: "\(formatVersion): the format of iamspec \(IAMSpecVersion.current)"
                    + (version.map { " (the suite was compiled by iamspec \($0)); compile it again with this one" }
                        ?? "")
            )
        }
        try object.allowOnly(keys)
        let rules: (references: [RuleReference], ids: Set<String>)
        if let read = stream.rules {
            rules = try read.get()
        } else {
            rules = try decodeRules(object.field("rules"))
        }
        _ = try object.field("cases").array()
        try stream.finishCases(ruleIDs: rules.ids)
        let iamspecVersion = try object.string("iamspec_version")
        let suitePaths = try strings(object.field("suite_paths"))
        let selection = try decodeSelection(object.field("selection"))
        let timeout = try timeoutMilliseconds(object.field("timeout_ms"))
        _ = try object.field("runs").array()
        try stream.finishRuns()
        var suite = CompiledSuite(
            iamspecVersion: iamspecVersion,
            suitePaths: suitePaths,
            selection: selection,
            timeoutMilliseconds: timeout,
            rules: rules.references,
            cases: CompiledCases(
                facts: stream.facts,
                models: stream.models,
                source: stream.source,
                file: file,
                ruleIDs: rules.ids
            ),
            runs: stream.runs
        )
        suite.baseline = try object.optionalField("baseline").map { value throws(WireFormatError) in
            try CompiledBaseline.decode(value)
        }
        return suite
    }

    /// `rules`: each rule once.
    static func decodeRules(
        _ value: WireValue
    ) throws(WireFormatError) -> (references: [RuleReference], ids: Set<String>) {
        var rules: [RuleReference] = []
        var ruleIDs: Set<String> = []
        for rule in try value.array() {
            let decoded = try decodeRule(rule)
            guard ruleIDs.insert(decoded.id).inserted else {
                throw WireFormatError(
                    path: rule.path + ".id",
                    found: "\"\(decoded.id)\" again",
                    expected: "each rule once, as the rule catalogue holds it"
                )
            }
            rules.append(decoded)
        }
        return (rules, ruleIDs)
    }

    /// The element at `position` of the top-level array `key`, as the whole document's reader
    /// would have it: its path `key[position]`, integers as written.
    static func element(_ json: JSONValue, at position: Int, of key: String) -> WireValue {
        var value = WireValue(
            json: json,
            in: WirePath(.key(key), in: nil),
            at: .position(position),
            unknownKeys: .refused
        )
        value.integersAsWritten = true
        return value
    }

    /// The element at `position` of `cases`.
    static func caseElement(_ json: JSONValue, at position: Int) -> WireValue {
        element(json, at: position, of: "cases")
    }
}

/// The first pass's reader of a compiled suite's document (``JSONStreamedDocument``): `rules` as
/// soon as it is read, then each case (decoded and checked, and kept as its facts) and each run
/// as it comes. A case or run that comes before what it is checked against (a hand-written
/// document's order: `cases` before `rules`, `runs` before `cases`) is read back from its bytes
/// once the parse has ended; the first problem of each is kept, and thrown when the whole
/// document's reader would have found it.
private struct CompiledSuiteStream: JSONStreamedDocument {
    let source: CompiledSuiteSource
    /// `rules`, decoded, or its problem; nil until read.
    var rules: Result<(references: [RuleReference], ids: Set<String>), WireFormatError>?
    private(set) var facts: [CompiledCases.Facts] = []
    /// The models of the first cases, as long as their bytes add up to no more than
    /// `modelBytesKept`.
    private(set) var models: [SpecCase] = []
    private var modelBytes = 0
    private let modelBytesKept: Int
    private var positions: [String: Int] = [:]
    private var casesProblem: WireFormatError?
    private var casesRead = false
    private var deferredCases: [(position: Int, bytes: Range<Int>)] = []
    private(set) var runs: [CompiledSuite.Run] = []
    private var runsProblem: WireFormatError?
    private var deferredRuns: [(position: Int, bytes: Range<Int>)] = []

    init(source: CompiledSuiteSource, modelBytesKept: Int) {
        self.source = source
        self.modelBytesKept = modelBytesKept
    }

    func streams(_ key: String) -> Bool {
        key == "cases" || key == "runs"
    }

    /// No element is read straight from its bytes: each is parsed and handed to
    /// ``read(element:at:of:bytes:)``.
    func scan(element position: Int, of key: String, bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        nil
    }

    mutating func read(member key: String, value: JSONValue) {
        switch key {
        case "rules":
            rules = Result { () throws(WireFormatError) in
                var rules = WireValue(json: value, at: .key("rules"), unknownKeys: .refused)
                rules.integersAsWritten = true
                return try CompiledSuite.decodeRules(rules)
            }
        case "cases": casesRead = true
        default: break
        }
    }

    mutating func read(element: JSONValue, at position: Int, of key: String, bytes: Range<Int>) {
        switch key {
        case "cases":
            guard casesProblem == nil else { return }
            guard case .success(let rules)? = rules, deferredCases.isEmpty else {
                deferredCases.append((position, bytes))
                return
            }
            readCase(element, at: position, bytes: bytes, ruleIDs: rules.ids)
        case "runs":
            guard runsProblem == nil, casesProblem == nil else { return }
            guard casesRead, deferredCases.isEmpty, deferredRuns.isEmpty else {
                deferredRuns.append((position, bytes))
                return
            }
            readRun(element, at: position)
        default: break
        }
    }

    /// The cases read before `rules`, read back and checked; then the first problem of any.
    mutating func finishCases(ruleIDs: Set<String>) throws(WireFormatError) {
        let deferred = deferredCases
        deferredCases = []
        for (position, bytes) in deferred where casesProblem == nil {
            readCase(try readBack(bytes, at: position, of: "cases"), at: position, bytes: bytes, ruleIDs: ruleIDs)
        }
        if let casesProblem { throw casesProblem }
    }

    /// The runs read before `cases`, read back and checked; then the first problem of any.
    mutating func finishRuns() throws(WireFormatError) {
        let deferred = deferredRuns
        deferredRuns = []
        for (position, bytes) in deferred where runsProblem == nil {
            readRun(try readBack(bytes, at: position, of: "runs"), at: position)
        }
        if let runsProblem { throw runsProblem }
    }

    /// The value of an element the parse has read, read again from its bytes.
    private func readBack(_ bytes: Range<Int>, at position: Int, of key: String) throws(WireFormatError) -> JSONValue {
        do {
            return try JSONParser.parse(source.bytes(bytes))
        } catch {
            throw WireFormatError(
                path: "\(key)[\(position)]",
                found: "bytes that changed since they were read",
                expected: "a compiled suite that does not change while it is read"
            )
        }
    }

    /// A case: decoded and checked against `ruleIDs`, its id not seen before; kept as its facts.
    private mutating func readCase(_ json: JSONValue, at position: Int, bytes: Range<Int>, ruleIDs: Set<String>) {
        let value = CompiledSuite.caseElement(json, at: position)
        do throws(WireFormatError) {
            let specCase = try CompiledSuite.decodeCase(value, ruleIDs: ruleIDs)
            guard positions.updateValue(facts.count, forKey: specCase.id) == nil else {
                throw WireFormatError(
                    path: value.path + ".id",
                    found: "\"\(specCase.id)\" again",
                    expected: "each case once"
                )
            }
            keep(specCase, bytes: bytes)
        } catch {
            casesProblem = error
        }
    }

    /// Keeps a case read from `bytes` as its facts, and as its model while they fit.
    private mutating func keep(_ specCase: SpecCase, bytes: Range<Int>) {
        facts.append(
            CompiledCases.Facts(id: specCase.id, title: specCase.title, profiles: specCase.profiles, bytes: bytes)
        )
        if models.count == facts.count - 1, modelBytes + bytes.count <= modelBytesKept {
            models.append(specCase)
            modelBytes += bytes.count
        }
    }

    /// A run: of a case the document holds, under one of its profiles, after the run before it
    /// (by case id, then profile).
    private mutating func readRun(_ json: JSONValue, at position: Int) {
        let element = CompiledSuite.element(json, at: position, of: "runs")
        do throws(WireFormatError) {
            let object = try element.object()
            try object.allowOnly("case", "profile")
            let caseValue = object.field("case")
            guard let caseIndex = positions[try caseValue.string()] else {
                throw caseValue.mismatch(expected: "the id of a case of `cases`")
            }
            let profileValue = object.field("profile")
            let profile = try profileValue.choice(Profile.self)
            let profiles = facts[caseIndex].profiles
            guard profiles.contains(profile) else {
                throw profileValue.mismatch(
                    expected: WireValue.oneOf(profiles.map(\.rawValue)) + ", a profile of the case"
                )
            }
            if let last = runs.last {
                let order = (facts[last.caseIndex].id, last.profile.rawValue) < (facts[caseIndex].id, profile.rawValue)
                guard order else {
                    throw WireFormatError(
                        path: element.path,
                        found: "a run that is not after the one before it",
                        expected: "the runs sorted by case id, then profile, each once"
                    )
                }
            }
            runs.append(CompiledSuite.Run(caseIndex: caseIndex, profile: profile))
        } catch {
            runsProblem = error
        }
    }
}
