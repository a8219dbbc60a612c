import IAMSpec

/// Decodes the documents of one case file into cases, reporting every problem it finds.
///
/// A case with any problem is left out; decoding goes on with the next key, step and case,
/// so one mistake does not hide the others.
struct CaseDecoder {
    /// A case id as written, kept even when the case is invalid, to find duplicates across files.
    struct CaseIdentity: Sendable {
        let id: String
        let location: SourceLocation
    }

    var reader: NodeReader
    /// The catalogue to check rule ids against, and its file, when one was found.
    let catalogue: (rules: RuleCatalogue, file: String)?
    var scope = CaseScope()
    /// Whether the case may be written as for 0.1.0, which `iamspec migrate` reads to rewrite: an
    /// expectation of a case with several rules naming neither `rules` nor `setup`, or naming rules
    /// the case does not; `requires` listing a capability nothing in the case uses; a rule gated by
    /// a capability nothing in the case uses; a step expecting an observation filed under none of
    /// the rules whose subject it is (``PatternSubjects``).
    var readsEarlierFormat = false
    /// The lists of strings (rules, tags) the file's cases share, each stored once: a suite's
    /// cases repeat a few such lists, and one shared copy costs no memory per case.
    private var sharedLists: [[String]] = []
    /// The most lists a file shares: a suite's files repeat a few.
    private static let sharedListLimit = 32
    private(set) var cases: [SpecCase] = []
    private(set) var identities: [CaseIdentity] = []

    init(file: String, catalogue: (rules: RuleCatalogue, file: String)?) {
        self.reader = NodeReader(file: file)
        self.catalogue = catalogue
    }

    static let caseKeys = KeySet(["id", "title", "rules", "tags", "profiles", "requires", "given", "steps"])
    static let givenKeys = KeySet(["config", "messages"])
    static let configKeys = KeySet(["minimum_trigger_interval", "device", "orientation", "delegate"])

    /// Decodes one document: a case, a list of cases, or nothing when the document is empty.
    mutating func decode(document root: YAMLNode) {
        if root.isEmptyNull { return }
        switch root.content {
        case .mapping:
            decodeCase(root)
        case .sequence(let items):
            for item in items { decodeCase(item) }
        case .scalar:
            reader.report("expected a case (a mapping) or a list of cases, found \(root.summary)", at: root)
        }
    }

    private mutating func decodeCase(_ node: YAMLNode) {
        let problemsBefore = reader.diagnostics.count
        guard let mapping = node.mapping else {
            reader.report("expected a case (a mapping), found \(node.summary)", at: node)
            return
        }
        scope = CaseScope()
        reader.checkKeys(mapping, Self.caseKeys, in: "a case", ignoringExtensions: true)
        let id = reader.required("id", of: mapping, in: "a case", at: node).flatMap { caseID($0) }
        let title = reader.required("title", of: mapping, in: "a case", at: node).flatMap {
            reader.nonEmptyString($0, for: "'title'")
        }
        let problemsBeforeRules = reader.diagnostics.count
        let rules = reader.required("rules", of: mapping, in: "a case", at: node).flatMap { decodeRuleIDs($0) }
        let tags = mapping["tags"].map { decodeTags($0) } ?? []
        let profiles = mapping["profiles"].map { decodeProfiles($0) } ?? Profile.allCases
        let requires = mapping["requires"].map { decodeCapabilities($0) } ?? []
        scope.holdsForBrazeSwift = profiles.contains(.brazeSwift)
        // The expectations' rules are checked against the case's only when those could be read.
        scope.caseRules = reader.diagnostics.count == problemsBeforeRules ? rules : nil
        var configuration = EngineConfiguration()
        var messages: [InAppMessage] = []
        if let given = mapping["given"] { decodeGiven(given, configuration: &configuration, messages: &messages) }
        scope.delegate = configuration.delegate
        scope.needs.formUnion(CapabilityNeeds.of(configuration))
        let steps = reader.required("steps", of: mapping, in: "a case", at: node).flatMap { decodeSteps($0) }
        guard reader.diagnostics.count == problemsBefore, let id, let title, let rules, let steps else { return }
        var specCase = SpecCase(
            id: id,
            title: title,
            rules: rules,
            tags: tags,
            profiles: profiles,
            configuration: configuration,
            messages: messages,
            steps: steps,
            location: reader.location(of: node)
        )
        // Gathered while decoding: walking the case again took a tenth of its decoding.
        var needs = scope.needs
        assert(needs.bits == CapabilityNeeds.bits(of: specCase), "the decoder's needs differ from the case's")
        for (capability, item) in requires {
            if Capability.behavioural.contains(capability) {
                needs.insert(capability)
            } else if !needs.contains(capability), !readsEarlierFormat {
                reader.report(
                    "'requires' lists capability '\(capability.rawValue)', which nothing in the case uses; "
                        + "expected only a behavioural capability (\(Self.behaviouralNames)) or one the case uses "
                        + "(the loader derives them; `iamspec capabilities` says what needs each)" + Self.migrateHint,
                    at: item
                )
            }
        }
        let used = needs
        for id in rules {
            guard let capability = catalogue?.rules.rule(id)?.capability else { continue }
            if !Capability.behavioural.contains(capability), !used.contains(capability), !readsEarlierFormat,
                let node = mapping["rules"]
            {
                reader.report(
                    "rule '\(id)' is gated by capability '\(capability.rawValue)', which nothing in the case uses; "
                        + "expected a case that uses it (\(capability.neededBy)), or another rule" + Self.migrateHint,
                    at: node
                )
            }
            needs.insert(capability)
        }
        specCase.requiredCapabilityBits = needs.bits
        reportRulesOutsideProfiles(profiles)
        guard reader.diagnostics.count == problemsBefore else { return }
        cases.append(specCase)
    }

