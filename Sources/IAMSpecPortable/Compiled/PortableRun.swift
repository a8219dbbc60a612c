import IAMSpec

/// One run of a compiled suite: a case under one profile, as ``PortableSuite/runs`` lists them.
///
/// Its description names it as reports do, `priority-tie-later-wins [braze-swift]`: a Swift
/// Testing test over ``PortableSuite/runs`` shows each run so.
public struct PortableRun: Sendable, Hashable, CustomStringConvertible {
    /// The id of the run's case.
    public let caseID: String
    /// The profile the case runs under.
    public let profile: Profile
    /// The case's title.
    public let title: String
    /// The run's position in its suite's runs, which are in report order.
    package let index: Int

    /// `case-id [profile]`.
    public var description: String { "\(caseID) [\(profile.rawValue)]" }
}
