import ArgumentParser

/// iamspec's exit statuses.
enum ExitStatus {
    /// Something failed: a run failed or errored, or a rule is uncovered.
    static let failure: Int32 = 1
    /// Usage, configuration or spec errors.
    static let usage: Int32 = 2

    /// Exits with status 2 after the command printed why. Prefer ``CommandFailure``, which
    /// carries the text: this is left for the engine provider of `iamspec run` until it moves.
    static var usageError: ExitCode { ExitCode(usage) }
}
