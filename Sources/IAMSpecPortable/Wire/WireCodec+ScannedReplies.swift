import IAMSpec

extension WireCodec {
    /// The answers to stimuli and the end of cases, read straight from the bytes of their line
    /// (``WireScanner``): `observations`, `ready` and `ended`, with the `seq` each carries; nil
    /// for any other line, or one not in the plain shape, which ``decodeReply(_:unknownKeys:version:)``
    /// then reads the full way (after ``JSONParser``), accepting it or saying what is wrong.
    package static func scanReply(_ line: [UInt8], version: ProtocolVersion) -> (reply: EngineReply, seq: Int64?)? {
        WireScanner.scan(line) { scanner throws(WireScanner.Miss) in
            try scanner.openObject()
            try scanner.firstKey("type")
            let reply: EngineReply
            var seq: Int64?
            switch try scanner.name(ScannedReplyType.self) {
            case .observations:
                var observations: [Observation] = []
                let read = try scanner.members(ObservationsReplyKey.self, after: .type) {
                    scanner,
                    key throws(WireScanner.Miss) in
                    switch key {
                    case .type: throw WireScanner.Miss()
                    case .observations:
                        try scanner.openArray()
                        while try scanner.hasElement(after: observations.count) {
                            observations.append(try scanObservation(&scanner, version: version))
                        }
                    case .seq: seq = try scanner.integer(atLeast: 1)
                    }
                }
                guard read.contains(.observations) else { throw WireScanner.Miss() }
                reply = .observations(observations)
            case .ready:
                seq = try scanSequenceOnly(&scanner)
                reply = .ready
            case .ended:
                guard version.answersEndCase else { throw WireScanner.Miss() }
                seq = try scanSequenceOnly(&scanner)
                reply = .ended
            }
            guard seq != nil || !version.numbersMessages else { throw WireScanner.Miss() }
            return (reply, seq)
        }
    }

    /// The reply types ``scanReply(_:version:)`` reads.
    private enum ScannedReplyType: Int, WireNames {
        case observations, ready, ended
        static let spellings: [StaticString] = ["observations", "ready", "ended"]
    }

    private enum ObservationsReplyKey: Int, WireNames {
        case type, observations, seq
        static let spellings: [StaticString] = ["type", "observations", "seq"]
    }

