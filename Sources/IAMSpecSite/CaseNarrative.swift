import IAMSpec
import IAMSpecRunner

/// A case told in words a product manager can follow: the setting, the messages, then a
/// timeline of what happens ("When a session starts") and what must follow ("Then `promo` is
/// displayed").
///
/// Texts are phrases: the names a case chose are kept apart from the words, so a renderer shows
/// them as names and escapes them as data, never reading them as markup.
package struct CaseNarrative: Sendable, Hashable {
    /// "Given a phone held in portrait, …, and these messages:".
    package var setting: Phrase
    /// One line per message the server delivers.
    package var messages: [Phrase]
    /// The steps, in order.
    package var moments: [Moment]

    /// One step: when it happens (virtual time), whether it acts or checks, and what.
    package struct Moment: Sendable, Hashable {
        /// Virtual time when the step happens: `0 s`, `30 s`, `1.5 s`.
        package var time: String
        /// `When`, `and` (a stimulus after another) or `Then`.
        package var word: String
        package var text: Phrase
        /// Whether the step is an expectation.
        package var isCheck: Bool
    }

    package init(_ specCase: SpecCase) {
        setting = Self.setting(specCase)
        messages = specCase.messages.map(Self.describe)
        var moments: [Moment] = []
        var clock = VirtualTime.zero
        var previousWasStimulus = false
        for step in specCase.steps {
            let time = "\(clock) s"
            switch step.action {
            case .stimulus(let stimulus):
                moments.append(
                    Moment(
                        time: time,
                        word: previousWasStimulus ? "and" : "When",
                        text: Self.describe(stimulus),
                        isCheck: false
                    )
                )
                if case .timeAdvanced(let span) = stimulus { clock = ClockRange.point(span, after: clock) }
                previousWasStimulus = true
            case .expectation(let expectation):
                moments.append(Moment(time: time, word: "Then", text: Self.describe(expectation), isCheck: true))
                previousWasStimulus = false
            }
        }
        self.moments = moments
    }

    private static func setting(_ specCase: SpecCase) -> Phrase {
        let configuration = specCase.configuration
        let device =
            configuration.device == .phone
            ? "a phone held in \(configuration.orientation.rawValue)"
            : "a tablet held in \(configuration.orientation.rawValue) (orientation is not checked on tablets)"
        let interval =
            configuration.minimumTriggerInterval == .zero
            ? "no minimum interval between triggered messages"
            : "a \(configuration.minimumTriggerInterval) s minimum interval between triggered messages"
        let delegate =
            configuration.delegate == .implemented
            ? "an app that implements the display delegate" : "no display delegate"
        let messages =
            specCase.messages.isEmpty
            ? "no messages from the server"
            : specCase.messages.count == 1 ? "this message from the server:" : "these messages from the server:"
        return "Given \(device), \(interval), \(delegate), and \(messages)"
    }

    static func describe(_ message: InAppMessage) -> Phrase {
        "\(Phrase.name(message.id)): " + details(of: message).joined(separator: "; ")
    }

    fileprivate static func details(of message: InAppMessage) -> [Phrase] {
        var details: [Phrase] = ["\(article(message.type)) \(typeName(message.type)) message"]
        if message.priority != 0 { details.append("priority \(number(message.priority))") }
        let triggers = message.triggers.map(describe)
        if !triggers.isEmpty { details.append("shown on \(list(triggers, joiner: "or"))") }
        if message.orientation != .any { details.append("for \(message.orientation.rawValue) only") }
        if let image = message.image {
            details.append("its image download \(outcomes(image, later: message.imageOnLaterDeliveries))")
        }
        if let zip = message.zip {
            details.append("its zip download \(outcomes(zip, later: message.zipOnLaterDeliveries))")
        }
        if message.delay != .zero { details.append("ready \(message.delay) s after its trigger") }
        if let timeout = message.timeout { details.append("display deadline \(timeout) s after its trigger") }
        if let reeligibility = message.reeligibility {
            details.append("may show again \(reeligibility) s after a display")
        }
        if message.isTestSend { details.append("a test send (the minimum interval does not apply)") }
        if let interval = message.minimumTriggerInterval {
            details.append("its own \(interval) s minimum interval since the last display")
        }
        if let start = message.start { details.append("its campaign starts at \(start) s") }
        if let end = message.end { details.append("its campaign ends at \(end) s") }
        if message.isControl { details.append("in the control group (counts as shown, but nothing appears)") }
        if !message.extras.isEmpty { details.append("extras \(extras(message.extras))") }
        return details
    }

    static func describe(_ trigger: Trigger) -> Phrase {
        switch trigger {
        case .anyPurchase: "any purchase"
        case .sessionStart: "a session start"
        case .specificPurchase(let product, let filters):
            "a purchase of \(Phrase.name(product))" + describe(filters)
        case .customEvent(let name, let filters):
            "the custom event \(Phrase.name(name))" + describe(filters)
        case .pushClick(let campaign):
            campaign.map { "an open from a push of the campaign \(Phrase.name($0))" } ?? "an open from any push"
        }
    }

    static func describe(_ filters: PropertyFilters) -> Phrase {
        guard !filters.groups.isEmpty else { return "" }
        let groups = filters.groups.map { group in
            let conditions = group.map(describe)
            return group.count > 1 && filters.groups.count > 1
                ? "(\(conditions.joined(separator: " or ")))" : conditions.joined(separator: " or ")
        }
        return " whose " + groups.joined(separator: " and ")
    }

    static func describe(_ condition: PropertyCondition) -> Phrase {
        let property: Phrase = "property \(Phrase.name(condition.property))"
        switch condition.comparison {
        case .equals(let value): return "\(property) is \(describe(value))"
        case .notEquals(let value): return "\(property) is not \(describe(value)) (or is absent)"
        case .greaterThan(let operand): return "\(property) is more than \(number(operand))"
        case .lessThan(let operand): return "\(property) is less than \(number(operand))"
        case .atLeast(let operand): return "\(property) is at least \(number(operand))"
        case .atMost(let operand): return "\(property) is at most \(number(operand))"
        case .matches(let regex): return "\(property) matches the pattern \(Phrase.name(regex))"
        case .doesNotMatch(let regex): return "\(property) does not match the pattern \(Phrase.name(regex))"
        case .exists: return "\(property) is present"
        case .doesNotExist: return "\(property) is absent"
        case .withinLast(let span): return "\(property) is a time within the last \(span) s"
        case .moreThanAgo(let span): return "\(property) is a time more than \(span) s ago"
        case .lessThanInFuture(let span): return "\(property) is a time less than \(span) s in the future"
        case .moreThanInFuture(let span): return "\(property) is a time more than \(span) s in the future"
        }
    }

    static func describe(_ value: PropertyValue) -> Phrase {
        switch value {
        case .string(let text): "the text \(Phrase.name(text))"
        case .integer(let integer): "the number \(integer)"
        case .real(let real): "the number \(number(real))"
        case .boolean(let flag): flag ? "true" : "false"
        case .time(let time): "the time \(time) s"
        }
    }

    /// A stimulus in words, as its kind's description puts it.
    static func describe(_ stimulus: Stimulus) -> Phrase {
        let (kind, values) = stimulus.parts
        return kind.words(values, Wording())
    }

    /// How the site renders a stimulus's numbers, event details and messages in its kind's words.
    private struct Wording: StepWording {
        func number(_ number: Double) -> String { CaseNarrative.number(number) }

        func eventDetails(_ properties: [String: PropertyValue], source: EventSource) -> Phrase {
            CaseNarrative.details(properties, source: source)
        }

        func message(_ message: InAppMessage) -> Phrase {
            "the app presents its own message \(Phrase.name(message.id)) "
                + "(\(CaseNarrative.details(of: message).joined(separator: "; ")))"
        }
    }

    static func describe(_ expectation: Expectation) -> Phrase {
        var parts: [Phrase] = []
        if let sequence = expectation.sequence {
            switch sequence.count {
            case 0: parts.append("nothing is displayed, put on the stack or discarded")
            case 1: parts.append("\(describe(sequence[0])), and nothing else")
            default: parts.append("exactly this happens, in order: " + sequence.map(describe).joined(separator: "; "))
            }
        }
        if let contains = expectation.contains {
            parts.append(
                contains.count == 1
                    ? "\(describe(contains[0])) (whatever else happens)"
                    : "these happen, in order, whatever else happens between them: "
                        + contains.map(describe).joined(separator: "; ")
            )
        }
        if let absent = expectation.absent {
            parts.append("none of this happens: " + absent.map(describe).joined(separator: "; "))
        }
        if let stack = expectation.stack {
            parts.append(
                stack.isEmpty
                    ? "no message is waiting on the stack"
                    : "the stack holds, top first: " + stack.map(Phrase.name).joined(separator: ", ")
            )
        }
        let named = expectation.rules.joined(separator: ", ")
        let checks: Phrase =
            expectation.isSetup
            ? " (sets the case up: \(named))" : expectation.rules.isEmpty ? "" : " (checks \(named))"
        return parts.joined(separator: "; and ") + checks
    }

    static func describe(_ pattern: ObservationPattern) -> Phrase {
        switch pattern {
        case .displayed(let selector, let extras):
            "\(subject(selector)) is displayed" + (extras.map { " with the extras \(Self.extras($0))" } ?? "")
        case .stacked(let selector, let reason):
            "\(subject(selector)) is put on the stack" + (reason.map(describe) ?? "")
        case .discarded(let selector, let reason):
            "\(subject(selector)) is discarded" + (reason.map(describe) ?? "")
        case .rolledBack(let selector): "the trigger of \(subject(selector)) is rolled back, as if it never happened"
        case .dismissed(let selector): "\(subject(selector)) leaves the screen"
        case .noMatchingTrigger(let event):
            "the app hears that no message matched \(event.map(describe) ?? "an event")"
        case .impressionLogged(let selector): "an impression of \(subject(selector)) is logged"
        case .clickLogged(let selector): "a click on \(subject(selector)) is logged"
        }
    }

    static func describe(_ reason: StackReason) -> Phrase {
        switch reason {
        case .background: " because the app is in the background"
        case .messageVisible: " because another message is on screen"
        case .delegateLater: " because the display delegate said “later”"
        case .keyboard: " because the keyboard is up"
        }
    }

    static func describe(_ reason: DiscardReason) -> Phrase {
        switch reason {
        case .delegate: " by the display delegate"
        case .assetFailed: " because its download failed"
        case .timeout: " because its display deadline passed"
        case .orientation: " because the device's orientation does not fit it"
        case .missingImage: " because it has no image"
        }
    }

    static func describe(_ event: TriggerEvent) -> Phrase {
        switch event {
        case .sessionStart: "the session start"
        case .customEvent(let name): "the custom event \(Phrase.name(name))"
        case .purchase(let product): "the purchase of \(Phrase.name(product))"
        case .pushClick(let campaign):
            campaign.map { "the open from a push of the campaign \(Phrase.name($0))" } ?? "the open from a push"
        }
    }

    private static func subject(_ selector: MessageSelector) -> Phrase {
        switch selector {
        case .any: "a message"
        case .id(let id): Phrase.name(id)
        }
    }

    fileprivate static func details(_ properties: [String: PropertyValue], source: EventSource) -> Phrase {
        var text: Phrase = ""
        if !properties.isEmpty {
            let pairs = properties.sorted { $0.key < $1.key }.map { pair -> Phrase in
                "\(Phrase.name(pair.key)) = \(describe(pair.value))"
            }
            text += " with \(list(pairs, joiner: "and"))"
        }
        if source == .api { text += ", through the REST API (not the SDK)" }
        return text
    }

    private static func extras(_ extras: [String: String]) -> Phrase {
        extras.sorted { $0.key < $1.key }.map { pair -> Phrase in
            "\(Phrase.name(pair.key)) = \(Phrase.name(pair.value))"
        }
        .joined(separator: ", ")
    }

    private static func typeName(_ type: MessageType) -> String {
        switch type {
        case .slideup: "slide-up"
        case .modal: "modal"
        case .modalImage: "image-only modal"
        case .full: "full-screen"
        case .html: "HTML"
        }
    }

    private static func article(_ type: MessageType) -> String {
        type == .modalImage ? "an" : "a"
    }

    /// An asset's outcome, or its outcome at each delivery when later ones differ: "fails at the
    /// first delivery and succeeds at the second and every later one".
    private static func outcomes(_ first: AssetOutcome, later: [AssetOutcome]) -> Phrase {
        guard !later.isEmpty else { return "\(outcome(first))" }
        let ordinals = ["first", "second", "third"]
        let all = [first] + later
        let each = all.enumerated().map { index, value -> Phrase in
            let ordinal = index < ordinals.count ? ordinals[index] : "\(index + 1)th"
            let last = index == all.count - 1 ? " and every later one" : " delivery"
            return "\(outcome(value)) at the \(ordinal)\(last)"
        }
        return list(each, joiner: "and")
    }

    private static func outcome(_ outcome: AssetOutcome) -> String {
        switch outcome {
        case .succeeds: "succeeds"
        case .fails: "fails"
        case .pending: "is still going until a step settles it"
        }
    }

    /// A number without a needless `.0`: `2`, `2.5`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func list(_ items: [Phrase], joiner: String) -> Phrase {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: "\(items[0]) \(joiner) \(items[1])"
        default: items.dropLast().joined(separator: ", ") + ", \(joiner) \(items[items.count - 1])"
        }
    }
}
