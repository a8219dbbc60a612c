import IAMSpec

// Messages, triggers, property filters and property values, in the compact form (CaseCodec.swift).

/// Which of a message's settings that are often at their default are written: one bit each.
private struct MessageSettings: OptionSet {
    let rawValue: UInt64

    static let image = MessageSettings(rawValue: 1 << 0)
    static let zip = MessageSettings(rawValue: 1 << 1)
    static let testSend = MessageSettings(rawValue: 1 << 2)
    static let control = MessageSettings(rawValue: 1 << 3)
    static let extras = MessageSettings(rawValue: 1 << 4)
    static let timeout = MessageSettings(rawValue: 1 << 5)
    static let reeligibility = MessageSettings(rawValue: 1 << 6)
    static let minimumTriggerInterval = MessageSettings(rawValue: 1 << 7)
    static let start = MessageSettings(rawValue: 1 << 8)
    static let end = MessageSettings(rawValue: 1 << 9)
    static let imageOnLaterDeliveries = MessageSettings(rawValue: 1 << 10)
    static let zipOnLaterDeliveries = MessageSettings(rawValue: 1 << 11)
    static let delay = MessageSettings(rawValue: 1 << 12)
    static let priority = MessageSettings(rawValue: 1 << 13)

    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The settings of `message` that are not at their default.
    init(of message: InAppMessage) {
        var settings: MessageSettings = []
        if message.image != nil { settings.insert(.image) }
        if message.zip != nil { settings.insert(.zip) }
        if message.isTestSend { settings.insert(.testSend) }
        if message.isControl { settings.insert(.control) }
        if !message.extras.isEmpty { settings.insert(.extras) }
        if message.timeout != nil { settings.insert(.timeout) }
        if message.reeligibility != nil { settings.insert(.reeligibility) }
        if message.minimumTriggerInterval != nil { settings.insert(.minimumTriggerInterval) }
        if message.start != nil { settings.insert(.start) }
        if message.end != nil { settings.insert(.end) }
        if !message.imageOnLaterDeliveries.isEmpty { settings.insert(.imageOnLaterDeliveries) }
        if !message.zipOnLaterDeliveries.isEmpty { settings.insert(.zipOnLaterDeliveries) }
        if message.delay != .zero { settings.insert(.delay) }
        if message.priority.bitPattern != 0 { settings.insert(.priority) }
        self = settings
    }
}

extension CaseEncoder {
    mutating func message(_ message: InAppMessage) {
        let settings = MessageSettings(of: message)
        unsigned(settings.rawValue)
        string(message.id)
        choice(message.type)
        choice(message.orientation)
        list(message.triggers) { $0.trigger($1) }
        if settings.contains(.priority) { double(message.priority) }
        if settings.contains(.delay) { time(message.delay) }
        if let image = message.image { choice(image) }
        if let zip = message.zip { choice(zip) }
        if settings.contains(.extras) { dictionary(message.extras) { $0.string($1) } }
        if let timeout = message.timeout { time(timeout) }
        if let reeligibility = message.reeligibility { time(reeligibility) }
        if let interval = message.minimumTriggerInterval { time(interval) }
        if let start = message.start { time(start) }
        if let end = message.end { time(end) }
        if settings.contains(.imageOnLaterDeliveries) { list(message.imageOnLaterDeliveries) { $0.choice($1) } }
        if settings.contains(.zipOnLaterDeliveries) { list(message.zipOnLaterDeliveries) { $0.choice($1) } }
    }

    mutating func trigger(_ trigger: Trigger) {
        switch trigger {
        case .anyPurchase:
            tag(TriggerTag.anyPurchase)
        case .specificPurchase(let product, let filters):
            tag(TriggerTag.specificPurchase)
            string(product)
            propertyFilters(filters)
        case .sessionStart:
            tag(TriggerTag.sessionStart)
        case .customEvent(let name, let filters):
            tag(TriggerTag.customEvent)
            string(name)
            propertyFilters(filters)
        case .pushClick(let campaign):
            tag(TriggerTag.pushClick)
            optional(campaign) { $0.string($1) }
        }
    }

    mutating func propertyFilters(_ filters: PropertyFilters) {
        list(filters.groups) { encoder, group in
            encoder.list(group) { encoder, condition in
                encoder.string(condition.property)
                encoder.propertyComparison(condition.comparison)
            }
        }
    }

