/// One of N shares of a suite (`--shard I/N`, I from 1): the cases whose id hashes to it.
///
/// A case's shard depends on its id alone (`StableHash.fnv1a64(_:)` modulo N), so adding or
/// removing a case never moves another one, and the N shards together hold every case exactly
/// once. Every profile of a case runs in the same shard.
public struct Shard: Sendable, Hashable, TextCodable {
    /// 1-based: from 1 to ``count``.
    public var index: Int
    /// How many shards the suite is split into.
    public var count: Int

    /// Nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    ///
    /// - Throws: ``ShardSyntaxError`` saying what was found and what was expected.
    public init(parsing text: String) throws(ShardSyntaxError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && !$0.hasPrefix("+") && !$0.hasPrefix("-") })
        else {
            throw ShardSyntaxError(message: "found '\(text)', expected I/N with whole numbers, for example 2/4")
        }
        guard count >= 1 else {
            throw ShardSyntaxError(message: "found '\(text)', expected at least 1 shard (N ≥ 1)")
        }
        guard let shard = Shard(index: index, count: count) else {
            throw ShardSyntaxError(message: "found '\(text)', expected a shard number I from 1 to \(count)")
        }
        self = shard
    }

    /// Whether the case with this id belongs to this shard.
    public func contains(caseID: String) -> Bool {
        Self.index(of: caseID, among: count) == index
    }

    /// The 1-based shard, out of `count`, that the case with this id belongs to.
    package static func index(of caseID: String, among count: Int) -> Int {
        Int(StableHash.fnv1a64(caseID) % UInt64(max(1, count))) + 1
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}

/// A `--shard` value that is not `I/N` with 1 ≤ I ≤ N.
public struct ShardSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was found and what was expected.
    public var message: String

    /// The message: what was found and what was expected.
    public var description: String { message }
}
