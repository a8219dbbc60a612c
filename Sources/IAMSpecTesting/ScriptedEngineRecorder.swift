import Foundation
public import IAMSpec

/// What the engines of a ``ScriptedEngineProvider`` were made for and received, in the spirit
/// of swift-log's `InMemoryLogHandler`: tests read it after a run.
///
/// Thread-safety: engines record from their worker threads; every member is guarded by a lock.
public final class ScriptedEngineRecorder: @unchecked Sendable {
    /// One engine's life: its setup, the stimuli it got, whether it was interrupted.
    public struct Run: Sendable, Hashable {
        public var setup: EngineSetup
        /// In the order received, stack inspections included.
        public var stimuli: [Stimulus]
        public var wasInterrupted: Bool
    }

    private let lock = NSLock()
    private var recorded: [Run] = []

    init() {}

    /// Every engine made, in the order they were made (which depends on scheduling).
    public var runs: [Run] {
        lock.withLock { recorded }
    }

    /// The engine made for this case and profile, if one was.
    public func run(caseID: String, profile: Profile) -> Run? {
        runs.first { $0.setup.caseID == caseID && $0.setup.profile == profile }
    }

    func recordMade(_ setup: EngineSetup) {
        lock.withLock { recorded.append(Run(setup: setup, stimuli: [], wasInterrupted: false)) }
    }

    func recordReceived(_ stimulus: Stimulus, by setup: EngineSetup) {
        update(setup) { $0.stimuli.append(stimulus) }
    }

    func recordInterrupted(_ setup: EngineSetup) {
        update(setup) { $0.wasInterrupted = true }
    }

    private func update(_ setup: EngineSetup, _ change: (inout Run) -> Void) {
        lock.withLock {
            if let index = recorded.lastIndex(where: { $0.setup == setup }) {
                change(&recorded[index])
            }
        }
    }
}
