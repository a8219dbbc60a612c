import IAMSpec
import IAMSpecExplanation
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
            var hasher = Hasher()
            for recorded in failed { hasher.combine(recorded.run) }
            self.init(count: failed.count, hasher: hasher)
        }

        private init(count: Int, hasher: Hasher) {
            self.count = count
            hash = hasher.finalize()
        }

        /// The stream at `path` read again as `ResultsStream.readTallied(from:each:)` reads it.
        ///
        /// - Throws: ``CommandFailure`` when it cannot be read, or its failed runs are not those
        ///   first read.
        func tallied(of path: String) throws(CommandFailure) -> RecordedRun {
            var hasher = Hasher()
            var count = 0
            let again: RecordedRun
            do {
                again = try ResultsStream.readTallied(from: path) { result in
                    guard result.status == .failed else { return }
                    hasher.combine(ExplainedBehaviour.Run(result))
                    count += 1
                }
            } catch {
                throw .usage(error.description)
            }
            guard Self(count: count, hasher: hasher) == self else {
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
