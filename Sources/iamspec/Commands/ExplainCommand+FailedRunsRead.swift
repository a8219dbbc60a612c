import IAMSpec
import IAMSpecMutants
import IAMSpecRunner

extension ExplainCommand {
    /// The failed runs of a results stream as `explain` first read them (how many, and a hash of
    /// each one's case and profile, in order): `explain` lets the stream's results go while it
    /// replays them and reads the file again for its reports, and the file read again must hold
    /// the runs explained. A file changed in between is an error at it, not a report of other runs
    /// under the names found for these.
    struct FailedRunsRead: Equatable {
        private let count: Int
        private let hash: Int

        init(_ failed: [RecordedFailure]) {
            self.init(failed.lazy.map(\.run))
        }

        private init(_ runs: some Sequence<ExplainedBehaviour.Run>) {
            var hasher = Hasher()
            var count = 0
            for run in runs {
                hasher.combine(run)
                count += 1
            }
            self.count = count
            hash = hasher.finalize()
        }

        /// The stream at `path` read again as `ResultsStream.readKept(from:keeping:)` reads it.
        ///
        /// - Throws: ``CommandFailure`` when it cannot be read, or its failed runs are not those
        ///   first read.
        func outlines(
            of path: String,
            keeping: (CaseResult) -> CaseResult
        ) throws(CommandFailure) -> RecordedRun {
            let again: RecordedRun
            do {
                again = try ResultsStream.readKept(from: path, keeping: keeping)
            } catch {
                throw .usage(error.description)
            }
            let runs = again.summary.results.lazy.filter { $0.status == .failed }.map(ExplainedBehaviour.Run.init)
            guard Self(runs) == self else {
                throw .usage(
                    Diagnostic(
                        "found other failed runs than when explain first read the file, expected the same file: it "
                            + "changed while explain replayed its runs",
                        at: SourceLocation(file: path, line: 1, column: 1)
                    ).description
                )
            }
            return again
        }
    }
}
