import IAMSpec
import IAMSpecRunner

/// The engines of the run's experiments (``TieExperiment``), stopped by the run's interrupt: an
/// engine being set up or answering when it comes is interrupted at once (its pending answer
/// becomes an `EngineError`), and none is made after it, so that a first signal ends an experiment on an
/// engine that hangs without waiting for its timeout.
struct ExperimentEngineProvider: EngineProvider {
    /// The provider of the run's engine.
    let base: any EngineProvider
    /// The run's control, interrupted by the tool's signals.
    let control: RunControl

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        guard !control.isInterrupted else { throw Self.interrupted }
        let engine: any DeliveryEngine
        if let settingUp = base as? any SettingUpEngineProvider {
            // An engine that hangs on the experiment's setup (the stdio `case` request) is
            // interrupted there too.
            var token = 0
            defer { control.removeHandler(token) }
            engine = try settingUp.makeEngine(for: setup) { beingSetUp in
                token = control.onInterrupt { beingSetUp.interrupt() }
            }
        } else {
            engine = try base.makeEngine(for: setup)
        }
        guard let interruptible = engine as? any InterruptibleEngine else { return engine }
        return InterruptedOnSignal(engine: interruptible, control: control)
    }

    /// What an experiment cut short by the interrupt is told.
    static let interrupted = EngineError("the run was interrupted")

    /// An engine interrupted with the run, for as long as it lives.
    private final class InterruptedOnSignal: DeliveryEngine {
        private var engine: any InterruptibleEngine
        private let control: RunControl
        private let token: Int

        init(engine: any InterruptibleEngine, control: RunControl) {
            self.engine = engine
            self.control = control
            token = control.onInterrupt { [engine] in engine.interrupt() }
        }

        deinit {
            control.removeHandler(token)
        }

        func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try engine.handle(stimulus)
        }

        func endCase() throws {
            try engine.endCase()
        }
    }
}
