/// A protocol message that is valid JSON but not what the protocol defines: the place in the
/// message, what was found there and what the protocol allows there, as in
/// `observations[2].reason: found "later", expected one of "background", "message_visible", ...`.
package struct WireFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the message: keys joined by `.`, array positions in `[]`; empty for the message
    /// itself.
    package var path: String
    /// What was there, as ``JSONValue/excerpt``, or a note such as `nothing (the key is missing)`.
    package var found: String
    /// What the protocol allows there.
    package var expected: String

    package var description: String {
        "\(path.isEmpty ? "the message" : path): found \(found), expected \(expected)"
    }
}
