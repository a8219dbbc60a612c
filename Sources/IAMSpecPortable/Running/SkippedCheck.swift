import IAMSpec

/// A check of a run that was not made, while the rest of the run was judged: the `stack` part of
/// an `expect` step, on an engine without `stack-inspection` (Specs/README.md, "Capabilities").
/// A run that passes with one passed everything but it, and says so in every report.
public struct SkippedCheck: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the `expect` step is written.
    public var location: SourceLocation
    /// The part of the step that was not checked, as the case writes it (`stack`).
    public var check: String
    /// The capability the engine lacks, which the check needs.
    public var capability: Capability

    /// The check at `location`, skipped for want of `capability`.
    public init(location: SourceLocation, check: String, capability: Capability) {
        self.location = location
        self.check = check
        self.capability = capability
    }

    /// `Specs/stack/lifo.yaml:12:7: stack (the engine lacks stack-inspection)`, as reports list it.
    public var description: String {
        "\(location): \(check) (the engine lacks \(capability.rawValue))"
    }
}
