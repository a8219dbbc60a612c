import IAMSpec
import IAMSpecPortable

extension WireCodec {
    /// The requests of a run, read straight from the bytes of their line (``WireScanner``):
    /// `case`, `stimulus` and `end_case`, with the `seq` each carries; nil for any other line, or
    /// one not in the plain shape, which ``decodeRequest(_:unknownKeys:version:)`` then reads the
    /// full way (after ``JSONParser``), accepting it or saying what is wrong.
    static func scanRequest(_ line: [UInt8], version: ProtocolVersion) -> (request: EngineRequest, seq: Int64?)? {
        WireScanner.scan(line) { scanner throws(WireScanner.Miss) in
            try scanner.openObject()
            try scanner.firstKey("type")
            var seq: Int64?
            let request: EngineRequest
            switch try scanner.name(among: scannedRequestTypes) {
            case 0:
                var stimulus: Stimulus?
                let seen = try scanner.members(stimulusRequestKeys, seen: 1) { scanner, key throws(WireScanner.Miss) in
                    if key == 1 {
                        seq = try scanner.integer(atLeast: 1)
                    } else {
                        stimulus = try scanStimulus(&scanner, version: version)
                    }
                }
                guard seen & 0b100 != 0, let stimulus else { throw WireScanner.Miss() }
                request = .stimulus(stimulus)
            case 1:
                var caseID: String?
                var profile: Profile?
                var configuration: EngineConfiguration?
                var messages: [InAppMessage] = []
                let seen = try scanner.members(caseRequestKeys, seen: 1) { scanner, key throws(WireScanner.Miss) in
                    switch key {
                    case 1: caseID = try scanner.string()
                    case 2: configuration = try scanConfiguration(&scanner)
                    case 3:
                        try scanner.openArray()
                        while try scanner.hasElement(after: messages.count) {
                            messages.append(try scanMessage(&scanner, version: version))
                        }
                    case 4: profile = try scanner.choice(Profile.self)
                    default: seq = try scanner.integer(atLeast: 1)
                    }
                }
                guard seen | 0b100000 == 0b111111, let caseID, let profile, let configuration else {
                    throw WireScanner.Miss()
                }
                request = .startCase(
                    EngineSetup(caseID: caseID, profile: profile, configuration: configuration, messages: messages)
                )
            default:
                var seen: UInt64 = 1
                while try scanner.nextKey(among: sequencedOnlyKeys, seen: &seen) != nil {
                    seq = try scanner.integer(atLeast: 1)
                }
                request = .endCase
            }
            guard seq != nil || !version.numbersMessages else { throw WireScanner.Miss() }
            return (request, seq)
        }
    }

    /// The request types ``scanRequest(_:version:)`` reads.
    private static let scannedRequestTypes: [StaticString] = ["stimulus", "case", "end_case"]
    private static let stimulusRequestKeys: [StaticString] = ["type", "seq", "stimulus"]
    private static let caseRequestKeys: [StaticString] = ["type", "case_id", "config", "messages", "profile", "seq"]

    // MARK: Stimuli

    /// The kinds' names, in the order of `StimulusKind.all`.
    private static let scannedStimulusKinds: [StaticString] = StimulusKind.all.map(\.name)

    /// A stimulus, its members read as its kind's description says; a kind this version does not
    /// carry, or a word that is not one of a choice's, is a miss.
    private static func scanStimulus(
        _ scanner: inout WireScanner,
        version: ProtocolVersion
    ) throws(WireScanner.Miss) -> Stimulus {
        try scanner.openObject()
        try scanner.firstKey("kind")
        let kind = StimulusKind.all[try scanner.name(among: scannedStimulusKinds)]
        guard version.carries(kind) else { throw WireScanner.Miss() }
        guard !kind.fields.isEmpty else {
            try scanner.allMembers(stimulusKeys[kind.id.rawValue], seen: 1) { _, _ throws(WireScanner.Miss) in }
            return kind.make([])
        }
        var values = [StepValue](repeating: .absent, count: kind.fields.count)
        let order = stimulusKeyOrder[kind.id.rawValue]
        try scanner.allMembers(stimulusKeys[kind.id.rawValue], seen: 1) { scanner, key throws(WireScanner.Miss) in
            let position = order[key - 1]
            let field = kind.fields[position]
            switch field.content {
            case .text where field.fallback == .absent: values[position] = StepValue(try scanner.stringOrNull())
            case .text: values[position] = .text(try scanner.string())
            case .message: values[position] = .text(try scanner.nonEmptyString())
            case .choice(let choice):
                let word = try scanner.string()
                guard choice.position(of: word) != nil else { throw WireScanner.Miss() }
                values[position] = .text(word)
            case .span: values[position] = .span(VirtualTime(milliseconds: try scanner.integer(atLeast: 1)))
            case .number: values[position] = .number(try scanner.number())
            case .properties: values[position] = .properties(try scanProperties(&scanner))
            case .localMessage: values[position] = .message(try scanMessage(&scanner, version: version))
            }
        }
        return kind.make(values)
    }

