import IAMSpec

/// What the decoder knows about the case it is reading: the messages defined so far, and the
/// setup later checks depend on.
struct CaseScope {
    /// Ids of `given.messages`, then of each `present_local` step once it is read.
    var messageIDs: [String] = []
    private var knownMessageIDs: Set<String> = []
    var delegate = DelegatePresence.absent
    var holdsForBrazeSwift = true
    var hasExpectation = false

    mutating func define(message id: String) {
        if knownMessageIDs.insert(id).inserted { messageIDs.append(id) }
    }

    func defines(message id: String) -> Bool {
        knownMessageIDs.contains(id)
    }
}
