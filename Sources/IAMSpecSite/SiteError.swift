/// A site that cannot be made from its inputs.
public struct SiteError: Error, Sendable, CustomStringConvertible {
    /// What was found and what was expected.
    public var message: String
    /// Where in a file the problem is (`path:line:column`), when it is in one.
    public var place: String?

    package init(message: String) {
        self.message = message
    }

    /// A problem at `place` (`path:line:column`).
    package init(at place: String, message: String) {
        self.place = place
        self.message = message
    }

    /// `error: message`, after `path:line:column: ` when at a place, as `iamspec docs` prints it.
    public var description: String { (place.map { "\($0): " } ?? "") + "error: \(message)" }
}
