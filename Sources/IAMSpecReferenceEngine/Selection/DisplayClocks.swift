import IAMSpec

/// When messages were last displayed: each message's own clock (for re-eligibility) and the
/// overall one (for the minimum trigger interval).
///
/// "The interval is measured from the last display, not the last trigger" (semantics notes,
/// point 3). Only triggered messages move these clocks.
struct DisplayClocks {
    /// Each message's last display, at its slot.
    private var lastDisplayOfMessage = PerMessage<VirtualTime>()
    private var lastDisplayOfAny: VirtualTime?
    /// Each message's display starts, with the delivery of the firing that made each, and when
    /// each delivery was superseded by the next: kept only under
    /// ``ReeligibilityRules/DisplaysSeenWhenReady/ofItsDeliveryUntilSuperseded``.
    private var displaysByDelivery = PerMessage<[(start: VirtualTime, delivery: Int)]>()
    private var supersededAt: [Int: VirtualTime] = [:]
    private let interval: IntervalRules
    private let reeligibility: ReeligibilityRules

    init(interval: IntervalRules, reeligibility: ReeligibilityRules) {
        self.interval = interval
        self.reeligibility = reeligibility
    }

    /// Whether the message may be triggered at time `time`: "By default a message that has been
    /// displayed is not eligible again; a campaign may set a re-eligibility period in seconds,
    /// counted from its last display" (semantics notes, point 1).
    func isEligible(_ message: InAppMessage, slot: Int, at time: VirtualTime) -> Bool {
        isEligible(message, slot: slot, at: .at(time))
    }

    /// Whether the message may be triggered at the point `time` (past the end of virtual time, for
    /// a delay that ends never: every period has passed by then).
    func isEligible(_ message: InAppMessage, slot: Int, at time: TimePoint) -> Bool {
        isEligible(message, after: lastDisplayOfMessage[slot], at: time)
    }

    /// Whether a firing of the message (at its slot), triggered under the delivery `delivery`,
    /// finds the message eligible when its delay ends at `time`, from the displays it sees
    /// (``ReeligibilityRules/displaysSeenWhenReady``).
    func isEligibleWhenReady(_ message: InAppMessage, slot: Int, delivery: Int, at time: VirtualTime) -> Bool {
        guard reeligibility.displaysSeenWhenReady == .ofItsDeliveryUntilSuperseded else {
            return isEligible(message, slot: slot, at: time)
        }
        let superseded = supersededAt[delivery]
        let seen = (displaysByDelivery[slot] ?? []).filter { display in
            display.delivery == delivery || superseded.map { display.start <= $0 } ?? true
        }
        return isEligible(message, after: seen.map(\.start).max(), at: .at(time))
    }

    /// Whether the message may be triggered at the point `time`, last displayed at `lastDisplay`.
    private func isEligible(_ message: InAppMessage, after lastDisplay: VirtualTime?, at time: TimePoint) -> Bool {
        guard let lastDisplay else { return true }
        guard let period = message.reeligibility else { return !reeligibility.onceByDefault }
        if reeligibility.countsWholeSeconds {
            // The whole seconds since the last display (``ReeligibilityRules/countsWholeSeconds``);
            // a period of 0 is no limit.
            guard period > .zero else { return true }
            if case .at(let now) = time, lastDisplay <= now {
                let whole = VirtualTime(milliseconds: (now - lastDisplay).milliseconds / 1000 * 1000)
                return reeligibility.reached.admits(whole, above: period)
            }
        }
        return reeligibility.reached.admits(time, above: lastDisplay.later(by: period))
    }

    /// Whether a display `delay` after `time` respects the minimum interval since the last display
    /// of any triggered message; always true before the first display.
    ///
    /// `time + delay - last display >= interval` is compared as `time - last display >= interval -
    /// delay`, which holds the same and cannot overflow, even at the end of virtual time.
    func respectsInterval(_ minimum: VirtualTime, at time: VirtualTime, plus delay: VirtualTime = .zero) -> Bool {
        guard let lastDisplayOfAny else { return true }
        // The interval runs from the clock's start and its margin (none under the reference rules).
        guard case .at(let start) = lastDisplayOfAny.later(by: interval.margin) else { return false }
        return interval.reached.admits(time.earlier(by: start), above: minimum.earlier(by: delay))
    }

    /// When the minimum interval since the last display ends; nil before the first display.
    func intervalEnd(_ minimum: VirtualTime) -> TimePoint? {
        lastDisplayOfAny?.later(by: interval.margin).later(by: minimum)
    }

