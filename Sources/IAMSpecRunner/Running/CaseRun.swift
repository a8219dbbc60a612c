import IAMSpec

/// One run of one case under one profile: the unit the runner schedules, reports and sorts.
public struct CaseRun: Sendable {
    /// The case to run.
    public var specCase: SpecCase
    /// The SDK generation whose rules apply in this run.
    public var profile: Profile

    public init(specCase: SpecCase, profile: Profile) {
        self.specCase = specCase
        self.profile = profile
    }
}
