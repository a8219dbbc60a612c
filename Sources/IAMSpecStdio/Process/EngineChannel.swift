/// A running engine program as the protocol sees it: a stream to write requests to, a stream
/// to read replies from, what it wrote on the side, and a way to stop it.
///
/// ``ChildProcess`` is the one used by ``StdioEngineProvider``; tests also serve an engine from
/// a thread of their own over pipes.
protocol EngineChannel: AnyObject, Sendable {
    /// The descriptor iamspec writes requests to (the engine's stdin).
    var inputDescriptor: Int32 { get }
    /// The descriptor iamspec reads replies from (the engine's stdout).
    var outputDescriptor: Int32 { get }
    /// The process id, when the engine is a process.
    var processID: Int32? { get }
    /// A descriptor that becomes readable when the engine process exits (Linux), so that a read
    /// sees the exit at once even while a child of the engine holds its stdout open.
    var exitDescriptor: Int32? { get }
    /// How much the engine has written on stderr so far: a mark for ``diagnostics(since:)``.
    var stderrPosition: Int { get }

    /// The tail of what the engine wrote on stderr after the mark.
    func diagnostics(since position: Int) -> String

    /// Kills the engine at once; thread-safe and harmless to repeat. Does not wait for it.
    func kill()

    /// Closes iamspec's ends of the streams, so the engine reads the end of its input. Only the
    /// thread that reads and writes the streams may call it; harmless to repeat.
    func closeStreams()

    /// Waits up to `gracePeriod` for the engine to end by itself, kills it if it has not, and
    /// reaps it; thread-safe and harmless to repeat. Returns how it ended, when that is known.
    func waitForExit(gracePeriod: Duration) -> String?
}

extension EngineChannel {
    var exitDescriptor: Int32? { nil }
}
