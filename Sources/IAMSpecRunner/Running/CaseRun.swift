import IAMSpec

/// One run of one case under one profile: the unit the runner schedules, reports and sorts.
///
/// A run made by `RunSelection` refers to its case by index into the selected cases, shared by
/// every run, so runs are small and passing one around copies no case. A loaded suite's case may
/// have to be read again from its file (`LoadedCase`): ``specCase`` reads it each time it is
/// read, unless the run was given its case by `withCaseDecoded(sharingWith:)` (the scheduler
/// does so once, when the case's first run starts, and its other runs share it).
public struct CaseRun: Sendable {
    /// The cases the run refers into.
    private var cases: SelectedCases
    /// The index of the run's case in `cases`.
    package private(set) var caseIndex: Int
    /// The SDK generation whose rules apply in this run.
    public var profile: Profile

    /// The case to run.
    public var specCase: SpecCase {
        _read {
            // One yield, so that the read is inlined where it is used (a run's case is read field
            // by field, many times per run): the case read alone when the run was not given it.
            let isDecoded = cases.loaded.isEmpty
            let holder = isDecoded ? cases : SelectedCases([cases.loaded[caseIndex].decodedOrExit()])
            yield holder.decoded[isDecoded ? caseIndex : 0]
        }
        set {
            cases = SelectedCases([newValue])
            caseIndex = 0
        }
    }

    /// A run of `specCase` under `profile`, made in code (the runs `RunSelection` makes share
    /// their cases instead).
    public init(specCase: SpecCase, profile: Profile) {
        self.init(cases: SelectedCases([specCase]), caseIndex: 0, profile: profile)
    }

    /// A run of a loaded suite's case under `profile`, the case read only when read.
    package init(loaded loadedCase: LoadedCase, profile: Profile) {
        self.init(cases: SelectedCases(loaded: [loadedCase]), caseIndex: 0, profile: profile)
    }

    init(cases: SelectedCases, caseIndex: Int, profile: Profile) {
        self.cases = cases
        self.caseIndex = caseIndex
        self.profile = profile
    }

    /// The id of the run's case, read without its model.
    package var caseID: String {
        cases.loaded.isEmpty ? cases.decoded[caseIndex].id : cases.loaded[caseIndex].id
    }

    /// The identity of the file the run's case is read from; nil for a case held as it is.
    var caseFile: ObjectIdentifier? {
        cases.loaded.isEmpty ? nil : cases.loaded[caseIndex].fileIdentity
    }

    /// Whether both runs are of the very same loaded case (and so share its storage).
    func isOfSameCase(as other: CaseRun) -> Bool {
        cases === other.cases && caseIndex == other.caseIndex
    }

    /// This run with its case, once for the runs of a case: `earlier` is the run of the same case
    /// before it, as this method returned it, whose case it shares; nil for the case's first run,
    /// whose case is read now (``LoadedCase/decoded()``: an error when its file changed since it
    /// was loaded). Reading ``specCase`` of the run returned reads nothing.
    package func withCaseDecoded(sharingWith earlier: CaseRun?) throws(CaseFileChanged) -> CaseRun {
        guard !cases.loaded.isEmpty else { return self }
        var run = self
        if let earlier, earlier.cases.loaded.isEmpty {
            run.cases = earlier.cases
            run.caseIndex = earlier.caseIndex
        } else {
            run.cases = SelectedCases([try cases.loaded[caseIndex].decoded()])
            run.caseIndex = 0
        }
        return run
    }
}

extension [CaseRun] {
    /// The runs with each case file's runs together, the files in the order of their first run
    /// and each file's runs in their order: a pass over them that wants no report order (the
    /// needs proof's) reads each file once, where runs in case id order may read a file again
    /// for each of its cases when its cases' ids are far apart.
    package func groupedByCaseFile() -> [CaseRun] {
        positionsGroupedByCaseFile().map { self[$0] }
    }

    /// The positions of the runs in the order of ``groupedByCaseFile()``: for a pass that keeps
    /// what it finds by run (an explanation's replays).
    package func positionsGroupedByCaseFile() -> [Int] {
        indices.keptTogether { self[$0].caseFile }
    }

    /// The runs, each given its case (``CaseRun/withCaseDecoded(sharingWith:)``), a run of the
    /// same case as the run before it sharing that run's: what a pass that replays the same runs
    /// on many engines holds, so that a case past the suite's model budget is read again once,
    /// not once an engine.
    ///
    /// - Throws: `CaseFileChanged` when a case's file changed since the suite was loaded.
    package func withCasesDecoded() throws(CaseFileChanged) -> [CaseRun] {
        var decoded: [CaseRun] = []
        decoded.reserveCapacity(count)
        var previous: CaseRun?
        for run in self {
            let earlier = previous.flatMap { run.isOfSameCase(as: $0) ? decoded.last : nil }
            decoded.append(try run.withCaseDecoded(sharingWith: earlier))
            previous = run
        }
        return decoded
    }
}

/// The cases runs refer into: one array, shared by reference by every run made from it; the
/// cases of a loaded suite as loaded, or cases as they are.
final class SelectedCases: Sendable {
    /// The cases, when they are not a loaded suite's.
    let decoded: [SpecCase]
    /// The cases of a loaded suite, as loaded; empty when the cases are in `decoded`.
    let loaded: [LoadedCase]

    init(_ cases: [SpecCase]) {
        decoded = cases
        loaded = []
    }

    init(loaded cases: [LoadedCase]) {
        decoded = []
        loaded = cases
    }
}
