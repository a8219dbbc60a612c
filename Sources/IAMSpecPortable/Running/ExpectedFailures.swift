/// The expected failures of a run a baseline judges that the run keeps no result of: each its run
/// and its message as the baseline judges it (`expected failure: REASON; failed: MESSAGE`), in
/// report order, each distinct message held once. The console lists each one; every other report
/// only counts them (as skipped runs, and expected failures). A run with a hundred thousand
/// expected failures of a few kinds holds a few bytes of each.
package struct ExpectedFailures: Sendable, Hashable {
    /// Each expected failure, in report order.
    private var entries: [Entry] = []
    /// Each distinct message.
    private var messages = DistinctValues<String>()

    /// An expected failure as the list holds it: its run, and the position of its message.
    private struct Entry: Sendable, Hashable {
        var run: ExplainedBehaviour.Run
        var message: Int32
    }

    /// None yet.
    package init() {}

    /// How many there are.
    package var count: Int { entries.count }

    /// Adds the run of a result a baseline expects to fail, with the message the baseline gives it;
    /// after every run before it in report order.
    package mutating func add(_ run: ExplainedBehaviour.Run, message: String) {
        entries.append(Entry(run: run, message: messages.position(of: message)))
    }

    /// Whether `run` is one of them.
    package func holds(_ run: ExplainedBehaviour.Run) -> Bool {
        entries.contains { $0.run == run }
    }

    /// Each one's run and message, in report order.
    package var listed: some Sequence<(run: ExplainedBehaviour.Run, message: String)> {
        entries.lazy.map { [messages] in ($0.run, messages[$0.message]) }
    }
}
