/// A protocol message that is valid JSON but not what the protocol defines.
struct WireFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the message: `$` is the message itself, then keys and `[index]`es.
    var path: String
    /// What was found, and what was expected.
    var problem: String

    var description: String { "\(path): \(problem)" }
}
