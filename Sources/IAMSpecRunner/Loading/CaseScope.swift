import IAMSpec

/// What the decoder knows about the case it is reading: the messages defined so far, and the
/// setup later checks depend on.
///
/// A case defines a handful of messages: ids are found by a scan (Swift's `String ==`, as a set
/// compares them), with a set only once there are more than ``scanLimit``.
struct CaseScope {
    /// Ids of `given.messages`, then of each `present_local` step once it is read.
    private(set) var messageIDs: [String] = []
    /// Each message of `given.messages`, with where it defines its id.
    private var deliveredMessages: [(id: String, mark: YAMLMark)] = []
    /// The ids as a set, once there are too many to scan.
    private var messageIDSet: Set<String>?
    private static let scanLimit = 16
    var delegate = DelegatePresence.absent
    var holdsForBrazeSwift = true
    var hasExpectation = false
    /// The case's `rules`, read before its steps; nil when they could not be read.
    var caseRules: [String]?
    /// The rules the case names (under the key, at the mark) that hold for some profiles only.
    var profileLimitedRules: [(id: String, key: String, profiles: [Profile], mark: YAMLMark)] = []
    /// What the parts of the case read so far need (``CapabilityNeeds``), gathered as each is made:
    /// for a valid case, what `CapabilityNeeds.bits(of:)` finds walking the whole case.
    var needs = CapabilityBits()

    mutating func define(message id: String) {
        guard !defines(message: id) else { return }
        messageIDs.append(id)
        if messageIDSet != nil {
            messageIDSet?.insert(id)
        } else if messageIDs.count > Self.scanLimit {
            messageIDSet = Set(messageIDs)
        }
    }

    /// Records a message of `given.messages`, whose id is written at `mark`; the first mark of
    /// an id already recorded is kept.
    mutating func define(deliveredMessage id: String, at mark: YAMLMark) {
        if !defines(message: id) { deliveredMessages.append((id, mark)) }
        define(message: id)
    }

    /// Where `given.messages` defines the id, if it does.
    func deliveredMessageMark(of id: String) -> YAMLMark? {
        guard defines(message: id) else { return nil }
        return deliveredMessages.first { $0.id == id }?.mark
    }

    func defines(message id: String) -> Bool {
        messageIDSet?.contains(id) ?? messageIDs.contains(id)
    }
}
