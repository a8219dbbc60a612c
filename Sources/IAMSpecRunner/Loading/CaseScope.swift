import IAMSpec

/// What the decoder knows about the case it is reading: the messages defined so far, the
/// capabilities its steps use, and the setup later checks depend on.
struct CaseScope {
    /// Where a capability is first used, and by what.
    struct CapabilityUse {
        let mark: YAMLMark
        let what: String
    }

    /// Ids of `given.messages`, then of each `present_local` step once it is read.
    var messageIDs: [String] = []
    private var knownMessageIDs: Set<String> = []
    /// Where each message of `given.messages` defines its id.
    private(set) var deliveredMessageMarks: [String: YAMLMark] = [:]
    private(set) var capabilityUses: [Capability: CapabilityUse] = [:]
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

    /// Records a use of a capability; the first use is the one reported when `requires` lacks it.
    mutating func use(_ capability: Capability, at node: YAMLNode, by what: String) {
        if capabilityUses[capability] == nil {
            capabilityUses[capability] = CapabilityUse(mark: node.mark, what: what)
        }
    }
}
