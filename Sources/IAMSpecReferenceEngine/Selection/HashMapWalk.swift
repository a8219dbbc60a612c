/// The order in which a `java.util.HashMap` keyed by message id walks its keys, as an engine that
/// keeps its delivered messages in one and takes them in that order sees them.
///
/// A key's place in the walk is its bucket, then, within a bucket, its order of insertion (a
/// resize keeps the relative order of the keys that stay together). Its bucket is `String.hashCode`
/// (`s[0]·31^(n-1) + … + s[n-1]` over its UTF-16 units, in 32-bit arithmetic) spread as
/// `h ^ (h >>> 16)`, masked by the table's capacity: 16 for a map made with no initial capacity,
/// doubled each time the size passes three quarters of it. A bucket of more than eight keys (a
/// tree bin, or the resize a small table makes instead) is not modelled.
struct HashMapWalk: Sendable {
    /// The table's capacity once every key is in: a power of two, at least 16.
    let capacity: Int

    /// The walk of a map holding `keys` (a key met again replaces its value, in place).
    init(keys: [String]) {
        let size = Set(keys).count
        var capacity = 16
        while size > capacity / 4 * 3 { capacity *= 2 }
        self.capacity = capacity
    }

    /// The bucket of `key`: the walk visits lower buckets first.
    func bucket(of key: String) -> Int {
        let hash = Self.hashCode(of: key)
        return Int(hash ^ (hash >> 16)) & (capacity - 1)
    }

    /// Java's `String.hashCode`, as the unsigned bits of its 32-bit result.
    private static func hashCode(of key: String) -> UInt32 {
        key.utf16.reduce(0) { $0 &* 31 &+ UInt32($1) }
    }
}
