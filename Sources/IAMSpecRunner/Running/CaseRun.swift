import IAMSpec

/// One run of one case under one profile: the unit the runner schedules, reports and sorts.
///
/// A run made by ``RunSelection`` refers to its case by index into the selected cases, shared by
/// every run, so runs are small and passing one around copies no case. A loaded suite's cases are
/// held encoded: ``specCase`` decodes the case each time it is read, unless the run was given its
/// case decoded (the scheduler decodes a case once, when its first run starts, and its other runs
/// share it).
public struct CaseRun: Sendable {
    /// The cases the run refers into.
    private var cases: SelectedCases
    /// The index of the run's case in `cases`.
    package private(set) var caseIndex: Int
    /// The run's case decoded, when it was: shared by the runs of the case that reuse it.
    private var decodedCase: SelectedCases?
    /// The SDK generation whose rules apply in this run.
    public var profile: Profile

    /// The case to run.
    public var specCase: SpecCase {
        get { decodedCase?.specCase(at: 0) ?? cases.specCase(at: caseIndex) }
        set {
            cases = SelectedCases([newValue])
            caseIndex = 0
            decodedCase = nil
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

    /// This run with its case decoded: taken from `earlier` when that is a run of the same case
    /// whose case is decoded, else decoded now. Reading ``specCase`` of the run returned costs
    /// no decoding.
    package func withCaseDecoded(sharingWith earlier: CaseRun?) -> CaseRun {
        guard decodedCase == nil, cases.isEncoded else { return self }
        var run = self
        if let earlier, let decoded = earlier.decodedCase, isOfSameCase(as: earlier) {
            run.decodedCase = decoded
        } else {
            run.decodedCase = SelectedCases([cases.specCase(at: caseIndex)])
        }
        return run
    }
}

/// The cases runs refer into: one array, shared by reference by every run made from it; the
/// cases of a loaded suite held encoded, or cases as they are.
final class SelectedCases: Sendable {
    private enum Cases {
        case decoded([SpecCase])
        case encoded([CompactCase])
    }

    private let cases: Cases

    init(_ cases: [SpecCase]) {
        self.cases = .decoded(cases)
    }

    init(encoded cases: [CompactCase]) {
        self.cases = .encoded(cases)
    }

    /// Whether reading a case decodes it.
    var isEncoded: Bool {
        switch cases {
        case .decoded: false
        case .encoded: true
        }
    }

    /// The case at `index`, decoded when the cases are held encoded.
    func specCase(at index: Int) -> SpecCase {
        switch cases {
        case .decoded(let cases): cases[index]
        case .encoded(let cases): cases[index].decoded()
        }
    }
}
