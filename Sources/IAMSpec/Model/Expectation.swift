/// What a case expects of the observations made since the previous expectation step (its *window*).
///
/// All the checks given hold at once against the same window.
public struct Expectation: Sendable, Hashable {
    /// Exactly these observations, in this order. The comparison covers the delivery channel,
    /// and each other channel (analytics, callbacks, dismissals) that the list names a pattern of.
    public var sequence: [ObservationPattern]?
    /// The stack's contents, top first, read with ``Stimulus/stackInspected`` after the window.
    public var stack: [MessageID]?
    /// ``contains``, ``absent``, ``rules`` and ``isSetup``, what cases seldom write, in that order. An array, unlike
    /// an optional, leaves spare bits in its pointer, where ``Step/Action`` keeps its case: past
    /// the end of every ``Stimulus``, they keep an action at 24 bytes, not 40 (a step at 48, not 64).
    private var seldomChecks: [SeldomCheck]

    /// An expectation with these checks; a check left nil is not made.
    public init(
        sequence: [ObservationPattern]? = nil,
        contains: [ObservationPattern]? = nil,
        absent: [ObservationPattern]? = nil,
        stack: [MessageID]? = nil,
        rules: [String] = [],
        setup: Bool = false
    ) {
        self.sequence = sequence
        self.stack = stack
        self.seldomChecks = Self.seldomChecks(contains: contains, absent: absent, rules: rules, setup: setup)
    }

    /// The ids of the rules this step checks, when it names its own (`rules:`, or `setup:` for a
    /// step that only checks the state the case sets up): a failure of the step is filed under
    /// them. Empty: the case's rules.
    public var rules: [String] {
        get {
            for case .rules(let ids, _) in seldomChecks { return ids }
            return []
        }
        set { seldomChecks = Self.seldomChecks(contains: contains, absent: absent, rules: newValue, setup: isSetup) }
    }

    /// Whether the step only checks the state the case sets up (`setup:` in a case file), not
    /// what the case is about: ``rules`` are that state's rules. A run that fails here is
    /// *blocked*: the case's own rules, which later steps check, were never checked.
    public var isSetup: Bool {
        get {
            for case .rules(_, let setup) in seldomChecks { return setup }
            return false
        }
        set { seldomChecks = Self.seldomChecks(contains: contains, absent: absent, rules: rules, setup: newValue) }
    }

    /// These observations, in this order, with any others between them.
    public var contains: [ObservationPattern]? {
        get {
            for case .contains(let patterns) in seldomChecks { return patterns }
            return nil
        }
        set { seldomChecks = Self.seldomChecks(contains: newValue, absent: absent, rules: rules, setup: isSetup) }
    }

    /// None of these observations.
    public var absent: [ObservationPattern]? {
        get {
            for case .absent(let patterns) in seldomChecks { return patterns }
            return nil
        }
        set { seldomChecks = Self.seldomChecks(contains: contains, absent: newValue, rules: rules, setup: isSetup) }
    }

    private enum SeldomCheck: Sendable, Hashable {
        case contains([ObservationPattern])
        case absent([ObservationPattern])
        case rules([String], setup: Bool)
    }

    private static func seldomChecks(
        contains: [ObservationPattern]?,
        absent: [ObservationPattern]?,
        rules: [String],
        setup: Bool
    ) -> [SeldomCheck] {
        var checks: [SeldomCheck] = []
        if let contains { checks.append(.contains(contains)) }
        if let absent { checks.append(.absent(absent)) }
        if !rules.isEmpty || setup { checks.append(.rules(rules, setup: setup)) }
        return checks
    }
}

/// A message named by a pattern: one message, or any message (`"*"` in YAML).
public enum MessageSelector: Sendable, Hashable {
    /// Any message.
    case any
    /// The message with this id.
    case id(MessageID)

    /// Whether the message with this id is one the selector names.
    @inlinable public func matches(_ id: MessageID) -> Bool {
        switch self {
        case .any: true
        case .id(let wanted): wanted == id
        }
    }
}

/// An observation as a case expects it; an omitted detail matches any value.
public enum ObservationPattern: Sendable, Hashable {
    /// ``Observation/displayed(_:extras:)``, with exactly these extras when given.
    case displayed(MessageSelector, extras: [String: String]?)
    /// ``Observation/stacked(_:reason:)``, for this reason when given.
    case stacked(MessageSelector, reason: StackReason?)
    /// ``Observation/discarded(_:reason:)``, for this reason when given.
    case discarded(MessageSelector, reason: DiscardReason?)
    /// ``Observation/rolledBack(_:)``.
    case rolledBack(MessageSelector)
    /// ``Observation/dismissed(_:)``.
    case dismissed(MessageSelector)
    /// ``Observation/noMatchingTrigger(_:)``, for this event when given.
    case noMatchingTrigger(TriggerEvent?)
    /// ``Observation/impressionLogged(_:)``.
    case impressionLogged(MessageSelector)
    /// ``Observation/clickLogged(_:)``.
    case clickLogged(MessageSelector)

    /// Whether the observation fits this pattern.
    @inlinable public func matches(_ observation: Observation) -> Bool {
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
        case (.displayed, _), (.stacked, _), (.discarded, _), (.rolledBack, _), (.dismissed, _),
            (.noMatchingTrigger, _), (.impressionLogged, _), (.clickLogged, _):
            false
        }
    }
}