    /// Reports each rule the case names (in `rules`, or an expectation's `rules` or `setup`) that
    /// does not hold under every profile the case runs under: a run under a profile the rule does
    /// not hold for would file its failure under a rule that says nothing of that SDK, and block
    /// the rules the case checks.
    private mutating func reportRulesOutsideProfiles(_ profiles: [Profile]) {
        for named in scope.profileLimitedRules {
            let outside = profiles.filter { !named.profiles.contains($0) }
            guard !outside.isEmpty else { continue }
            let holdsFor = named.profiles.map(\.rawValue).joined(separator: ", ")
            reader.report(
                "rule '\(named.id)' in '\(named.key)' holds only under \(holdsFor), not under "
                    + "\(outside.map(\.rawValue).joined(separator: ", ")), which the case runs under; expected a rule "
                    + "that holds under every profile of the case (another rule, or the case's `profiles` narrowed)",
                at: named.mark
            )
        }
    }

    /// The behavioural capabilities by name, for a diagnostic.
    private static let behaviouralNames = Capability.behavioural.sorted().map { "`\($0.rawValue)`" }
        .joined(separator: ", ")

    private mutating func caseID(_ node: YAMLNode) -> String? {
        guard let id = reader.string(node, for: "'id'") else { return nil }
        identities.append(CaseIdentity(id: id, location: reader.location(of: node)))
        guard IdentifierSyntax.isCaseID(id) else {
            reader.report(
                "expected \(IdentifierSyntax.caseIDSpelling) for 'id', found \(node.summary)",
                at: node
            )
            return nil
        }
        return id
    }

    mutating func decodeRuleIDs(_ node: YAMLNode, under key: String = "rules") -> [String]? {
        guard let items = reader.list(node, for: "'\(key)'", nonEmpty: true) else { return nil }
        var ids: [String] = []
        ids.reserveCapacity(items.count)
        // A list of a few rules: a scan finds a repeat sooner than a set is made.
        var named: [(id: String, at: YAMLMark)] = []
        for item in items {
            guard let id = reader.string(item, for: "a rule id in '\(key)'") else { continue }
            if let first = named.first(where: { $0.id == id }) {
                reader.report(
                    "the rule '\(id)' again in '\(key)' (first at line \(first.at.line), column "
                        + "\(first.at.column)); expected each rule once",
                    at: item
                )
                continue
            }
            named.append((id, item.mark))
            guard let catalogue else {
                ids.append(id)
                continue
            }
            guard let (shared, limitedProfiles) = catalogue.rules.sharedIDAndLimitedProfiles(id) else {
                let hint = Suggestion.hint(for: id, among: catalogue.rules.rules.map(\.id))
                reader.report("unknown rule '\(id)'; expected a rule id from \(catalogue.file)\(hint)", at: item)
                ids.append(id)
                continue
            }
            if let limitedProfiles {
                scope.profileLimitedRules.append((id, key, limitedProfiles, item.mark))
            }
            ids.append(shared)
        }
        return interned(ids)
    }

