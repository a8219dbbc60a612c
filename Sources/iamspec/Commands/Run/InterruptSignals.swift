import Dispatch
import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecStdio

/// Turns SIGINT and SIGTERM into ``RunControl/interrupt()`` for the whole of `iamspec run`: held
/// back from `main`'s first instruction (``hold()``) and listened for from `run`'s first step,
/// until the process exits, so that no signal finds iamspec without its handling.
///
/// The first signal stops the run gracefully, whatever it is doing: loading stops before the next
/// file, an engine still in its handshake (`EngineHandshakes`) is stopped (it would otherwise hold
/// the run up to the start timeout, or for ever if it ignores signals), no more cases start, and
/// reports being written are finished; the reports then hold what ran, marked interrupted, and the
/// exit status is 1. A second one exits at once with status 130, and the exit handler of
/// ``EngineProcesses/superviseForThisProcess()`` kills the engines still running.
///
/// It stays in the tool rather than a library: what a signal means (how a run stops, when to give
/// up and exit) is the tool's policy, and a library linked into an engine author's test process
/// must leave that process's signal handling alone; it also needs ``RunControl``, from
/// IAMSpecRunner, on which IAMSpecStdio does not depend.
final class InterruptSignals {
    private let sources: [any DispatchSourceSignal]

    /// Listens for both signals on behalf of `control`; returns once Dispatch listens, so that
    /// a signal held since ``hold()`` is handled now.
    init(control: RunControl) {
        let registered = DispatchSemaphore(value: 0)
        sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if control.isInterrupted {
                    ExitStatus.exitProcess(130)
                }
                // The run knows before anyone reads the notice.
                control.interrupt()
                StandardError.write("interrupted: finishing the report (interrupt again to quit at once)")
                EngineHandshakes.interruptAll()
            }
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            return source
        }
        for _ in sources {
            registered.wait()
        }
    }

    /// Holds SIGINT and SIGTERM back (blocks them) in the calling thread and the threads it
    /// starts: `main` calls it first of all, so that one that comes while iamspec starts waits,
    /// pending, until `run` listens (Dispatch then reads it), or another command lets it act.
    /// Engines start with no signal blocked (`ChildProcess`).
    static func hold() {
        var signals = interruptSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Lets SIGINT and SIGTERM act again as they do by default (a signal held meanwhile acts now):
    /// for every command but `run`.
    static func release() {
        var signals = interruptSignals
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    private static var interruptSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
