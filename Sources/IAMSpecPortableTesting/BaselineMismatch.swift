/// A compiled suite carries the baseline of another engine than the one under test
/// (`iamspec compile --baseline FILE`, whose `engine` names another): no run is judged by it, as
/// `iamspec run --baseline` refuses such a file.
public struct BaselineMismatch: Error, CustomStringConvertible {
    /// What the suite's baseline is for, what the engine is, and how to mend it.
    public var description: String
}
