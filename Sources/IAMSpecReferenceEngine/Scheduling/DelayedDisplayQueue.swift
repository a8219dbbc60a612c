import IAMSpec

/// Triggered messages waiting out their delay, in the order they become ready.
///
/// "A trigger may delay its display by up to 7200 s" (semantics notes, point 7). Ready times are
/// virtual: entries fall due only when an `advance` passes them, in time order, and at equal
/// times in trigger order.
struct DelayedDisplayQueue {
    private struct Entry {
        var readyTime: TimePoint
        var presentation: Presentation
    }

    /// Sorted by ready time; entries with equal times keep their scheduling order.
    private var entries: [Entry] = []
    private let rules: DelayRules

    init(rules: DelayRules) {
        self.rules = rules
    }

    /// The slots of the waiting messages, in the order they become ready.
    var slots: [Int] { entries.map(\.presentation.slot) }

    /// Schedules the message to become ready at `readyTime`: after every entry due earlier, and
    /// after (in trigger order) or before the entries due at the same time. A message ready past the
    /// end of virtual time waits for ever.
    mutating func schedule(_ presentation: Presentation, readyAt readyTime: TimePoint) {
        let afterEqualTimes = rules.equalReadyTimes == .inTriggerOrder
        var low = entries.startIndex
        var high = entries.endIndex
        while low < high {
            let middle = (low + high) / 2
            let before = entries[middle].readyTime
            if afterEqualTimes ? before <= readyTime : before < readyTime {
                low = middle + 1
            } else {
                high = middle
            }
        }
        entries.insert(Entry(readyTime: readyTime, presentation: presentation), at: low)
    }

    /// When the earliest entry becomes ready; nil when none waits, or it waits past the end of
    /// virtual time.
    var firstReadyTime: VirtualTime? {
        guard let first = entries.first, case .at(let readyTime) = first.readyTime else { return nil }
        return readyTime
    }

    /// Takes the earliest entry due at or before `deadline`, with its ready time.
    mutating func popFirstDue(by deadline: VirtualTime) -> (readyTime: VirtualTime, presentation: Presentation)? {
        guard let first = entries.first, case .at(let readyTime) = first.readyTime, readyTime <= deadline else {
            return nil
        }
        entries.removeFirst()
        return (readyTime, first.presentation)
    }

    /// Forgets every waiting message (they lived in memory only).
    mutating func removeAll() {
        entries.removeAll()
    }
}
