import IAMSpecRunner

extension WholeRunStream {
    /// The stream given as `--whole-run PATH`, read whole and required to be a run of
    /// `suitePaths` and `engineCommand` (nil: the reference engine), those of the run it is to
    /// judge.
    ///
    /// - Throws: ``CommandFailure`` (exit status 2) when it cannot be read, or is of another
    ///   suite or engine.
    static func given(
        _ path: String,
        toJudgeRunOf suitePaths: [String],
        engineCommand: String?
    ) throws(CommandFailure) -> WholeRunStream {
        let stream: WholeRunStream
        do {
            stream = try WholeRunStream(readingFrom: path)
        } catch {
            throw .usage("\(error.description) (given as --whole-run)")
        }
        do {
            try stream.requireRun(of: suitePaths, engineCommand: engineCommand)
        } catch {
            throw .usage("error: --whole-run \(error.description)")
        }
        return stream
    }
}
