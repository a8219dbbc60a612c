/// The members of a JSON object, kept in the order they were written, each key once: keys are
/// told apart by their Unicode scalars, as JSON readers of other languages tell them apart, not
/// by Swift's canonical equivalence.
///
/// A protocol message's objects are small (1 to 20 keys): finding a key by comparing it with each
/// is cheaper than hashing it, and reading a line makes no hash table per object. Two objects are
/// equal when they have the same keys with equal values, in any order.
package struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    private struct Member: Sendable, Hashable {
        var key: String
        var value: JSONValue
    }

    private var members: [Member] = []

    package init() {}

    /// An empty object with room for `capacity` members.
    package init(reservingCapacity capacity: Int) {
        members.reserveCapacity(capacity)
    }

    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The value of `key`; setting nil removes the key, setting a new key adds it at the end.
    package subscript(key: String) -> JSONValue? {
        get {
            // Lengths first: most keys differ in length, and comparing lengths costs next to nothing.
            let length = key.utf8.count
            for index in members.indices
            where members[index].key.utf8.count == length && members[index].key.hasTheScalars(of: key) {
                return members[index].value
            }
            return nil
        }
        set {
            let position = members.firstIndex { $0.key.hasTheScalars(of: key) }
            switch (position, newValue) {
            case (let position?, let value?): members[position].value = value
            case (let position?, nil): members.remove(at: position)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The keys, in the order they were written.
    package var keys: [String] { members.map(\.key) }

    package var count: Int { members.count }

    package var isEmpty: Bool { members.isEmpty }

    /// Adds a member whose key the object does not have yet (the parser checks that).
    package mutating func appendNew(key: String, value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    package func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    package static func == (left: JSONObject, right: JSONObject) -> Bool {
        left.count == right.count && left.members.allSatisfy { right[$0.key] == $0.value }
    }

    package func hash(into hasher: inout Hasher) {
        // Independent of the order, as equality is.
        var combined = 0
        for member in members { combined &+= member.hashValue }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}
