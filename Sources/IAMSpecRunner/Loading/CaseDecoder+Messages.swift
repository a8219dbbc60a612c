import IAMSpec

extension CaseDecoder {
    static let messageKeys = KeySet([
        "id", "type", "priority", "triggers", "orientation", "image", "zip", "extras", "delay", "timeout",
        "reeligibility", "test_send", "minimum_trigger_interval", "start", "end", "control",
    ])
    static let localMessageKeys = KeySet(["id", "type", "orientation", "image", "zip", "extras"])
    /// The names a trigger is written with, in the order an unknown one's diagnostic lists them.
    enum TriggerName: String, CaseIterable {
        case sessionStart = "session_start"
        case anyPurchase = "any_purchase"
        case purchase
        case customEvent = "custom_event"
        case pushClick = "push_click"
    }

    static let triggerNames = KeySet(TriggerName.allCases.map(\.rawValue))
    static let purchaseTriggerKeys = KeySet(["product", "filters"])
    static let customEventTriggerKeys = KeySet(["name", "filters"])
    static let campaignKeys = KeySet(["campaign"])
    /// The longest `delay` a message may have.
    static let maximumDelay = VirtualTime.seconds(7200)

    /// A message of `given.messages`, or (`isLocal`) the message of a `present_local` step.
    mutating func message(_ node: YAMLNode, isLocal: Bool) -> InAppMessage? {
        let subject = isLocal ? "a local message" : "a message"
        let problemsBefore = reader.diagnostics.count
        guard let mapping = reader.mapping(node, for: subject) else { return nil }
        reader.checkKeys(mapping, isLocal ? Self.localMessageKeys : Self.messageKeys, in: subject)
        var message = InAppMessage(id: "")
        if let idNode = reader.required("id", of: mapping, in: subject, at: node),
            let id = reader.string(idNode, for: "'id' of \(subject)")
        {
            if !IdentifierSyntax.isMessageID(id) {
                reader.report(
                    "expected \(IdentifierSyntax.messageIDSpelling) for 'id', found \(idNode.summary)",
                    at: idNode
                )
            }
            message.id = id
        }
        if let value = mapping["type"], let type: MessageType = reader.choice(value, for: "'type'") {
            message.type = type
        }
        if let value = mapping["priority"], let priority = reader.number(value, for: "'priority'") {
            message.priority = priority
        }
        if !isLocal, let value = reader.required("triggers", of: mapping, in: subject, at: node),
            let items = reader.list(value, for: "'triggers'", nonEmpty: true)
        {
            message.triggers = items.compactMap { trigger($0) }
        }
        if let value = mapping["orientation"],
            let orientation: OrientationRequirement = reader.choice(value, for: "'orientation'")
        {
            message.orientation = orientation
        }
        // A list is set only when there is one: setting a seldom-set field costs more than reading it.
        let (image, imageOnLaterDeliveries) = assetOutcomes(mapping, key: "image", isLocal: isLocal)
        message.image = image
        if !imageOnLaterDeliveries.isEmpty { message.imageOnLaterDeliveries = imageOnLaterDeliveries }
        let (zip, zipOnLaterDeliveries) = assetOutcomes(mapping, key: "zip", isLocal: isLocal)
        message.zip = zip
        if !zipOnLaterDeliveries.isEmpty { message.zipOnLaterDeliveries = zipOnLaterDeliveries }
        if let value = mapping["extras"] { message.extras = stringMap(value, for: "'extras'") }
        if let value = mapping["delay"],
            let delay = reader.seconds(value, for: "'delay'", range: .upTo(Self.maximumDelay))
        {
            message.delay = delay
        }
        if let value = mapping["timeout"] {
            message.timeout = reader.seconds(value, for: "'timeout'", range: .positive)
        }
        if let value = mapping["reeligibility"] {
            message.reeligibility = reader.seconds(value, for: "'reeligibility'")
        }
        if let value = mapping["test_send"], let flag = reader.boolean(value, for: "'test_send'") {
            message.isTestSend = flag
        }
        decodeCampaignSettings(mapping, into: &message)
        return reader.diagnostics.count == problemsBefore ? message : nil
    }

    /// An asset's outcome: one for every delivery, or (for a delivered message) a non-empty list,
    /// one per delivery, the last repeating.
    private mutating func assetOutcomes(
        _ mapping: YAMLMapping,
        key: StaticString,
        isLocal: Bool
    ) -> (AssetOutcome?, [AssetOutcome]) {
        guard let value = mapping[key] else { return (nil, []) }
        guard !isLocal, let items = value.sequence else { return (assetOutcome(value, key: key), []) }
        guard let listed = reader.list(value, for: "'\(key)'", nonEmpty: true) else { return (nil, []) }
        let outcomes = listed.compactMap { assetOutcome($0, key: key) }
        guard outcomes.count == items.count, let first = outcomes.first else { return (nil, []) }
        return (first, Array(outcomes.dropFirst()))
    }

