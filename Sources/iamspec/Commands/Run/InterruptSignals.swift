import CIAMSpecToolStart
import Dispatch
import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecStdio

/// Turns SIGINT, SIGTERM and SIGHUP into ``RunControl/interrupt()`` for the whole of `iamspec run` (and
/// of `run-compiled` and `explore`, which write what they found, as `finishing` says): held
/// back from `main`'s first instruction (``hold()``) and listened for from `run`'s first step,
/// until the process exits, so that no signal finds iamspec without its handling.
///
/// The first signal stops the run gracefully, whatever it is doing: loading stops before the next
/// file, an engine still in its handshake (`EngineHandshakes`) is stopped (it would otherwise hold
/// the run up to the start timeout, or for ever if it ignores signals), no more cases start, the
/// explanation's child is killed and an experiment's engine interrupted, and reports being
/// written are finished (one waiting for a FIFO's reader is given up); the reports then hold what
/// ran, marked interrupted, and the exit status is 1. A second one exits with status 130 once the
/// reports of the runs made are written (``ReportsUnderWay``), at once when there are none, and
/// the exit handler of ``EngineProcesses/superviseForThisProcess()`` kills the engines still
/// running.
///
/// It stays in the tool rather than a library: what a signal means (how a run stops, when to give
/// up and exit) is the tool's policy, and a library linked into an engine author's test process
/// must leave that process's signal handling alone; it also needs ``RunControl``, from
/// IAMSpecRunner, on which IAMSpecStdio does not depend.
final class InterruptSignals {
    private let sources: [any DispatchSourceSignal]

    /// Listens for the signals on behalf of `control`; returns once Dispatch listens, so that
    /// a signal held since ``hold()`` is handled now. `finishing` names what is written before
    /// the process ends, as the notices say it (`iamspec explore`: the cases found so far).
    init(control: RunControl, finishing: String = "the reports of the runs made") {
        let registered = DispatchSemaphore(value: 0)
        sources = Self.numbers.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if control.isInterrupted {
                    // The reports of the runs made are written first: the first signal has cut
                    // short whatever held them up.
                    if ReportsUnderWay.askToQuit() {
                        StandardError.write("interrupted again: quitting once \(finishing) are written")
                    }
                    ReportsUnderWay.waitUntilWritten()
                    ExitStatus.exitProcess(130)
                }
                // The run knows before anyone reads the notice.
                control.interrupt()
                StandardError.write(
                    "interrupted: finishing \(finishing) (interrupt again to quit once they are written)"
                )
                EngineHandshakes.interruptAll()
                AtomicFile.stopWaitingForReaders()
            }
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            return source
        }
        for _ in sources {
            registered.wait()
        }
    }

    /// Holds SIGINT, SIGTERM and SIGHUP back (blocks them) in the calling thread and the threads it
    /// starts: `main` calls it first of all, so that one that comes while iamspec starts waits,
    /// pending, until `run` listens (Dispatch then reads it), or another command's clean-up does
    /// (``cleanUpOnSignal()``). The tool's first instructions have blocked them already
    /// (`CIAMSpecToolStart`, before any library initialises: a signal in the milliseconds the
    /// libraries take would otherwise end iamspec, or be lost when the disposition it inherited
    /// ignores it); this blocks them where that could not be done.
    /// Engines start with no signal blocked (`ChildProcess`).
    static func hold() {
        guard ciamspec_interrupt_signals_held_at_start() == 0 else { return }
        var signals = interruptSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// SIGINT, SIGTERM and SIGHUP (a closed terminal, a dropped ssh session): each interrupts.
    private static let numbers = [SIGINT, SIGTERM, SIGHUP]

    private static var interruptSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in numbers { sigaddset(&signals, number) }
        return signals
    }

    /// For every command but `run` and `run-compiled`: a signal of ``numbers`` (one held since
    /// ``hold()`` too) removes the temporary files of reports being written (`AtomicFile`), so
    /// that none is left beside its destination, and exits with status 128 + the signal's
    /// number, as the signal would have ended the process.
    static func cleanUpOnSignal() {
        let registered = DispatchSemaphore(value: 0)
        let sources = numbers.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                AtomicFile.removeTemporaryFiles()
                ExitStatus.exitProcess(128 + number)
            }
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            return source
        }
        for _ in sources {
            registered.wait()
        }
        cleanUpSources = sources
    }

    /// The sources of ``cleanUpOnSignal()``, kept for the life of the process: written once, by
    /// `main`'s thread, before any other reads it (nothing does; it only keeps them alive).
    nonisolated(unsafe) private static var cleanUpSources: [any DispatchSourceSignal] = []
}
