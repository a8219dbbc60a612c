import IAMSpec
import IAMSpecRunner
import Synchronization

/// The engines of the run's experiments (``TieExperiment``, ``NamePrediction``, ``SmallestCase``),
/// stopped by the run's interrupt and held to the experiments' one budget (``ExperimentBudget``):
/// an engine being set up or answering when the interrupt comes, or when the budget is spent, is
/// interrupted at once (its pending answer becomes an `EngineError`), and none is made after it,
/// nor after the engine failed to answer an experiment within `--timeout`, so that an engine that
/// hangs costs the run one timeout, not one per experiment, and a first signal ends an experiment
/// on an engine that hangs without waiting for its timeout.
struct ExperimentEngineProvider: EngineProvider {
    /// The provider of the run's engine.
    let base: any EngineProvider
    /// The run's control, interrupted by the tool's signals.
    let control: RunControl
    /// The experiments' time, shared by every kind of experiment of the run.
    let budget: ExperimentBudget

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        guard !control.isInterrupted else { throw Self.interrupted }
        let engine: any DeliveryEngine
        if let settingUp = base as? any SettingUpEngineProvider {
            // An engine that hangs on the experiment's setup (the stdio `case` request) is
            // interrupted there too.
            let beingSetUp = Mutex<(any InterruptibleEngine)?>(nil)
            var token = 0
            defer { control.removeHandler(token) }
            engine = try budget.answer(
                "an experiment's setup",
                interrupt: { beingSetUp.withLock { $0 }?.interrupt() },
                call: {
                    try settingUp.makeEngine(for: setup) { setUp in
                        beingSetUp.withLock { $0 = setUp }
                        token = control.onInterrupt { setUp.interrupt() }
                    }
                }
            )
        } else {
            engine = try budget.answer(
                "an experiment's setup",
                interrupt: {},
                call: { try base.makeEngine(for: setup) }
            )
        }
        return Budgeted(engine: engine, control: control, budget: budget)
    }

    /// What an experiment cut short by the interrupt is told.
    static let interrupted = EngineError("the run was interrupted")

    /// An engine interrupted with the run, for as long as it lives, each request held to the
    /// budget.
    private final class Budgeted: DeliveryEngine {
        private var engine: any DeliveryEngine
        private let control: RunControl
        private let budget: ExperimentBudget
        private let token: Int?

        init(engine: any DeliveryEngine, control: RunControl, budget: ExperimentBudget) {
            self.engine = engine
            self.control = control
            self.budget = budget
            token = (engine as? any InterruptibleEngine).map { engine in control.onInterrupt { engine.interrupt() } }
        }

        deinit {
            if let token { control.removeHandler(token) }
        }

        private var interrupt: @Sendable () -> Void {
            guard let interruptible = engine as? any InterruptibleEngine else { return {} }
            return { interruptible.interrupt() }
        }

        func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try budget.answer("a step of an experiment", interrupt: interrupt, call: { try engine.handle(stimulus) })
        }

        func endCase() throws {
            try budget.answer("an experiment's end", interrupt: interrupt, call: { try engine.endCase() })
        }
    }
}
