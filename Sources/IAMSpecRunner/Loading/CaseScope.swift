import IAMSpec

/// What the decoder knows about the case it is reading: the messages defined so far, and the
/// setup later checks depend on.
struct CaseScope {
    /// Ids of `given.messages`, then of each `present_local` step once it is read.
    var messageIDs: [String] = []
    private var knownMessageIDs: Set<String> = []
    /// Where each message of `given.messages` defines its id.
    private(set) var deliveredMessageMarks: [String: YAMLMark] = [:]
    var delegate = DelegatePresence.absent
    var holdsForBrazeSwift = true
    var hasExpectation = false

    mutating func define(message id: String) {
        if knownMessageIDs.insert(id).inserted { messageIDs.append(id) }
    }

    /// Records a message of `given.messages`, whose id is written at `mark`.
    mutating func define(deliveredMessage id: String, at mark: YAMLMark) {
        deliveredMessageMarks[id] = mark
        define(message: id)
    }

    func defines(message id: String) -> Bool {
        knownMessageIDs.contains(id)
    }
}