    private mutating func assetOutcome(_ value: YAMLNode, key: StaticString) -> AssetOutcome? {
        reader.choice(value, for: "'\(key)'")
    }

    /// A campaign's own settings: `minimum_trigger_interval`, `start` and `end`, `control`.
    private mutating func decodeCampaignSettings(_ mapping: YAMLMapping, into message: inout InAppMessage) {
        if let value = mapping["minimum_trigger_interval"] {
            message.minimumTriggerInterval = reader.seconds(value, for: "'minimum_trigger_interval'")
        }
        if let value = mapping["start"] {
            message.start = reader.seconds(value, for: "'start'")
        }
        if let value = mapping["end"] {
            message.end = reader.seconds(value, for: "'end'")
            if let start = message.start, let end = message.end, end < start {
                reader.report("expected an 'end' at or after 'start' (\(start) s), found \(end) s", at: value)
            }
        }
        if let value = mapping["control"], let flag = reader.boolean(value, for: "'control'") {
            message.isControl = flag
        }
    }

    /// A mapping of string to string, such as `extras`.
    mutating func stringMap(_ node: YAMLNode, for subject: @autoclosure () -> String) -> [String: String] {
        guard let mapping = reader.mapping(node, for: subject()) else { return [:] }
        _ = reader.checkNamesStayDistinct(mapping, names: "key")
        var result: [String: String] = [:]
        for entry in mapping.entries {
            guard let scalar = entry.value.scalar, scalar.value == .string else {
                reader.report(
                    "expected a string for '\(entry.name)' in \(subject()), found \(entry.value.summary) "
                        + "(quote numbers and booleans)",
                    at: entry.value
                )
                continue
            }
            result[entry.name] = scalar.text
        }
        return result
    }

    /// A trigger: a bare name, or a mapping with one key.
    mutating func trigger(_ node: YAMLNode) -> Trigger? {
        guard let form = oneKeyForm(node, of: "trigger", names: Self.triggerNames) else { return nil }
        switch TriggerName.allCases[form.position] {
        case .sessionStart:
            return noArgument(form) ? .sessionStart : nil
        case .anyPurchase:
            return noArgument(form) ? .anyPurchase : nil
        case .pushClick:
            guard let argument = form.argument else { return .pushClick(campaign: nil) }
            return campaign(argument, for: "'push_click'").map { .pushClick(campaign: $0) }
        case .purchase:
            return filteredTrigger(
                form,
                "purchase",
                naming: "product",
                Self.purchaseTriggerKeys,
                in: "a purchase trigger"
            )
            .map { .specificPurchase(product: $0.name, filters: $0.filters) }
        case .customEvent:
            return filteredTrigger(
                form,
                "custom_event",
                naming: "name",
                Self.customEventTriggerKeys,
                in: "a custom event trigger"
            )
            .map { .customEvent(name: $0.name, filters: $0.filters) }
        }
    }

    /// A filtered trigger's argument (`purchase`, `custom_event`): the name alone (`purchase:
    /// PRODUCT`), or a mapping of the name under `key` and the `filters`.
    private mutating func filteredTrigger(
        _ form: OneKeyForm,
        _ trigger: String,
        naming key: StaticString,
        _ keys: KeySet,
        in subject: String
    ) -> (name: String, filters: PropertyFilters)? {
        guard let argument = needArgument(form, written: "\(trigger): \(key.description.uppercased())") else {
            return nil
        }
        guard let mapping = argument.mapping else {
            return reader.string(argument, for: "'\(trigger)'").map { ($0, PropertyFilters()) }
        }
        reader.checkKeys(mapping, keys, in: subject)
        let name = reader.required(key, of: mapping, in: subject, at: argument).flatMap {
            reader.string($0, for: "'\(key)'")
        }
        let filters: PropertyFilters? = mapping["filters"].map { decodeFilters($0) } ?? PropertyFilters()
        guard let name, let filters else { return nil }
        return (name, filters)
    }

    /// `{campaign: CAMPAIGN}`.
    mutating func campaign(_ node: YAMLNode, for subject: @autoclosure () -> String) -> String? {
        guard let mapping = reader.mapping(node, for: subject()) else { return nil }
        reader.checkKeys(mapping, Self.campaignKeys, in: subject())
        return reader.required("campaign", of: mapping, in: subject(), at: node).flatMap {
            reader.string($0, for: "'campaign'")
        }
    }
}
