import IAMSpec

/// Why a conversation with an engine process broke off; the process is stopped and reaped by then.
struct ConnectionFailure: Error, Sendable {
    /// What the case reports.
    var error: EngineError
    /// The engine closed its output before answering anything (it exited, or had already).
    var endedBeforeAnswering: Bool
    /// A process that ran a case before wrote, before or in place of its answer to `case`, a line
    /// of an earlier case, written after it ended (one already waiting when `case` was sent, one
    /// with an earlier request's `seq`, or an answer no `case` takes): what it wrote, and which
    /// case that was. The case asked for is not to blame, and runs again on a fresh process.
    var lateLine: String? = nil
}