    mutating func propertyComparison(_ comparison: PropertyComparison) {
        switch comparison {
        case .equals(let value):
            tag(PropertyComparisonTag.equals)
            propertyValue(value)
        case .notEquals(let value):
            tag(PropertyComparisonTag.notEquals)
            propertyValue(value)
        case .greaterThan(let number):
            tag(PropertyComparisonTag.greaterThan)
            double(number)
        case .lessThan(let number):
            tag(PropertyComparisonTag.lessThan)
            double(number)
        case .atLeast(let number):
            tag(PropertyComparisonTag.atLeast)
            double(number)
        case .atMost(let number):
            tag(PropertyComparisonTag.atMost)
            double(number)
        case .matches(let regex):
            tag(PropertyComparisonTag.matches)
            string(regex)
        case .doesNotMatch(let regex):
            tag(PropertyComparisonTag.doesNotMatch)
            string(regex)
        case .exists:
            tag(PropertyComparisonTag.exists)
        case .doesNotExist:
            tag(PropertyComparisonTag.doesNotExist)
        case .withinLast(let span):
            tag(PropertyComparisonTag.withinLast)
            time(span)
        case .moreThanAgo(let span):
            tag(PropertyComparisonTag.moreThanAgo)
            time(span)
        case .lessThanInFuture(let span):
            tag(PropertyComparisonTag.lessThanInFuture)
            time(span)
        case .moreThanInFuture(let span):
            tag(PropertyComparisonTag.moreThanInFuture)
            time(span)
        }
    }

    mutating func propertyValue(_ value: PropertyValue) {
        switch value {
        case .string(let text):
            tag(PropertyValueTag.string)
            string(text)
        case .integer(let integer):
            tag(PropertyValueTag.integer)
            signed(integer)
        case .real(let real):
            tag(PropertyValueTag.real)
            double(real)
        case .boolean(let boolean):
            tag(PropertyValueTag.boolean)
            bool(boolean)
        case .time(let time):
            tag(PropertyValueTag.time)
            self.time(time)
        }
    }
}

extension EncodedCaseReader {
    mutating func message() -> InAppMessage {
        // In the order the encoder writes them.
        let settings = MessageSettings(rawValue: unsigned())
        let id = string()
        let type = choice(MessageType.self)
        let orientation = choice(OrientationRequirement.self)
        let triggers = list { $0.trigger() }
        let priority = settings.contains(.priority) ? double() : 0
        let delay = settings.contains(.delay) ? time() : .zero
        let image: AssetOutcome? = settings.contains(.image) ? choice() : nil
        let zip: AssetOutcome? = settings.contains(.zip) ? choice() : nil
        let extras = settings.contains(.extras) ? dictionary { $0.string() } : [:]
        let timeout = settings.contains(.timeout) ? time() : nil
        let reeligibility = settings.contains(.reeligibility) ? time() : nil
        let minimumTriggerInterval = settings.contains(.minimumTriggerInterval) ? time() : nil
        let start = settings.contains(.start) ? time() : nil
        let end = settings.contains(.end) ? time() : nil
        let imageOnLaterDeliveries =
            settings.contains(.imageOnLaterDeliveries) ? list { $0.choice(AssetOutcome.self) } : []
        let zipOnLaterDeliveries = settings.contains(.zipOnLaterDeliveries) ? list { $0.choice(AssetOutcome.self) } : []
        return InAppMessage(
            id: id,
            type: type,
            priority: priority,
            triggers: triggers,
            orientation: orientation,
            image: image,
            zip: zip,
            extras: extras,
            delay: delay,
            timeout: timeout,
            reeligibility: reeligibility,
            isTestSend: settings.contains(.testSend),
            minimumTriggerInterval: minimumTriggerInterval,
            start: start,
            end: end,
            isControl: settings.contains(.control),
            imageOnLaterDeliveries: imageOnLaterDeliveries,
            zipOnLaterDeliveries: zipOnLaterDeliveries
        )
    }

    mutating func trigger() -> Trigger {
        switch tag(TriggerTag.self) {
        case .anyPurchase: .anyPurchase
        case .specificPurchase: .specificPurchase(product: string(), filters: propertyFilters())
        case .sessionStart: .sessionStart
        case .customEvent: .customEvent(name: string(), filters: propertyFilters())
        case .pushClick: .pushClick(campaign: optional { $0.string() })
        }
    }

    mutating func propertyFilters() -> PropertyFilters {
        PropertyFilters(
            groups: list { reader in
                reader.list { PropertyCondition(property: $0.string(), comparison: $0.propertyComparison()) }
            }
        )
    }

    mutating func propertyComparison() -> PropertyComparison {
        switch tag(PropertyComparisonTag.self) {
        case .equals: .equals(propertyValue())
        case .notEquals: .notEquals(propertyValue())
        case .greaterThan: .greaterThan(double())
        case .lessThan: .lessThan(double())
        case .atLeast: .atLeast(double())
        case .atMost: .atMost(double())
        case .matches: .matches(regex: string())
        case .doesNotMatch: .doesNotMatch(regex: string())
        case .exists: .exists
        case .doesNotExist: .doesNotExist
        case .withinLast: .withinLast(time())
        case .moreThanAgo: .moreThanAgo(time())
        case .lessThanInFuture: .lessThanInFuture(time())
        case .moreThanInFuture: .moreThanInFuture(time())
        }
    }

    mutating func propertyValue() -> PropertyValue {
        switch tag(PropertyValueTag.self) {
        case .string: .string(string())
        case .integer: .integer(signed())
        case .real: .real(double())
        case .boolean: .boolean(bool())
        case .time: .time(time())
        }
    }
}