    /// The rest of a message that carries nothing but its type and number: its `seq`, if any.
    static func scanSequenceOnly(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> Int64? {
        var seq: Int64?
        var seen: UInt64 = 1
        while try scanner.nextKey(among: sequencedOnlyKeys, seen: &seen) != nil {
            seq = try scanner.integer(atLeast: 1)
        }
        return seq
    }

    /// The keys of a message that carries nothing but its type and number.
    static let sequencedOnlyKeys: [StaticString] = ["type", "seq"]

    private static let scannedObservationKinds: [StaticString] = ObservationKind.allCases.map(\.name)

    /// The keys of an observation that names a message and nothing else.
    static let kindAndMessageKeys: [StaticString] = ["kind", "message"]

    private enum DisplayedKey: Int, WireNames {
        case kind, extras, message
        static let spellings: [StaticString] = ["kind", "extras", "message"]
    }

    /// The keys of `stacked` and `discarded`.
    private enum ReasonKey: Int, WireNames {
        case kind, message, reason
        static let spellings: [StaticString] = ["kind", "message", "reason"]
    }

    private static let eventKeys: [StaticString] = ["kind", "event"]
    private static let stackKeys: [StaticString] = ["kind", "messages"]

    /// An observation, its keys read in the order iamspec writes them (one list of keys for each
    /// kind, so that each key is found at the first comparison).
    private static func scanObservation(
        _ scanner: inout WireScanner,
        version: ProtocolVersion
    ) throws(WireScanner.Miss) -> Observation {
        try scanner.openObject()
        try scanner.firstKey("kind")
        var seen: UInt64 = 1
        let kind = ObservationKind.allCases[try scanner.name(among: scannedObservationKinds)]
        switch kind {
        case .displayed:
            var message: MessageID?
            var extras: [String: String] = [:]
            _ = try scanner.members(DisplayedKey.self, after: .kind) { scanner, key throws(WireScanner.Miss) in
                switch key {
                case .kind: throw WireScanner.Miss()
                case .extras: extras = try scanStringMap(&scanner)
                case .message: message = try scanner.nonEmptyString()
                }
            }
            guard let message else { throw WireScanner.Miss() }
            return .displayed(message, extras: extras)
        case .stacked, .discarded:
            var message: MessageID?
            var reason: String?
            _ = try scanner.members(ReasonKey.self, after: .kind) { scanner, key throws(WireScanner.Miss) in
                switch key {
                case .kind: throw WireScanner.Miss()
                case .message: message = try scanner.nonEmptyString()
                case .reason: reason = try scanner.string()
                }
            }
            guard let message, let reason else { throw WireScanner.Miss() }
            if kind == .stacked {
                guard let reason = StackReason(rawValue: reason) else { throw WireScanner.Miss() }
                return .stacked(message, reason: reason)
            }
            guard let reason = DiscardReason(rawValue: reason) else { throw WireScanner.Miss() }
            return .discarded(message, reason: reason)
        case .noMatchingTrigger:
            var event: TriggerEvent?
            while try scanner.nextKey(among: eventKeys, seen: &seen) != nil {
                event = try scanTriggerEvent(&scanner)
            }
            guard let event else { throw WireScanner.Miss() }
            return .noMatchingTrigger(event)
        case .stack:
            var messages: [MessageID]?
            while try scanner.nextKey(among: stackKeys, seen: &seen) != nil {
                var list: [MessageID] = []
                try scanner.openArray()
                while try scanner.hasElement(after: list.count) { list.append(try scanner.nonEmptyString()) }
                messages = list
            }
            guard let messages else { throw WireScanner.Miss() }
            return .stack(messages)
        case .rolledBack:
            return .rolledBack(try scanMessageOnly(&scanner, seen: &seen))
        case .dismissed:
            guard version >= .v2 else { throw WireScanner.Miss() }
            return .dismissed(try scanMessageOnly(&scanner, seen: &seen))
        case .impressionLogged:
            return .impressionLogged(try scanMessageOnly(&scanner, seen: &seen))
        case .clickLogged:
            return .clickLogged(try scanMessageOnly(&scanner, seen: &seen))
        }
    }

    /// The rest of an observation that names a message and nothing else: its message.
    private static func scanMessageOnly(
        _ scanner: inout WireScanner,
        seen: inout UInt64
    ) throws(WireScanner.Miss) -> MessageID {
        var message: MessageID?
        while try scanner.nextKey(among: kindAndMessageKeys, seen: &seen) != nil {
            message = try scanner.nonEmptyString()
        }
        guard let message else { throw WireScanner.Miss() }
        return message
    }

    private enum TriggerEventKind: Int, WireNames {
        case sessionStart, customEvent, purchase, pushClick
        static let spellings: [StaticString] = ["session_start", "custom_event", "purchase", "push_click"]
    }

    private static let kindOnlyKeys: [StaticString] = ["kind"]
    private static let nameKeys: [StaticString] = ["kind", "name"]
    private static let productKeys: [StaticString] = ["kind", "product"]
    private static let campaignKeys: [StaticString] = ["kind", "campaign"]

    static func scanTriggerEvent(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> TriggerEvent {
        try scanner.openObject()
        try scanner.firstKey("kind")
        var seen: UInt64 = 1
        switch try scanner.name(TriggerEventKind.self) {
        case .sessionStart:
            while try scanner.nextKey(among: kindOnlyKeys, seen: &seen) != nil {}
            return .sessionStart
        case .customEvent:
            var name: String?
            while try scanner.nextKey(among: nameKeys, seen: &seen) != nil { name = try scanner.string() }
            guard let name else { throw WireScanner.Miss() }
            return .customEvent(name: name)
        case .purchase:
            var product: String?
            while try scanner.nextKey(among: productKeys, seen: &seen) != nil { product = try scanner.string() }
            guard let product else { throw WireScanner.Miss() }
            return .purchase(product: product)
        case .pushClick:
            var campaign: String??
            while try scanner.nextKey(among: campaignKeys, seen: &seen) != nil {
                campaign = .some(try scanner.stringOrNull())
            }
            guard let campaign else { throw WireScanner.Miss() }
            return .pushClick(campaign: campaign)
        }
    }

    /// An object of strings by any key (`extras`); a key twice is a miss.
    static func scanStringMap(_ scanner: inout WireScanner) throws(WireScanner.Miss) -> [String: String] {
        var map: [String: String] = [:]
        try scanner.openObject()
        while let key = try scanner.nextMapKey(first: map.isEmpty) {
            guard map.updateValue(try scanner.string(), forKey: key) == nil else { throw WireScanner.Miss() }
        }
        return map
    }
}