    /// A triggered message (at its slot), triggered at `triggerTime` under the delivery
    /// `delivery`, was displayed at `time`.
    mutating func recordDisplay(
        of slot: Int,
        at time: VirtualTime,
        triggeredAt triggerTime: VirtualTime,
        delivery: Int
    ) {
        if let start = Self.start(reeligibility.countedFrom, display: time, trigger: triggerTime) {
            lastDisplayOfMessage[slot] = start
            if reeligibility.displaysSeenWhenReady == .ofItsDeliveryUntilSuperseded {
                displaysByDelivery[slot] = (displaysByDelivery[slot] ?? []) + [(start, delivery)]
            }
        }
        if let start = Self.start(interval.measuredFrom, display: time, trigger: triggerTime) {
            lastDisplayOfAny = start
        }
    }

    /// The messages were delivered for the `delivery`th time at `time`, superseding the delivery
    /// before (``ReeligibilityRules/DisplaysSeenWhenReady/ofItsDeliveryUntilSuperseded``).
    mutating func recordDelivery(_ delivery: Int, at time: VirtualTime) {
        guard reeligibility.displaysSeenWhenReady == .ofItsDeliveryUntilSuperseded else { return }
        supersededAt[delivery - 1] = time
    }

    /// The user dismissed a triggered message (at its slot) at `time`: the clocks that run from a
    /// dismissal start (``ClockStart/lastDismissal``); the reference ones do not move.
    mutating func recordDismissal(of slot: Int, at time: VirtualTime) {
        if Self.dismissalStarts.contains(reeligibility.countedFrom) { lastDisplayOfMessage[slot] = time }
        if Self.dismissalStarts.contains(interval.measuredFrom) { lastDisplayOfAny = time }
    }

    /// Where a clock that runs from `start` starts at a display at `display` triggered at
    /// `trigger`; nil when a display does not start it.
    private static func start(_ start: ClockStart, display: VirtualTime, trigger: VirtualTime) -> VirtualTime? {
        switch start {
        case .lastDisplay: display
        case .lastTrigger: trigger
        case .lastDismissal: nil
        case .lastDisplayOrDismissal: display
        case .lastImpression: nil
        }
    }

    /// The clock starts a dismissal starts (again).
    private static let dismissalStarts: Set<ClockStart> = [.lastDismissal, .lastDisplayOrDismissal]

    /// The impression of a triggered message (at its slot) was logged at `time`: the clocks that
    /// run from an impression start (``ClockStart/lastImpression``); the reference ones do not move.
    mutating func recordImpression(of slot: Int, at time: VirtualTime) {
        if reeligibility.countedFrom == .lastImpression { lastDisplayOfMessage[slot] = time }
        if interval.measuredFrom == .lastImpression { lastDisplayOfAny = time }
    }

    /// Forgets the last display of any message, keeping each message's own: the minimum interval
    /// starts afresh, and what was shown stays shown (``UserRules/displayHistoryKeptPer``).
    mutating func forgetIntervalClock() {
        lastDisplayOfAny = nil
    }

    /// A local message was displayed: no clock moves ("no interval" for local messages).
    mutating func recordLocalDisplay(at time: VirtualTime) {
        if interval.localDisplayStartsInterval { lastDisplayOfAny = time }
    }

    /// A triggered message was discarded at its display attempt for `reason`: no clock moves, but
    /// the interval's where ``IntervalRules/handedOverDiscardsStartInterval`` and the discard came
    /// after the message was handed over to be shown.
    mutating func recordDiscard(for reason: DiscardReason, at time: VirtualTime) {
        if interval.handedOverDiscardsStartInterval, Self.afterHandOver.contains(reason) { lastDisplayOfAny = time }
    }

    /// A triggered message was put on the stack at `time`: no clock moves, but the interval's where
    /// ``IntervalRules/stackingStartsInterval``.
    mutating func recordStacking(at time: VirtualTime) {
        if interval.stackingStartsInterval { lastDisplayOfAny = time }
    }

    /// The discards made once a message is handed over to be shown: the presenter's orientation
    /// and asset checks and the display delegate's answer (a timeout is judged before).
    private static let afterHandOver: Set<DiscardReason> = [.orientation, .assetFailed, .delegate]

    /// A trigger was rolled back "as if it never occurred" (semantics notes, point 15): no clock
    /// moves.
    mutating func recordRollback(of slot: Int, at time: VirtualTime) {
        if interval.rollbackStartsInterval { lastDisplayOfAny = time }
        if reeligibility.rollbackCountsAsDisplay { lastDisplayOfMessage[slot] = time }
    }
}
