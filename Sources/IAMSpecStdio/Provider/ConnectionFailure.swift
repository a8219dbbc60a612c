import IAMSpec

/// Why a conversation with an engine process broke off; the process is stopped and reaped by then.
struct ConnectionFailure: Error, Sendable {
    /// What the case reports.
    var error: EngineError
    /// The engine closed its output before answering anything (it exited, or had already).
    var endedBeforeAnswering: Bool
}
