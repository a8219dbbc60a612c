import Foundation
public import IAMSpec

/// What the engines of a ``ScriptedEngineProvider`` were made for and received, in the spirit
/// of swift-log's `InMemoryLogHandler`: tests read it after a run.
///
/// It also holds each engine's one piece of state, whether it was interrupted, so that a
/// ``ScriptedAnswer/hang`` can wait here until ``ScriptedEngine/interrupt()``.
///
/// Thread-safety: engines record from their worker threads and are interrupted from any; every
/// member is guarded by one `NSCondition`. `@unchecked` because a hanging engine waits on that
/// condition, which `Mutex` cannot do (nor build for iOS before 18).
public final class ScriptedEngineRecorder: @unchecked Sendable {
    /// One engine's life: its setup, the stimuli it got, whether it was interrupted.
    public struct Run: Sendable, Hashable {
        /// What the engine was made with: the case's id, the profile, the configuration and the messages.
        public var setup: EngineSetup
        /// In the order received, stack inspections included.
        public var stimuli: [Stimulus]
        /// Whether ``ScriptedEngine/interrupt()`` was called on the engine.
        public var wasInterrupted: Bool
    }

    private let condition = NSCondition()
    private var recorded: [Run] = []

    init() {}

    /// Every engine made, in the order they were made (which depends on scheduling).
    public var runs: [Run] {
        condition.withLock { recorded }
    }

    /// The engine made for this case and profile, if one was.
    public func run(caseID: String, profile: Profile) -> Run? {
        runs.first { $0.setup.caseID == caseID && $0.setup.profile == profile }
    }

    /// Records a new engine; returns its index in ``runs``.
    func recordMade(_ setup: EngineSetup) -> Int {
        condition.withLock {
            recorded.append(Run(setup: setup, stimuli: [], wasInterrupted: false))
            return recorded.count - 1
        }
    }

    /// Records a stimulus the engine at `index` received; returns whether it was interrupted.
    func recordReceived(_ stimulus: Stimulus, byEngine index: Int) -> Bool {
        condition.withLock {
            recorded[index].stimuli.append(stimulus)
            return recorded[index].wasInterrupted
        }
    }

    /// Marks the engine at `index` interrupted, and wakes it if it hangs.
    func recordInterrupted(engine index: Int) {
        condition.withLock {
            recorded[index].wasInterrupted = true
            condition.broadcast()
        }
    }

    /// Blocks until the engine at `index` is interrupted.
    func waitUntilInterrupted(engine index: Int) {
        condition.withLock {
            while !recorded[index].wasInterrupted {
                condition.wait()
            }
        }
    }
}
