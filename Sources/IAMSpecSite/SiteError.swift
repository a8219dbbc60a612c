/// A site that cannot be made from its inputs.
public struct SiteError: Error, Sendable, CustomStringConvertible {
    /// What was found and what was expected.
    public var message: String

    package init(message: String) {
        self.message = message
    }

    /// `error: message`, as `iamspec docs` prints it.
    public var description: String { "error: \(message)" }
}
