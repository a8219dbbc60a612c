/// iamspec's exit statuses.
enum ExitStatus {
    /// Something failed: a run failed or errored, or a rule is uncovered.
    static let failure: Int32 = 1
    /// Usage, configuration or spec errors.
    static let usage: Int32 = 2
}
