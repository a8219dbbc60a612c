import Dispatch
import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecStdio

/// Turns SIGINT and SIGTERM into ``RunControl/interrupt()`` while a run goes on.
///
/// The first signal stops the run gracefully (the results so far are reported), and stops every
/// engine still in its handshake (`EngineHandshakes`), which would otherwise hold the run up to
/// the start timeout, or for ever if it ignores signals; a second one
/// exits at once with status 130, and the exit handler of
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
                    exit(130)
                }
                StandardError.write("interrupted: finishing the report (interrupt again to quit at once)")
                control.interrupt()
                EngineHandshakes.interruptAll()
            }
            source.resume()
            return source
        }
    }

    /// Stops listening and restores the default handling of both signals.
    func stop() {
        for source in sources {
            source.cancel()
        }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
