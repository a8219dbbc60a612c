/// Each kind of ``Observation``, named once: the name a case's pattern and the protocol's
/// observation give it. Every reader and writer of observations and patterns switches over it
/// exhaustively, so a new kind cannot be forgotten in one of them.
package enum ObservationKind: Int, Sendable, CaseIterable {
    case displayed, stacked, discarded, rolledBack, dismissed, noMatchingTrigger, impressionLogged, clickLogged
    /// The stack, read back top first: an answer to the stack inspection, never a pattern.
    case stack

    /// The kind's name in a case's pattern and in the protocol's `kind`.
    package var name: StaticString {
        switch self {
        case .displayed: "displayed"
        case .stacked: "stacked"
        case .discarded: "discarded"
        case .rolledBack: "rolled_back"
        case .dismissed: "dismissed"
        case .noMatchingTrigger: "no_matching_trigger"
        case .impressionLogged: "impression_logged"
        case .clickLogged: "click_logged"
        case .stack: "stack"
        }
    }

    /// The name as text.
    package var nameText: String { name.description }

    /// The capability without which an engine never makes an observation of this kind (an engine
    /// without `analytics` logs no impression), or nil for a kind every engine makes.
    package var capability: Capability? {
        switch self {
        case .impressionLogged, .clickLogged: .analytics
        case .noMatchingTrigger: .noMatchingTrigger
        case .dismissed: .dismissals
        case .displayed, .stacked, .discarded, .rolledBack, .stack: nil
        }
    }

    /// The kinds a case's pattern may name, in the order `Specs/README.md` lists them.
    package static let patterns: [ObservationKind] = allCases.filter { $0 != .stack }
}

extension Observation {
    /// The observation's kind.
    package var kind: ObservationKind {
        switch self {
        case .displayed: .displayed
        case .stacked: .stacked
        case .discarded: .discarded
        case .rolledBack: .rolledBack
        case .dismissed: .dismissed
        case .noMatchingTrigger: .noMatchingTrigger
        case .impressionLogged: .impressionLogged
        case .clickLogged: .clickLogged
        case .stack: .stack
        }
    }
}

extension ObservationPattern {
    /// The kind of observation the pattern fits.
    package var kind: ObservationKind {
        switch self {
        case .displayed: .displayed
        case .stacked: .stacked
        case .discarded: .discarded
        case .rolledBack: .rolledBack
        case .dismissed: .dismissed
        case .noMatchingTrigger: .noMatchingTrigger
        case .impressionLogged: .impressionLogged
        case .clickLogged: .clickLogged
        }
    }
}
