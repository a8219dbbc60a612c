import IAMSpec

extension Observation {
    /// The messages the observation is of: none for a callback, every one of a stack answer.
    var messages: Set<MessageID> {
        switch self {
        case .displayed(let id, _), .stacked(let id, _), .discarded(let id, _), .rolledBack(let id),
            .dismissed(let id), .impressionLogged(let id), .clickLogged(let id):
            [id]
        case .stack(let ids): Set(ids)
        case .noMatchingTrigger: []
        }
    }
}
