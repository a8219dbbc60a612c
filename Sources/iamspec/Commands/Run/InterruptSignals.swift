import Dispatch
import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecStdio

/// Turns SIGINT and SIGTERM into ``RunControl/interrupt()`` for the whole of `iamspec run`: made
/// at its first step, it listens until the process exits.
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

    init(control: RunControl) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if control.isInterrupted {
                    ExitStatus.exitProcess(130)
                }
                StandardError.write("interrupted: finishing the report (interrupt again to quit at once)")
                control.interrupt()
                EngineHandshakes.interruptAll()
            }
            source.resume()
            return source
        }
    }
}