    /// Event properties: an object of property values by name; a name twice is a miss.
    private static func scanProperties(
        _ scanner: inout WireScanner
    ) throws(WireScanner.Miss) -> [String: PropertyValue] {
        var properties: [String: PropertyValue] = [:]
        try scanner.openObject()
        while let name = try scanner.nextMapKey(first: properties.isEmpty) {
            guard properties.updateValue(try scanner.propertyValue(), forKey: name) == nil else {
                throw WireScanner.Miss()
            }
        }
        return properties
    }

    // MARK: Setups

    private static let configurationKeys: [StaticString] = [
        "delegate", "device", "minimum_trigger_interval_ms", "orientation",
    ]

    private static func scanConfiguration(
        _ scanner: inout WireScanner
    ) throws(WireScanner.Miss) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        try scanner.openObject()
        try scanner.allMembers(configurationKeys) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case 0: configuration.delegate = try scanner.choice(DelegatePresence.self)
            case 1: configuration.device = try scanner.choice(DeviceKind.self)
            case 2: configuration.minimumTriggerInterval = VirtualTime(milliseconds: try scanner.integer(atLeast: 0))
            default: configuration.orientation = try scanner.choice(DeviceOrientation.self)
            }
        }
        return configuration
    }

    /// The keys of a message, in the order the encoder writes them: protocol 1's, all required,
    /// and protocol 2's ``campaignSettingKeys``, each optional.
    private static let scannedMessageKeys: [StaticString] = [
        "type", "control", "delay_ms", "end_ms", "extras", "id", "image", "image_later_deliveries",
        "minimum_trigger_interval_ms", "orientation", "priority", "reeligibility_ms", "start_ms", "test_send",
        "timeout_ms", "triggers", "zip", "zip_later_deliveries",
    ]
    /// The bits of protocol 2's campaign settings among ``scannedMessageKeys``.
    private static let campaignSettingKeyBits: UInt64 = 1 << 1 | 1 << 3 | 1 << 7 | 1 << 8 | 1 << 12 | 1 << 17
    /// The bits of the keys every message has.
    private static let requiredMessageKeyBits: UInt64 = ((1 << 18) - 1) & ~campaignSettingKeyBits

    private static func scanMessage(
        _ scanner: inout WireScanner,
        version: ProtocolVersion
    ) throws(WireScanner.Miss) -> InAppMessage {
        var id = ""
        var type = MessageType.slideup
        var priority = 0.0
        var triggers: [Trigger] = []
        var orientation = OrientationRequirement.any
        var image: AssetOutcome?
        var zip: AssetOutcome?
        var extras: [String: String] = [:]
        var delay: Int64 = 0
        var timeout: Int64?
        var reeligibility: Int64?
        var isTestSend = false
        var minimumTriggerInterval: Int64?
        var start: Int64?
        var end: Int64?
        var isControl = false
        var imageOnLaterDeliveries: [AssetOutcome] = []
        var zipOnLaterDeliveries: [AssetOutcome] = []
        let settings = version.carriesCampaignSettings
        try scanner.openObject()
        let seen = try scanner.members(scannedMessageKeys) { scanner, key throws(WireScanner.Miss) in
            guard settings || campaignSettingKeyBits & 1 << key == 0 else { throw WireScanner.Miss() }
            switch key {
            case 0: type = try scanner.choice(MessageType.self)
            case 1: isControl = try scanner.boolean()
            case 2: delay = try scanner.integer(atLeast: 0)
            case 3: end = try scanner.integerOrNull(atLeast: 0)
            case 4: extras = try scanStringMap(&scanner)
            case 5: id = try scanner.nonEmptyString()
            case 6: image = try scanner.choiceOrNull(AssetOutcome.self)
            case 7: imageOnLaterDeliveries = try scanOutcomes(&scanner)
            case 8: minimumTriggerInterval = try scanner.integerOrNull(atLeast: 0)
            case 9: orientation = try scanner.choice(OrientationRequirement.self)
            case 10: priority = try scanner.number()
            case 11: reeligibility = try scanner.integerOrNull(atLeast: 0)
            case 12: start = try scanner.integerOrNull(atLeast: 0)
            case 13: isTestSend = try scanner.boolean()
            case 14: timeout = try scanner.integerOrNull(atLeast: 0)
            case 15:
                try scanner.openArray()
                while try scanner.hasElement(after: triggers.count) { triggers.append(try scanTrigger(&scanner)) }
            case 16: zip = try scanner.choiceOrNull(AssetOutcome.self)
            default: zipOnLaterDeliveries = try scanOutcomes(&scanner)
            }
        }
        guard seen & requiredMessageKeyBits == requiredMessageKeyBits else { throw WireScanner.Miss() }
        return InAppMessage(
            id: id,
            type: type,
            priority: priority,
            triggers: triggers,
            orientation: orientation,
            image: image,
            zip: zip,
            extras: extras,
            delay: VirtualTime(milliseconds: delay),
            timeout: timeout.map(VirtualTime.init(milliseconds:)),
            reeligibility: reeligibility.map(VirtualTime.init(milliseconds:)),
            isTestSend: isTestSend,
            minimumTriggerInterval: minimumTriggerInterval.map(VirtualTime.init(milliseconds:)),
            start: start.map(VirtualTime.init(milliseconds:)),
            end: end.map(VirtualTime.init(milliseconds:)),
            isControl: isControl,
            imageOnLaterDeliveries: imageOnLaterDeliveries,
            zipOnLaterDeliveries: zipOnLaterDeliveries
        )
    }

    private static func scanOutcomes(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> [AssetOutcome] {
        var outcomes: [AssetOutcome] = []
        try scanner.openArray()
        while try scanner.hasElement(after: outcomes.count) { outcomes.append(try scanner.choice(AssetOutcome.self)) }
        return outcomes
    }

    // MARK: Triggers and filters

    private static let triggerKinds: [StaticString] = [
        "session_start", "any_purchase", "purchase", "custom_event", "push_click",
    ]
    private static let kindAlone: [StaticString] = ["kind"]
    private static let campaignOnlyKeys: [StaticString] = ["kind", "campaign"]
    private static let productTriggerKeys: [StaticString] = ["kind", "filters", "product"]
    private static let customEventTriggerKeys: [StaticString] = ["kind", "filters", "name"]

    private static func scanTrigger(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> Trigger {
        try scanner.openObject()
        try scanner.firstKey("kind")
        let kind = try scanner.name(among: triggerKinds)
        switch kind {
        case 0, 1:
            try scanner.allMembers(kindAlone, seen: 1) { _, _ throws(WireScanner.Miss) in }
            return kind == 0 ? .sessionStart : .anyPurchase
        case 2, 3:
            var name = ""
            var filters = PropertyFilters()
            try scanner.allMembers(kind == 2 ? productTriggerKeys : customEventTriggerKeys, seen: 1) {
                scanner,
                key throws(WireScanner.Miss) in
                if key == 1 {
                    filters = try scanFilters(&scanner)
                } else {
                    name = try scanner.string()
                }
            }
            return kind == 2
                ? .specificPurchase(product: name, filters: filters) : .customEvent(name: name, filters: filters)
        default:
            var campaign: String?
            try scanner.allMembers(campaignOnlyKeys, seen: 1) { scanner, _ throws(WireScanner.Miss) in
                campaign = try scanner.stringOrNull()
            }
            return .pushClick(campaign: campaign)
        }
    }

    private static func scanFilters(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> PropertyFilters {
        var groups: [[PropertyCondition]] = []
        try scanner.openArray()
        while try scanner.hasElement(after: groups.count) {
            var conditions: [PropertyCondition] = []
            try scanner.openArray()
            while try scanner.hasElement(after: conditions.count) { conditions.append(try scanCondition(&scanner)) }
            groups.append(conditions)
        }
        return PropertyFilters(groups: groups)
    }

    private static let scannedOperators: [StaticString] = [
        "equals", "not_equals", "greater_than", "less_than", "at_least", "at_most", "matches", "does_not_match",
        "exists", "does_not_exist", "within_last", "more_than_ago", "less_than_in_future", "more_than_in_future",
    ]
    private static let valueConditionKeys: [StaticString] = ["operator", "property", "value"]
    private static let spanConditionKeys: [StaticString] = ["operator", "property", "span_ms"]
    private static let bareConditionKeys: [StaticString] = ["operator", "property"]

    private static func scanCondition(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> PropertyCondition {
        try scanner.openObject()
        try scanner.firstKey("operator")
        let name = try scanner.name(among: scannedOperators)
        let keys = name < 8 ? valueConditionKeys : name < 10 ? bareConditionKeys : spanConditionKeys
        var property = ""
        var comparison = PropertyComparison.exists
        try scanner.allMembers(keys, seen: 1) { scanner, key throws(WireScanner.Miss) in
            if key == 1 {
                property = try scanner.string()
                return
            }
            switch name {
            case 0: comparison = .equals(try scanner.propertyValue())
            case 1: comparison = .notEquals(try scanner.propertyValue())
            case 2: comparison = .greaterThan(try scanner.number())
            case 3: comparison = .lessThan(try scanner.number())
            case 4: comparison = .atLeast(try scanner.number())
            case 5: comparison = .atMost(try scanner.number())
            case 6: comparison = .matches(regex: try scanner.string())
            case 7: comparison = .doesNotMatch(regex: try scanner.string())
            case 10: comparison = .withinLast(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
            case 11: comparison = .moreThanAgo(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
            case 12: comparison = .lessThanInFuture(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
            default: comparison = .moreThanInFuture(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
            }
        }
        if name == 9 { comparison = .doesNotExist }
        return PropertyCondition(property: property, comparison: comparison)
    }
}
