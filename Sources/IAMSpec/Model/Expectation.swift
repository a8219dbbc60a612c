/// What a case expects of the observations made since the previous expectation step (its *window*).
///
/// All the checks given hold at once against the same window.
public struct Expectation: Sendable, Hashable {
    /// Exactly these observations, in this order. The comparison covers the delivery channel,
    /// and each other channel (analytics, callbacks, dismissals) that the list names a pattern of.
    public var sequence: [ObservationPattern]?
    /// These observations, in this order, with any others between them.
    public var contains: [ObservationPattern]?
    /// None of these observations.
    public var absent: [ObservationPattern]?
    /// The stack's contents, top first, read with ``Stimulus/stackInspected`` after the window.
    public var stack: [MessageID]?

    public init(
        sequence: [ObservationPattern]? = nil,
        contains: [ObservationPattern]? = nil,
        absent: [ObservationPattern]? = nil,
        stack: [MessageID]? = nil
    ) {
        self.sequence = sequence
        self.contains = contains
        self.absent = absent
        self.stack = stack
    }
}

/// A message named by a pattern: one message, or any message (`"*"` in YAML).
public enum MessageSelector: Sendable, Hashable {
    case any
    case id(MessageID)

    public func matches(_ id: MessageID) -> Bool {
        switch self {
        case .any: true
        case .id(let wanted): wanted == id
        }
    }
}

/// An observation as a case expects it; an omitted detail matches any value.
public enum ObservationPattern: Sendable, Hashable {
    case displayed(MessageSelector, extras: [String: String]?)
    case stacked(MessageSelector, reason: StackReason?)
    case discarded(MessageSelector, reason: DiscardReason?)
    case rolledBack(MessageSelector)
    case dismissed(MessageSelector)
    case noMatchingTrigger(TriggerEvent?)
    case impressionLogged(MessageSelector)
    case clickLogged(MessageSelector)

    /// Whether the observation fits this pattern.
    public func matches(_ observation: Observation) -> Bool {
        switch (self, observation) {
        case (.displayed(let selector, let extras), .displayed(let id, let actual)):
            selector.matches(id) && (extras == nil || extras == actual)
        case (.stacked(let selector, let reason), .stacked(let id, let actual)):
            selector.matches(id) && (reason == nil || reason == actual)
        case (.discarded(let selector, let reason), .discarded(let id, let actual)):
            selector.matches(id) && (reason == nil || reason == actual)
        case (.rolledBack(let selector), .rolledBack(let id)),
            (.dismissed(let selector), .dismissed(let id)),
            (.impressionLogged(let selector), .impressionLogged(let id)),
            (.clickLogged(let selector), .clickLogged(let id)):
            selector.matches(id)
        case (.noMatchingTrigger(let event), .noMatchingTrigger(let actual)):
            event == nil || event == actual
        default:
            false
        }
    }
}