    private mutating func decodeTags(_ node: YAMLNode) -> [String] {
        var tags: [String] = []
        guard let items = reader.list(node, for: "'tags'") else { return tags }
        tags.reserveCapacity(items.count)
        for item in items {
            guard let tag = reader.string(item, for: "a tag in 'tags'") else { continue }
            guard IdentifierSyntax.isTag(tag) else {
                reader.report(
                    "expected \(IdentifierSyntax.tagSpelling), found \(item.summary)",
                    at: item
                )
                continue
            }
            tags.append(tag)
        }
        return interned(tags)
    }

    /// The stored list equal to `list` if the file has one, else `list`, stored while there are
    /// fewer than ``sharedListLimit`` (found by a scan: comparing lists is cheaper than hashing them).
    private mutating func interned(_ list: [String]) -> [String] {
        if let shared = sharedLists.first(where: { $0 == list }) { return shared }
        if sharedLists.count < Self.sharedListLimit { sharedLists.append(list) }
        return list
    }

    private mutating func decodeProfiles(_ node: YAMLNode) -> [Profile] {
        var profiles: [Profile] = []
        guard let items = reader.list(node, for: "'profiles'", nonEmpty: true) else { return Profile.allCases }
        for item in items {
            guard let profile: Profile = reader.choice(item, for: "a profile in 'profiles'") else { continue }
            if profiles.contains(profile) {
                reader.report(
                    "duplicate profile '\(profile.rawValue)' in 'profiles'; expected each profile once",
                    at: item
                )
            }
            profiles.append(profile)
        }
        return profiles.isEmpty ? Profile.allCases : profiles
    }

    /// The capabilities `requires` lists, each with its node; the case must use each of them.
    private mutating func decodeCapabilities(_ node: YAMLNode) -> [(Capability, YAMLNode)] {
        var capabilities: [(Capability, YAMLNode)] = []
        guard let items = reader.list(node, for: "'requires'") else { return capabilities }
        for item in items {
            guard let capability: Capability = reader.choice(item, for: "a capability in 'requires'") else { continue }
            capabilities.append((capability, item))
        }
        return capabilities
    }

    private mutating func decodeGiven(
        _ node: YAMLNode,
        configuration: inout EngineConfiguration,
        messages: inout [InAppMessage]
    ) {
        guard let given = reader.mapping(node, for: "'given'") else { return }
        reader.checkKeys(given, Self.givenKeys, in: "'given'")
        if let config = given["config"] { configuration = decodeConfiguration(config) }
        guard let list = given["messages"], let items = reader.list(list, for: "'messages'") else { return }
        messages.reserveCapacity(items.count)
        for item in items {
            if let idNode = item.mapping?["id"], let id = idNode.scalar?.text {
                if let first = scope.deliveredMessageMark(of: id) {
                    reader.report(
                        "duplicate message id '\(id)' in the case; first defined at line \(first.line), "
                            + "column \(first.column)",
                        at: idNode
                    )
                    continue
                }
                scope.define(deliveredMessage: id, at: idNode.mark)
            }
            if let message = message(item, isLocal: false) {
                scope.needs.formUnion(CapabilityNeeds.of(message))
                messages.append(message)
            }
        }
    }

    private mutating func decodeConfiguration(_ node: YAMLNode) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        guard let config = reader.mapping(node, for: "'config'") else { return configuration }
        reader.checkKeys(config, Self.configKeys, in: "'config'")
        if let value = config["minimum_trigger_interval"],
            let seconds = reader.integer(value, for: "'minimum_trigger_interval'")
        {
            if seconds < 0 {
                reader.report(
                    "expected a non-negative integer for 'minimum_trigger_interval', found \(value.summary)",
                    at: value
                )
            } else if seconds > Int64.max / 1000 {
                reader.report(
                    "expected seconds small enough to count in milliseconds for 'minimum_trigger_interval', "
                        + "found \(value.summary)",
                    at: value
                )
            } else {
                configuration.minimumTriggerInterval = .seconds(seconds)
            }
        }
        if let value = config["device"], let device: DeviceKind = reader.choice(value, for: "'device'") {
            configuration.device = device
        }
        if let value = config["orientation"],
            let orientation: DeviceOrientation = reader.choice(value, for: "'orientation'")
        {
            configuration.orientation = orientation
        }
        if let value = config["delegate"], let delegate: DelegatePresence = reader.choice(value, for: "'delegate'") {
            configuration.delegate = delegate
        }
        return configuration
    }
}
