import IAMSpec

extension WireCodec {
    /// The requests of a run, read straight from the bytes of their line (``WireScanner``):
    /// `case`, `stimulus` and `end_case`, with the `seq` each carries; nil for any other line, or
    /// one not in the plain shape, which ``decodeRequest(_:unknownKeys:version:)`` then reads the
    /// full way (after ``JSONParser``), accepting it or saying what is wrong.
    package static func scanRequest(
        _ line: [UInt8],
        version: ProtocolVersion
    ) -> (request: EngineRequest, seq: Int64?)? {
        WireScanner.scan(line) { scanner throws(WireScanner.Miss) in
            try scanner.openObject()
            try scanner.firstKey("type")
            var seq: Int64?
            let request: EngineRequest
            switch try scanner.name(ScannedRequestType.self) {
            case .stimulus:
                var stimulus: Stimulus?
                let read = try scanner.members(StimulusRequestKey.self, after: .type) {
                    scanner,
                    key throws(WireScanner.Miss) in
                    switch key {
                    case .type: throw WireScanner.Miss()
                    case .seq: seq = try scanner.integer(atLeast: 1)
                    case .stimulus: stimulus = try scanStimulus(&scanner, version: version)
                    }
                }
                guard read.contains(.stimulus), let stimulus else { throw WireScanner.Miss() }
                request = .stimulus(stimulus)
            case .startCase:
                var caseID: String?
                var profile: Profile?
                var configuration: EngineConfiguration?
                var messages: [InAppMessage] = []
                let read = try scanner.members(CaseRequestKey.self, after: .type) {
                    scanner,
                    key throws(WireScanner.Miss) in
                    switch key {
                    case .type: throw WireScanner.Miss()
                    case .caseID: caseID = try scanner.string()
                    case .config: configuration = try scanConfiguration(&scanner)
                    case .messages:
                        try scanner.openArray()
                        while try scanner.hasElement(after: messages.count) {
                            messages.append(try scanMessage(&scanner, version: version))
                        }
                    case .profile: profile = try scanner.choice(Profile.self)
                    case .seq: seq = try scanner.integer(atLeast: 1)
                    }
                }
                guard read.isSuperset(of: CaseRequestKey.required), let caseID, let profile, let configuration
                else {
                    throw WireScanner.Miss()
                }
                request = .startCase(
                    EngineSetup(caseID: caseID, profile: profile, configuration: configuration, messages: messages)
                )
            case .endCase:
                seq = try scanSequenceOnly(&scanner)
                request = .endCase
            }
            guard seq != nil || !version.numbersMessages else { throw WireScanner.Miss() }
            return (request, seq)
        }
    }

    /// The request types ``scanRequest(_:version:)`` reads.
    private enum ScannedRequestType: Int, WireNames {
        case stimulus, startCase, endCase
        static let spellings: [StaticString] = ["stimulus", "case", "end_case"]
    }

    private enum StimulusRequestKey: Int, WireNames {
        case type, seq, stimulus
        static let spellings: [StaticString] = ["type", "seq", "stimulus"]
    }

    private enum CaseRequestKey: Int, WireNames {
        case type, caseID, config, messages, profile, seq
        static let spellings: [StaticString] = ["type", "case_id", "config", "messages", "profile", "seq"]
        /// `seq` aside, which a version may leave out.
        static let required = WireNameSet<CaseRequestKey>([.type, .caseID, .config, .messages, .profile])
    }

    // MARK: Stimuli

    /// The kinds' names, in the order of `StimulusKind.all`.
    private static let scannedStimulusKinds: [StaticString] = StimulusKind.all.map(\.name)

