import IAMSpec
import IAMSpecExplanation
import IAMSpecRunner

extension ExplainCommand {
    /// What an explanation's replays need of a stream's results, taken as `explain` reads them:
    /// which runs did not pass, how many did, and whether that tells the passes. A failed run's own record is a `RecordedFailure`.
    struct RunsReplayed {
        /// The stream's selection, which gives the runs of the suite loaded.
        private let selection: RunSelection
        /// The runs the results list as anything but passed.
        private let notPassed: Set<ExplainedBehaviour.Run>
        /// How many runs the engine passed.
        private let passedCount: Int
        /// Whether every run of the selection ran (the run was not cut short), so that the runs
        /// it passed are the others.
        private let ranEveryRun: Bool
        /// The whole run whose passes judge the names too (`--whole-run`), those of its runs the
        /// selection made again left out.
        private let wholeRun: WholeRunStream?

        /// What `summary` says of the runs, `notPassed` being those its results list as anything
        /// but passed; `passedRuns` (`iamspec run`'s child, given only the runs that did not pass)
        /// how many passed, when given; `wholeRun` the whole run whose passes count too.
        init(
            _ summary: RunSummary,
            notPassed: Set<ExplainedBehaviour.Run>,
            passedRuns: Int?,
            wholeRun: WholeRunStream?
        ) {
            selection = summary.header.selection
            self.notPassed = notPassed
            passedCount = passedRuns ?? summary.passedCount
            ranEveryRun = summary.notRun == 0 && !summary.interrupted && !summary.stoppedAtFirstFailure
            self.wholeRun = wholeRun
        }

        /// The failed runs (`failed`, as the search compares them) with their cases among
        /// `loadedCases` (a failed run whose case is not there left out), and the runs the engine
        /// passed.
        func input(
            failed: [RecordedFailure],
            cases loadedCases: [LoadedCase]
        ) -> (failures: [FailureExplainer.Failure], passes: [FailureExplainer.Pass]) {
            let runs = selection.runs(of: loadedCases)
            // Each failed run's case held as loaded, decoded only while it is replayed: the
            // selection's run, which shares the loaded cases with the others (a run of a case the
            // selection leaves out holds its case alone).
            let failing = Set(failed.map(\.run))
            var selected: [ExplainedBehaviour.Run: CaseRun] = [:]
            for run in runs {
                let key = ExplainedBehaviour.Run(caseID: loadedCases[run.caseIndex].id, profile: run.profile)
                if failing.contains(key) { selected[key] = run }
            }
            let unselected = Set(failed.filter { selected[$0.run] == nil }.map(\.run.caseID))
            var cases: [String: LoadedCase] = [:]
            if !unselected.isEmpty {
                for loaded in loadedCases where unselected.contains(loaded.id) { cases[loaded.id] = loaded }
            }
            // As many as there are, not an array grown by doubling: a hundred thousand failures
            // are many.
            var failures: [FailureExplainer.Failure] = []
            failures.reserveCapacity(failed.count)
            for recorded in failed {
                let run =
                    selected[recorded.run]
                    ?? cases[recorded.run.caseID].map { CaseRun(loaded: $0, profile: recorded.run.profile) }
                if let run { failures.append(FailureExplainer.Failure(recorded: recorded, run: run)) }
            }
            return (failures, passes(among: runs, of: loadedCases))
        }

        /// The runs the engine passed, each case file's together: the runs of the selection
        /// (`runs`, of `loadedCases`) that the results do not list as anything but passed, and
        /// those the whole run passed that the selection did not make again. None when that cannot be told: the run
        /// was cut short (some runs never ran), or the cases no longer give as many passes as
        /// were counted; the selection's alone, with a warning, when the whole run's cannot be.
        private func passes(among runs: [CaseRun], of loadedCases: [LoadedCase]) -> [FailureExplainer.Pass] {
            guard ranEveryRun else { return [] }
            var passed = runs.filter {
                !notPassed.contains(ExplainedBehaviour.Run(caseID: loadedCases[$0.caseIndex].id, profile: $0.profile))
            }
            guard passed.count == passedCount else { return [] }
            if let wholeRun {
                let made = Set(
                    runs.map { ExplainedBehaviour.Run(caseID: loadedCases[$0.caseIndex].id, profile: $0.profile) }
                )
                if let wholePasses = wholeRun.passes(among: loadedCases, leavingOut: made) {
                    passed += wholePasses
                } else {
                    StandardError.write(
                        "warning: the passes of --whole-run '\(QuotedText.line(wholeRun.path))' cannot be told (it was "
                            + "cut short, or the specs read no longer give as many passes as it counted): the names are "
                            + "checked against this run's passes alone"
                    )
                }
            }
            // A case file's passes together: each hypothesis checked replays them all, and each
            // replay of a pass reads its file when the suite keeps no model of it.
            return passed.groupedByCaseFile().map(FailureExplainer.Pass.init)
        }
    }
}
