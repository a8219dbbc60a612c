/// What `FailureExplainer` found of each failing run by replaying each behaviour of the catalogue
/// alone: the behaviours that reproduce it, and of those that change its timeline (their replay
/// differs from the reference engine's), the closest (as a pool orders them: most steps agreeing
/// first, then catalogue order; as many as a pool takes) and those of the rules its failing check
/// names. Held flat, a few bits and a fixed number of 8-byte slots a run: a hundred thousand
/// failing runs' small arrays would cost more in their headers than in what they hold.
struct SinglesFound {
    /// The 64-bit words of a run's set of behaviours.
    private let words: Int
    /// The closest behaviours kept for each run.
    private let kept: Int
    private var reproducing: [UInt64]
    private var ofTheRules: [UInt64]
    /// `kept` slots a run, the first `nearestCount[run]` of them in the pool's order.
    private var nearest: [Closeness]
    private var nearestCount: [Int32]

    /// Nothing found yet of `runs` runs, of a catalogue of `behaviours`, keeping the `kept` closest.
    init(runs: Int, behaviours: Int, kept: Int) {
        words = (behaviours + 63) / 64
        self.kept = kept
        reproducing = Array(repeating: 0, count: runs * words)
        ofTheRules = reproducing
        nearest = Array(repeating: Closeness(index: 0, steps: 0), count: runs * kept)
        nearestCount = Array(repeating: 0, count: runs)
    }

    /// The behaviour at `index` reproduces the run.
    mutating func reproduces(_ run: Int, by index: Int) {
        reproducing[run * words + index / 64] |= 1 << UInt64(index % 64)
    }

    /// The behaviour at `index` changes the run's timeline, its replay agreeing with the run for
    /// `steps` (`RecordedFailure.closeness(of:)`); `ofItsRules` when it is of a rule the run's
    /// failing check names.
    mutating func changes(_ run: Int, by index: Int, steps: Int, ofItsRules: Bool) {
        if ofItsRules { ofTheRules[run * words + index / 64] |= 1 << UInt64(index % 64) }
        let new = Closeness(index: index, steps: steps)
        let base = run * kept
        let count = Int(nearestCount[run])
        var position = count
        for slot in 0..<count where new.precedes(nearest[base + slot]) {
            position = slot
            break
        }
        guard position < kept else { return }
        var slot = min(count, kept - 1)
        while slot > position {
            nearest[base + slot] = nearest[base + slot - 1]
            slot -= 1
        }
        nearest[base + position] = new
        nearestCount[run] = Int32(min(count + 1, kept))
    }

    /// The behaviours (catalogue positions, in order) that reproduce the run.
    func reproducing(_ run: Int) -> [Int] {
        members(of: reproducing, run)
    }

    /// The behaviours of the rules of the run's failing check that change its timeline.
    func ofTheRules(_ run: Int) -> [Int] {
        members(of: ofTheRules, run)
    }

    /// The `limit` behaviours closest to the run (at most as many as are kept), closest first.
    func nearest(_ run: Int, limit: Int) -> [Int] {
        let base = run * kept
        return (0..<min(limit, Int(nearestCount[run]))).map { nearest[base + $0].index }
    }

    private func members(of sets: [UInt64], _ run: Int) -> [Int] {
        var members: [Int] = []
        for word in 0..<words {
            var bits = sets[run * words + word]
            while bits != 0 {
                members.append(word * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return members
    }

    /// How close a behaviour's replay comes to a failing run: its position in the catalogue and
    /// the steps agreeing, eight bytes.
    private struct Closeness {
        private let position: Int32
        private let steps: Int32

        init(index: Int, steps: Int) {
            position = Int32(clamping: index)
            self.steps = Int32(clamping: steps)
        }

        /// The behaviour's position in the catalogue.
        var index: Int { Int(position) }

        /// Whether this comes before `other` in a pool's choice: more steps agreeing, then first
        /// in the catalogue.
        func precedes(_ other: Closeness) -> Bool {
            (other.steps, position) < (steps, other.position)
        }
    }
}
