import IAMSpec

/// When messages were last displayed: each message's own clock (for re-eligibility) and the
/// overall one (for the minimum trigger interval).
///
/// "The interval is measured from the last display, not the last trigger" (semantics notes,
/// point 3). Only triggered messages move these clocks.
struct DisplayClocks {
    private var lastDisplayOfMessage: [MessageID: VirtualTime] = [:]
    private var lastDisplayOfAny: VirtualTime?
    private let mutation: Mutation?

    init(mutation: Mutation? = nil) {
        self.mutation = mutation
    }

    /// Whether the message may be triggered at time `time`: "By default a message that has been
    /// displayed is not eligible again; a campaign may set a re-eligibility period in seconds,
    /// counted from its last display" (semantics notes, point 1).
    func isEligible(_ message: InAppMessage, at time: VirtualTime) -> Bool {
        guard let lastDisplay = lastDisplayOfMessage[message.id] else { return true }
        guard let reeligibility = message.reeligibility else { return mutation == .reeligibilityIgnored }
        let eligibleFrom = lastDisplay.adding(saturating: reeligibility)
        return mutation == .reeligibilityExclusive ? time > eligibleFrom : time >= eligibleFrom
    }

    /// Whether a display at `readyTime` respects the minimum interval since the last display of
    /// any triggered message; always true before the first display.
    func respectsInterval(_ interval: VirtualTime, at readyTime: VirtualTime) -> Bool {
        guard let lastDisplayOfAny else { return true }
        let elapsed = readyTime - lastDisplayOfAny
        return mutation == .intervalExclusive ? elapsed > interval : elapsed >= interval
    }

    /// When the minimum interval since the last display ends; nil before the first display.
    func intervalEnd(_ interval: VirtualTime) -> VirtualTime? {
        lastDisplayOfAny?.adding(saturating: interval)
    }

    /// A triggered message, triggered at `triggerTime`, was displayed at `time`.
    mutating func recordDisplay(of id: MessageID, at time: VirtualTime, triggeredAt triggerTime: VirtualTime) {
        lastDisplayOfMessage[id] = mutation == .reeligibilityFromTrigger ? triggerTime : time
        lastDisplayOfAny = mutation == .intervalFromLastTrigger ? triggerTime : time
    }

    /// A local message was displayed: no clock moves ("no interval" for local messages); a
    /// mutant starts the minimum interval.
    mutating func recordLocalDisplay(at time: VirtualTime) {
        if mutation == .localStartsInterval { lastDisplayOfAny = time }
    }

    /// A trigger was rolled back "as if it never occurred" (semantics notes, point 15): no clock
    /// moves; a mutant counts it as a display of the message, or of any message.
    mutating func recordRollback(of id: MessageID, at time: VirtualTime) {
        if mutation == .rollbackStartsInterval { lastDisplayOfAny = time }
        if mutation == .rollbackConsumesMessage { lastDisplayOfMessage[id] = time }
    }
}
