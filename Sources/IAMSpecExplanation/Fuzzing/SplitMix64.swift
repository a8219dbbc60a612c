/// A seeded pseudo-random generator (SplitMix64): the same seed gives the same numbers on every
/// machine and every Swift version, so a fuzzing seed always replays the same scenarios.
///
/// It deliberately offers its own bounded draws instead of the standard library's
/// `random(in:using:)`, whose algorithm is not promised to stay the same across releases.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform integer in `0..<bound` (bound > 0), without modulo bias.
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "a bound must be positive")
        let limit = UInt64(bound)
        let threshold = (0 &- limit) % limit
        while true {
            let draw = next()
            if draw >= threshold { return Int(draw % limit) }
        }
    }

    /// True with probability `percent` / 100.
    package mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One of the items, uniformly (the list must not be empty).
    package mutating func pick<Item>(_ items: [Item]) -> Item {
        items[below(items.count)]
    }

    /// An index chosen with the given weights (at least one positive).
    package mutating func weighted(_ weights: [Int]) -> Int {
        var draw = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if draw < weight { return index }
            draw -= weight
        }
        return weights.count - 1
    }
}
