import IAMSpec

/// Why a conversation with an engine process broke off; the process is stopped and reaped by then.
struct ConnectionFailure: Error, Sendable {
    /// What the case reports.
    var error: EngineError
    /// The engine closed its output before answering anything (it exited, or had already).
    var endedBeforeAnswering: Bool
    /// Protocol 2: before answering `case`, the engine wrote a line that belongs to the case before
    /// (an older `seq`, or none): what it wrote, and which case that was. The case asked for is
    /// not to blame, and runs again on a fresh process.
    var lateLine: String? = nil
}
