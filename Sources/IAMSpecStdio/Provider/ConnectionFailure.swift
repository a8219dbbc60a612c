import IAMSpec

/// Why a conversation with an engine process broke off; the process is stopped and reaped by then.
struct ConnectionFailure: Error, Sendable {
    /// What the case reports.
    var error: EngineError
    /// The engine closed its output before answering anything (it exited, or had already).
    var endedBeforeAnswering: Bool
    /// A process that ran a case before wrote, in place of its answer to `case`, a line that does
    /// not answer it (any `seq`, any type): a line of the case before, written after it ended.
    /// What it wrote, and which case that was. The case asked for is not to blame, and runs again
    /// on a fresh process.
    var lateLine: String? = nil
}
