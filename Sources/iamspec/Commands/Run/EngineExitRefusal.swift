import IAMSpecPlatform
import IAMSpecRunner
import Synchronization

/// Refuses an `exit` that an engine in iamspec's own process (`--in-process`) calls during a case
/// run: that would end iamspec at once, with status the engine chose (0, say), without the
/// reports, and look like a success.
///
/// An exit handler, registered when the run starts (so that it runs before the handlers
/// registered earlier, among them the one that kills engine processes), asks the run to give up
/// the case run of the thread that called `exit` (`RunControl.abandonRunOnThisThread(_:)`). When
/// that thread is making one, the run is an error saying so, a new worker takes the thread's
/// place, and the thread is parked for good inside `exit`: the process does not end there, and
/// the run goes on to its reports. An `exit` from any other thread (iamspec's own, once the run
/// is over) goes its way. The handler registers itself again, so that a second engine's `exit`
/// is refused too.
///
/// A thread parked inside `exit` may hold what a later `exit` needs (a C library may serialize
/// them), so once an exit was refused, iamspec ends with `_exit` after flushing standard output
/// (``ExitStatus/exitProcess(_:)``); a run in process has no engine process to kill on the way.
enum EngineExitRefusal {
    private static let control = Mutex<RunControl?>(nil)
    private static let refused = Atomic(false)

    /// Refuses engines' exits during `control`'s run, from now until the process ends.
    static func install(for run: RunControl) {
        control.withLock { $0 = run }
        register()
    }

    /// Whether an exit was refused: a thread is parked inside `exit`.
    static var hasRefused: Bool {
        refused.load(ordering: .acquiring)
    }

    private static func register() {
        #if os(Linux)
        _ = on_exit({ status, _ in EngineExitRefusal.refuse(status: "exit(\(status))") }, nil)
        #else
        _ = atexit { EngineExitRefusal.refuse(status: "exit") }
        #endif
    }

    /// Called inside `exit`: parks the calling thread for good when it was making a case run,
    /// whose error says so; returns otherwise. The handler is registered again as soon as the run
    /// is found, before a new worker can start (whose engine may call `exit` at once).
    private static func refuse(status: String) {
        let message =
            "the engine called \(status) during this run; iamspec refused to end there (the engine runs in "
            + "iamspec's process, --in-process, and the reports would be lost), gave up this run's thread and went on"
        guard let run = control.withLock({ $0 })?.abandonRunOnThisThread(message, onceFound: register) else { return }
        refused.store(true, ordering: .releasing)
        StandardError.write("error: the engine called \(status) in \(run); iamspec refused to end, and the run goes on")
        while true {
            pause()
        }
    }
}