    /// A stimulus, its members read as its kind's description says; a kind this version does not
    /// carry (or, with `stepsOnly`, that is not a step: a stack inspection is `expect`'s), or a
    /// word that is not one of a choice's, is a miss.
    static func scanStimulus(
        _ scanner: inout WireScanner,
        version: ProtocolVersion,
        stepsOnly: Bool = false
    ) throws(WireScanner.Miss) -> Stimulus {
        try scanner.openObject()
        try scanner.firstKey("kind")
        let kind = StimulusKind.all[try scanner.name(among: scannedStimulusKinds)]
        guard version.carries(kind), kind.isStep || !stepsOnly else { throw WireScanner.Miss() }
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

    private enum ConfigurationKey: Int, WireNames {
        case delegate, device, minimumTriggerInterval, orientation
        static let spellings: [StaticString] = ["delegate", "device", "minimum_trigger_interval_ms", "orientation"]
    }

    static func scanConfiguration(
        _ scanner: inout WireScanner
    ) throws(WireScanner.Miss) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        try scanner.openObject()
        try scanner.allMembers(ConfigurationKey.self) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .delegate: configuration.delegate = try scanner.choice(DelegatePresence.self)
            case .device: configuration.device = try scanner.choice(DeviceKind.self)
            case .minimumTriggerInterval:
                configuration.minimumTriggerInterval = VirtualTime(milliseconds: try scanner.integer(atLeast: 0))
            case .orientation: configuration.orientation = try scanner.choice(DeviceOrientation.self)
            }
        }
        return configuration
    }

    /// The keys of a message, in the order the encoder writes them: protocol 1's, all required,
    /// and protocol 2's ``campaignSettingKeys``, each optional.
    private enum MessageKey: Int, WireNames {
        case type, control, delay, end, extras, id, image, imageLaterDeliveries, minimumTriggerInterval
        case orientation, priority, reeligibility, start, testSend, timeout, triggers, zip, zipLaterDeliveries
        static let spellings: [StaticString] = [
            "type", "control", "delay_ms", "end_ms", "extras", "id", "image", "image_later_deliveries",
            "minimum_trigger_interval_ms", "orientation", "priority", "reeligibility_ms", "start_ms", "test_send",
            "timeout_ms", "triggers", "zip", "zip_later_deliveries",
        ]
        /// Protocol 2's campaign settings.
        static let campaignSettings = WireNameSet<MessageKey>([
            .control, .end, .imageLaterDeliveries, .minimumTriggerInterval, .start, .zipLaterDeliveries,
        ])
        /// The keys every message has.
        static let required = WireNameSet(allCases.filter { !campaignSettings.contains($0) })
    }

    static func scanMessage(
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
        let read = try scanner.members(MessageKey.self) { scanner, key throws(WireScanner.Miss) in
            guard settings || !MessageKey.campaignSettings.contains(key) else { throw WireScanner.Miss() }
            switch key {
            case .type: type = try scanner.choice(MessageType.self)
            case .delay: delay = try scanner.integer(atLeast: 0)
            case .extras: extras = try scanStringMap(&scanner)
            case .id: id = try scanner.nonEmptyString()
            case .image: image = try scanner.choiceOrNull(AssetOutcome.self)
            case .orientation: orientation = try scanner.choice(OrientationRequirement.self)
            case .priority: priority = try scanner.number()
            case .reeligibility: reeligibility = try scanner.integerOrNull(atLeast: 0)
            case .testSend: isTestSend = try scanner.boolean()
            case .timeout: timeout = try scanner.integerOrNull(atLeast: 0)
            case .triggers:
                try scanner.openArray()
                while try scanner.hasElement(after: triggers.count) { triggers.append(try scanTrigger(&scanner)) }
            case .zip: zip = try scanner.choiceOrNull(AssetOutcome.self)
            case .control: isControl = try scanner.boolean()
            case .end: end = try scanner.integerOrNull(atLeast: 0)
            case .imageLaterDeliveries: imageOnLaterDeliveries = try scanOutcomes(&scanner)
            case .minimumTriggerInterval: minimumTriggerInterval = try scanner.integerOrNull(atLeast: 0)
            case .start: start = try scanner.integerOrNull(atLeast: 0)
            case .zipLaterDeliveries: zipOnLaterDeliveries = try scanOutcomes(&scanner)
            }
        }
        guard read.isSuperset(of: MessageKey.required) else { throw WireScanner.Miss() }
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

    private enum TriggerKind: Int, WireNames {
        case sessionStart, anyPurchase, purchase, customEvent, pushClick
        static let spellings: [StaticString] = [
            "session_start", "any_purchase", "purchase", "custom_event", "push_click",
        ]

        /// The keys a trigger of this kind has, every one required.
        var keys: WireNameSet<TriggerKey> {
            switch self {
            case .sessionStart, .anyPurchase: WireNameSet([.kind])
            case .purchase: WireNameSet([.kind, .filters, .product])
            case .customEvent: WireNameSet([.kind, .filters, .name])
            case .pushClick: WireNameSet([.kind, .campaign])
            }
        }
    }

    /// The keys of every kind of trigger, in the order a custom event's are written (the commonest
    /// trigger's keys are each found at the first comparison).
    private enum TriggerKey: Int, WireNames {
        case kind, filters, name, product, campaign
        static let spellings: [StaticString] = ["kind", "filters", "name", "product", "campaign"]
    }

    private static func scanTrigger(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> Trigger {
        try scanner.openObject()
        try scanner.firstKey("kind")
        let kind = try scanner.name(TriggerKind.self)
        var name = ""
        var filters = PropertyFilters()
        var campaign: String?
        let read = try scanner.members(TriggerKey.self, after: .kind) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .kind: throw WireScanner.Miss()
            case .campaign: campaign = try scanner.stringOrNull()
            case .filters: filters = try scanFilters(&scanner)
            case .name, .product: name = try scanner.string()
            }
        }
        guard read == kind.keys else { throw WireScanner.Miss() }
        switch kind {
        case .sessionStart: return .sessionStart
        case .anyPurchase: return .anyPurchase
        case .purchase: return .specificPurchase(product: name, filters: filters)
        case .customEvent: return .customEvent(name: name, filters: filters)
        case .pushClick: return .pushClick(campaign: campaign)
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

    private enum ConditionOperator: Int, WireNames {
        case equals, notEquals, greaterThan, lessThan, atLeast, atMost, matches, doesNotMatch, exists, doesNotExist
        case withinLast, moreThanAgo, lessThanInFuture, moreThanInFuture
        static let spellings: [StaticString] = [
            "equals", "not_equals", "greater_than", "less_than", "at_least", "at_most", "matches", "does_not_match",
            "exists", "does_not_exist", "within_last", "more_than_ago", "less_than_in_future", "more_than_in_future",
        ]

        /// The keys a condition with this operator has, every one required.
        var keys: WireNameSet<ConditionKey> {
            switch self {
            case .exists, .doesNotExist: WireNameSet([.operator, .property])
            case .equals, .notEquals, .greaterThan, .lessThan, .atLeast, .atMost, .matches, .doesNotMatch:
                WireNameSet([.operator, .property, .value])
            case .withinLast, .moreThanAgo, .lessThanInFuture, .moreThanInFuture:
                WireNameSet([.operator, .property, .span])
            }
        }
    }

    /// The keys of every condition: the operand is a `value` or a `span_ms`, or there is none.
    private enum ConditionKey: Int, WireNames {
        case `operator`, property, value, span
        static let spellings: [StaticString] = ["operator", "property", "value", "span_ms"]
    }

    private static func scanCondition(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> PropertyCondition {
        try scanner.openObject()
        try scanner.firstKey("operator")
        let name = try scanner.name(ConditionOperator.self)
        var property = ""
        var comparison: PropertyComparison?
        let read = try scanner.members(ConditionKey.self, after: .operator) { scanner, key throws(WireScanner.Miss) in
            switch key {
            case .operator: throw WireScanner.Miss()
            case .property: property = try scanner.string()
            case .value, .span: comparison = try scanComparison(name, &scanner)
            }
        }
        guard read == name.keys else { throw WireScanner.Miss() }
        guard let comparison else {
            // `exists` and `does_not_exist` have no operand: their comparison reads nothing.
            return PropertyCondition(property: property, comparison: try scanComparison(name, &scanner))
        }
        return PropertyCondition(property: property, comparison: comparison)
    }

    /// The comparison `name` makes, with its operand read from the value that comes next (`value`
    /// or `span_ms`); `exists` and `does_not_exist` have none and read nothing.
    private static func scanComparison(
        _ name: ConditionOperator,
        _ scanner: inout WireScanner
    ) throws(WireScanner.Miss) -> PropertyComparison {
        switch name {
        case .equals: .equals(try scanner.propertyValue())
        case .notEquals: .notEquals(try scanner.propertyValue())
        case .greaterThan: .greaterThan(try scanner.number())
        case .lessThan: .lessThan(try scanner.number())
        case .atLeast: .atLeast(try scanner.number())
        case .atMost: .atMost(try scanner.number())
        case .matches: .matches(regex: try scanner.string())
        case .doesNotMatch: .doesNotMatch(regex: try scanner.string())
        case .exists: .exists
        case .doesNotExist: .doesNotExist
        case .withinLast: .withinLast(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
        case .moreThanAgo: .moreThanAgo(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
        case .lessThanInFuture: .lessThanInFuture(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
        case .moreThanInFuture: .moreThanInFuture(VirtualTime(milliseconds: try scanner.integer(atLeast: 0)))
        }
    }
}
