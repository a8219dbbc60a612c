import IAMSpec

/// One run of one case under one profile: the unit the runner schedules, reports and sorts.
///
/// A run made by ``RunSelection`` refers to its case by index into the loaded cases, shared by
/// every run, so runs are small and passing one around copies no case.
public struct CaseRun: Sendable {
    /// The cases the run refers into.
    private var cases: SelectedCases
    /// The index of the run's case in `cases`.
    package private(set) var caseIndex: Int
    /// The SDK generation whose rules apply in this run.
    public var profile: Profile

    /// The case to run.
    public var specCase: SpecCase {
        _read { yield cases.cases[caseIndex] }
        set {
            cases = SelectedCases([newValue])
            caseIndex = 0
        }
    }

    public init(specCase: SpecCase, profile: Profile) {
        self.init(cases: SelectedCases([specCase]), caseIndex: 0, profile: profile)
    }

    init(cases: SelectedCases, caseIndex: Int, profile: Profile) {
        self.cases = cases
        self.caseIndex = caseIndex
        self.profile = profile
    }

    /// Whether both runs are of the very same loaded case (and so share its storage).
    func isOfSameCase(as other: CaseRun) -> Bool {
        cases === other.cases && caseIndex == other.caseIndex
    }
}

/// The cases runs refer into: one array, shared by reference by every run made from it.
final class SelectedCases: Sendable {
    let cases: [SpecCase]

    init(_ cases: [SpecCase]) {
        self.cases = cases
    }
}
