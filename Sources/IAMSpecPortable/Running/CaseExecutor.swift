import IAMSpec

/// Runs one case run, start to end, on a fresh engine, on the calling thread: the runner's
/// workers (`RunScheduler`) and the portable executor (``PortableSuite``) both run cases here, so
/// that a run gives the same result wherever it is made.
///
/// It follows "Running a case" in Specs/README.md: skip when the engine lacks the profile or a
/// capability; make an engine (one that looks ahead, `LookaheadEngine`, is told then what the
/// run will ask of it); send each stimulus and collect the observations into the window
/// (a stimulus the engine declines skips the run); check the window at each `expect`, then
/// inspect the stack when the expectation asks.
package struct CaseExecutor: Sendable {
    package let provider: any EngineProvider
    /// The provider's description, read once when the run starts: the profiles and capabilities
    /// every run is judged against (an engine says what it can do once, as in the handshake).
    private let description: EngineDescription
    /// The description's profiles as a list: two at most, compared at every run without hashing.
    private let profiles: [Profile]
    /// Whether the engine has every capability there is, so that no run can lack one.
    private let hasEveryCapability: Bool
    /// Whether the engine declares `stack-inspection`: without it, the `stack` part of each
    /// `expect` step is skipped (``SkippedCheck``) and the rest of the run judged.
    private let inspectsStack: Bool
    /// Each known rule's reference, by id, made once: worker threads then share small values
    /// instead of each copying whole rules out of a catalogue at every run.
    private let ruleReferences: [String: RuleReference]
    /// The provider, when it shows the engine being set up (cast once, not at every run).
    private let settingUpProvider: (any SettingUpEngineProvider)?

    /// An executor of `provider`'s engines, whose results refer to `rules` (a rule a case names
    /// that is not among them is referred to by its id alone).
    package init(provider: any EngineProvider, rules: [RuleReference]) {
        self.init(provider: provider, ruleReferences: Self.byID(rules))
    }

    /// An executor of `provider`'s engines, whose results refer to the rules of `ruleReferences`
    /// (``byID(_:)`` of them, made once for many executors).
    package init(provider: any EngineProvider, ruleReferences: [String: RuleReference]) {
        self.provider = provider
        self.description = provider.description
        self.profiles = Array(description.profiles)
        self.hasEveryCapability = description.capabilities.isSuperset(of: Capability.allCases)
        self.inspectsStack = description.capabilities.contains(.stackInspection)
        self.ruleReferences = ruleReferences
        self.settingUpProvider = provider as? any SettingUpEngineProvider
    }

    /// The references by id, the first of each id kept.
    package static func byID(_ rules: [RuleReference]) -> [String: RuleReference] {
        Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What a worker carries from one run to the next: the rule references of the last case it
    /// ran, which that case's next run (its other profile) shares instead of looking them up and
    /// copying them again, the storage of a run's observations, emptied and used again unless a
    /// timeline still holds it, and whether the last engine's type looks ahead.
    package struct Memo {
        fileprivate var ruleIDs: [String] = []
        fileprivate var rules: [RuleReference] = []
        fileprivate var observed: [Observation] = []
        fileprivate var stepEnds: [Int] = []
        /// The type of the last engine made, and whether it adopts `LookaheadEngine`: a dynamic
        /// cast at every run would cost more than a step.
        fileprivate var engineType: (type: ObjectIdentifier, looksAhead: Bool)?

        /// Nothing carried yet: a worker's first run.
        package init() {}
    }

    /// Runs `specCase` under `profile`, reusing what `memo` kept from the worker's previous run;
    /// `engineMade` sees the engine as soon as it exists (so that a watchdog can interrupt it).
    /// A `plannedSkip` reason skips the run before anything else (a baseline's `skip` entry);
    /// `keepsTimelineWhenPassed` says whether the result, should it pass, carries its timeline
    /// (false when no report reads a passed run's timeline: a run that does not pass always
    /// carries it). Wall-clock duration is measured for the report only.
    package func execute(
        _ specCase: SpecCase,
        profile: Profile,
        plannedSkip: String? = nil,
        keepsTimelineWhenPassed: Bool = true,
        memo: inout Memo,
        engineMade: (any DeliveryEngine) -> Void = { _ in }
    ) -> CaseResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = blankResult(for: specCase, profile: profile, memo: &memo)
        if let reason = plannedSkip ?? skipReason(for: specCase, profile: profile) {
            result.status = .skipped
            result.message = reason
        } else {
            perform(
                specCase,
                profile: profile,
                keepsTimelineWhenPassed: keepsTimelineWhenPassed,
                into: &result,
                memo: &memo,
                engineMade: engineMade
            )
        }
        result.durationMilliseconds = (clock.now - start).wholeMilliseconds
        if result.status == .failed || result.status == .error { result.given = given(of: specCase) }
        return result
    }

    /// Runs `specCase` under `profile`, with nothing carried from an earlier run; `engineMade`
    /// sees the engine as soon as it exists.
    package func execute(
        _ specCase: SpecCase,
        profile: Profile,
        engineMade: (any DeliveryEngine) -> Void = { _ in }
    ) -> CaseResult {
        var memo = Memo()
        return execute(specCase, profile: profile, memo: &memo, engineMade: engineMade)
    }

    /// The result of a run that did not finish by itself: one that timed out, or that was under
    /// way when the run was interrupted.
    package func unfinished(
        _ specCase: SpecCase,
        profile: Profile,
        kind: CaseResult.Kind,
        message: String,
        milliseconds: Int64,
        diagnostics: String = ""
    ) -> CaseResult {
        var memo = Memo()
        var result = blankResult(for: specCase, profile: profile, memo: &memo)
        result.diagnostics = diagnostics
        result.status = .error
        result.kind = kind
        result.message = message
        result.durationMilliseconds = milliseconds
        result.given = given(of: specCase)
        return result
    }

    /// What a run that overran `timeout` says: `timed out after 30 s`, and what its engine waited
    /// for, when it says (``awaited(by:)``).
    package static func timeoutMessage(after timeout: Duration, engine: (any InterruptibleEngine)?) -> String {
        "timed out after \(VirtualTime(milliseconds: timeout.wholeMilliseconds)) s" + awaited(by: engine)
    }

    /// What a run under way when the run was interrupted says, with what its engine waited for.
    package static func interruptedMessage(engine: (any InterruptibleEngine)?) -> String {
        "interrupted before it finished" + awaited(by: engine)
    }

    /// `, waiting for the engine's answer to ...` when the engine says what it waits for
    /// (`AwaitingEngine`), else nothing.
    private static func awaited(by engine: (any InterruptibleEngine)?) -> String {
        guard let awaited = (engine as? any AwaitingEngine)?.awaited else { return "" }
        return ", waiting for the engine's answer to \(awaited)"
    }

    /// The case's `given`, for the report of a run that failed or errored.
    func given(of specCase: SpecCase) -> [String] {
        CaseSyntax.plain.given(configuration: specCase.configuration, messages: specCase.messages)
    }

    /// Why the engine cannot make a run of `specCase` under `profile` at all (it lacks the
    /// profile, or a capability the case requires), or nil when it can.
    package func skipReason(for specCase: SpecCase, profile: Profile) -> String? {
        if !profiles.contains(profile) {
            return "the engine does not support the profile \(profile.rawValue)"
        }
        if hasEveryCapability {
            return nil
        }
        var requires = specCase.requires
        if !inspectsStack, Self.checksBesideTheStack(specCase) {
            // Only the `stack` parts need the inspection: they are skipped, the rest is judged.
            requires.remove(.stackInspection)
        }
        if !requires.isSubset(of: description.capabilities) {
            let missing = requires.subtracting(description.capabilities).sorted()
            let names = missing.map(\.rawValue).joined(separator: ", ")
            return "the engine lacks the capabilit\(missing.count == 1 ? "y" : "ies") \(names)"
        }
        return nil
    }

    /// Whether an `expect` step of the case that is not `setup` checks anything beside the stack:
    /// a run on an engine without `stack-inspection` judges those and skips the `stack` parts; a
    /// run with nothing else to judge is skipped whole.
    package static func checksBesideTheStack(_ specCase: SpecCase) -> Bool {
        specCase.steps.contains { step in
            guard case .expectation(let expectation) = step.action, !expectation.isSetup else { return false }
            return expectation.sequence != nil || expectation.contains != nil || expectation.absent != nil
        }
    }

    private func blankResult(for specCase: SpecCase, profile: Profile, memo: inout Memo) -> CaseResult {
        let ruleIDs = specCase.rules
        if ruleIDs != memo.ruleIDs {
            memo.rules = ruleIDs.map { ruleReferences[$0] ?? RuleReference(id: $0) }
            memo.ruleIDs = ruleIDs
        }
        return CaseResult(
            caseID: specCase.id,
            profile: profile,
            title: specCase.title,
            status: .passed,
            location: specCase.location,
            rules: memo.rules,
            tags: specCase.tags
        )
    }

    /// Makes the run's steps on a fresh engine into `result`.
    private func perform(
        _ specCase: SpecCase,
        profile: Profile,
        keepsTimelineWhenPassed: Bool,
        into result: inout CaseResult,
        memo: inout Memo,
        engineMade: (any DeliveryEngine) -> Void
    ) {
        let setup = EngineSetup(
            caseID: specCase.id,
            profile: profile,
            configuration: specCase.configuration,
            messages: specCase.messages
        )
        var engine: any DeliveryEngine
        do {
            if let settingUpProvider {
                // The engine being set up, for a watchdog: a run given up meanwhile says what it
                // awaited (its `case`), with the engine's stderr.
                engine = try settingUpProvider.makeEngine(for: setup, settingUp: engineMade)
            } else {
                engine = try provider.makeEngine(for: setup)
            }
        } catch let skip as CaseSkipped {
            result.status = .skipped
            result.message = skip.reason
            return
        } catch {
            result.apply(.engineFailure(error, while: "setting up the case"))
            return
        }
        engineMade(engine)
        let steps = specCase.steps
        if looksAhead(engine, memo: &memo), var lookahead = engine as? any LookaheadEngine {
            lookahead.expect(Self.requests(of: steps, inspectingTheStack: inspectsStack))
            engine = lookahead
        }
        var session = Session(stepCount: steps.count, reusing: &memo)
        let mayEndCase = runSteps(steps, on: &engine, into: &result, session: &session)
        if result.status != .error && mayEndCase {
            do {
                try engine.endCase()
            } catch {
                result.apply(.engineFailure(error, while: "ending the case"))
            }
        }
        if result.status != .passed || keepsTimelineWhenPassed {
            result.timeline = session.timeline(of: steps)
        }
        session.recycle(into: &memo)
    }

    /// Whether `engine` adopts `LookaheadEngine`, remembered for its type.
    private func looksAhead(_ engine: any DeliveryEngine, memo: inout Memo) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: engine))
        if let known = memo.engineType, known.type == type { return known.looksAhead }
        let looksAhead = engine is any LookaheadEngine
        memo.engineType = (type, looksAhead)
        return looksAhead
    }

    /// What the steps ask the engine, in order, if every one passes: each stimulus, and, when
    /// `inspectingTheStack`, the stack inspection of an `expect` that checks the stack.
    package static func requests(of steps: [Step], inspectingTheStack: Bool) -> [Stimulus] {
        var requests: [Stimulus] = []
        requests.reserveCapacity(steps.count)
        for step in steps {
            switch step.action {
            case .stimulus(let stimulus): requests.append(stimulus)
            case .expectation(let expectation) where inspectingTheStack && expectation.stack != nil:
                requests.append(.stackInspected)
            case .expectation: break
            }
        }
        return requests
    }

    /// Runs the steps until the first that does not pass; the result says how they went, the
    /// session what the engine observed at each step run. Generic, so that the engine's existential
    /// is opened once per run, not at every step. After a failed check that misses a display, runs
    /// on to tell whether it came later (``LaterDisplay``); false when the engine failed then, so
    /// that its case is not ended.
    private func runSteps<Engine: DeliveryEngine>(
        _ steps: [Step],
        on engine: inout Engine,
        into result: inout CaseResult,
        session: inout Session
    ) -> Bool {
        // Each step is read in place: a copy of it would retain and release what it holds.
        steps.withUnsafeBufferPointer { steps in
            for index in steps.indices {
                switch steps[index].action {
                case .stimulus(let stimulus):
                    let observations: [Observation]
                    do {
                        observations = try engine.handle(stimulus)
                    } catch let skip as CaseSkipped {
                        session.record([])
                        result.location = steps[index].location
                        result.apply(.declined("`\(CaseSyntax.plain.step(stimulus))`", skip))
                        return true
                    } catch {
                        session.record([])
                        result.location = steps[index].location
                        result.apply(.engineFailure(error, while: "handling `\(CaseSyntax.plain.step(stimulus))`"))
                        return true
                    }
                    guard session.charge(observations) else {
                        session.record([])
                        result.location = steps[index].location
                        result.apply(
                            .overBudget(at: "`\(CaseSyntax.plain.step(stimulus))`", used: session.used, observations)
                        )
                        return true
                    }
                    session.record(observations)
                    // A stack is the answer to the stack inspection alone (PROTOCOL.md).
                    if observations.contains(where: { $0.isStack }) {
                        result.location = steps[index].location
                        result.apply(
                            Problem(
                                status: .error,
                                kind: .stackAnswer,
                                message: "the engine answered `\(CaseSyntax.plain.step(stimulus))` with a stack, "
                                    + "expected a stack only in answer to the stack inspection"
                            )
                        )
                        return true
                    }
                case .expectation(let expectation):
                    guard var problem = check(expectation, engine: &engine, session: &session) else {
                        if expectation.stack != nil && !inspectsStack {
                            result.skippedChecks.append(
                                SkippedCheck(
                                    location: steps[index].location,
                                    check: "stack",
                                    capability: .stackInspection
                                )
                            )
                        }
                        continue
                    }
                    result.location = steps[index].location
                    if expectation.isSetup, problem.difference != nil {
                        problem.difference?.blocked = Self.rulesChecked(
                            after: index,
                            of: steps,
                            caseRules: result.rules.map(\.id)
                        )
                    }
                    let missing = LaterDisplay.missing(
                        from: expectation,
                        check: problem.kind,
                        window: session.window
                    )
                    var mayEndCase = true
                    if problem.status == .failed && !missing.isEmpty {
                        let finding = LaterDisplay.runOn(
                            after: index,
                            of: steps,
                            seeking: missing,
                            inspectingTheStack: inspectsStack,
                            engine: &engine
                        )
                        problem.message += finding.note
                        mayEndCase = !finding.engineFailed
                    }
                    result.apply(problem)
                    return mayEndCase
                }
            }
            return true
        }
    }

    /// The case's rules that the `expect` steps after `index` check (their own `rules`, or the
    /// case's), in the case's order: those a failure at `index` leaves unchecked.
    private static func rulesChecked(
        after index: Int,
        of steps: UnsafeBufferPointer<Step>,
        caseRules: [String]
    ) -> [String] {
        var checked = Set<String>()
        for step in steps[(index + 1)...] {
            guard case .expectation(let later) = step.action, !later.isSetup else { continue }
            if later.rules.isEmpty { return caseRules }
            checked.formUnion(later.rules)
        }
        return caseRules.filter(checked.contains)
    }

    /// Checks an `expect` step; records it in the session and empties the window.
    private func check<Engine: DeliveryEngine>(
        _ expectation: Expectation,
        engine: inout Engine,
        session: inout Session
    ) -> Problem? {
        session.record([])
        if let failure = ExpectationCheck.check(expectation, window: session.window) {
            session.failedCheck = (failure.expected, failure.actual)
            return .unmet(failure, of: expectation)
        }
        session.closeWindow()
        guard let expectedStack = expectation.stack, inspectsStack else { return nil }
        let answer: [Observation]
        do {
            answer = try engine.handle(.stackInspected)
        } catch let skip as CaseSkipped {
            return .declined("the stack inspection", skip)
        } catch {
            return .engineFailure(error, while: "inspecting the stack")
        }
        guard session.charge(answer) else {
            return .overBudget(at: "the stack inspection", used: session.used, answer)
        }
        session.recordStackAnswer(answer)
        guard answer.count == 1, case .stack(let actualStack) = answer[0] else {
            return Problem(
                status: .error,
                kind: .stackAnswer,
                message: "the engine answered the stack inspection with "
                    + "\(ExpectationCheck.listText(answer.map(CaseSyntax.plain.observation))), expected exactly one stack"
            )
        }
        if let failure = ExpectationCheck.checkStack(expected: expectedStack, actual: actualStack) {
            session.failedCheck = (failure.expected, failure.actual)
            return .unmet(failure, of: expectation)
        }
        return nil
    }

    /// What the engine observed in one run, step by step: every observation in one array, in the
    /// order they came, the open window being its end. A timeline is made of it only when a report
    /// will read one, so a passed run nobody reads costs no entry per step.
    private struct Session {
        /// Every observation of the run: a stimulus's, and a stack inspection's answer.
        private var observed: [Observation] = []
        /// Where the open window starts in `observed`: after the last `expect` (and its answer).
        private var windowStart = 0
        /// Where each step run so far ends in `observed`: a step's observations run from the end
        /// of the step before it to its own.
        private var stepEnds: [Int] = []
        /// What the failing check of the last step expected and found, if it failed so.
        var failedCheck: (expected: [String], actual: [String])?
        /// What the run's observations have taken of its budget.
        private var budget = ObservationBudget()

        /// What the run has observed so far, in ``Observation/budgetBytes``.
        var used: Int { budget.used }

        /// Charges the answer `observations` to the run; false when they would take it past its
        /// budget, and must not be recorded.
        mutating func charge(_ observations: [Observation]) -> Bool {
            budget.charge(observations)
        }

        /// A session for a case of `stepCount` steps, in the storage `memo` kept.
        init(stepCount: Int, reusing memo: inout Memo) {
            swap(&observed, &memo.observed)
            swap(&stepEnds, &memo.stepEnds)
            observed.reserveCapacity(2 * stepCount)
            stepEnds.reserveCapacity(stepCount)
        }

        /// Empties the session and gives its storage back to `memo` for the worker's next run.
        mutating func recycle(into memo: inout Memo) {
            observed.removeAll(keepingCapacity: true)
            stepEnds.removeAll(keepingCapacity: true)
            swap(&observed, &memo.observed)
            swap(&stepEnds, &memo.stepEnds)
        }

        /// The observations since the last `expect`.
        var window: ArraySlice<Observation> { observed[windowStart...] }

        /// Records the next step, with the observations it made.
        mutating func record(_ observations: [Observation]) {
            // One at a time: a stimulus makes one or two observations, fewer than
            // `append(contentsOf:)` is worth.
            for observation in observations {
                observed.append(observation)
            }
            stepEnds.append(observed.count)
        }

        /// Empties the window: the `expect` step just recorded held.
        mutating func closeWindow() {
            windowStart = observed.count
        }

        /// Gives the `expect` step just recorded the stack inspection's answer; the window stays
        /// empty.
        mutating func recordStackAnswer(_ answer: [Observation]) {
            observed += answer
            stepEnds[stepEnds.count - 1] = observed.count
            windowStart = observed.count
        }

        /// The timeline of the steps recorded, `steps` being the case's.
        func timeline(of steps: [Step]) -> [TimelineEntry] {
            var timeline: [TimelineEntry] = []
            timeline.reserveCapacity(stepEnds.count)
            var time = VirtualTime.zero
            var start = 0
            for (index, end) in stepEnds.enumerated() {
                timeline.append(
                    TimelineEntry(time: time, steps: steps, index: index, observed: observed, range: start..<end)
                )
                start = end
                if case .stimulus(.timeAdvanced(let span)) = steps[index].action {
                    time = ClockRange.point(span, after: time)
                }
            }
            if let failedCheck, !timeline.isEmpty {
                timeline[timeline.count - 1].expected = failedCheck.expected
                timeline[timeline.count - 1].actual = failedCheck.actual
            }
            return timeline
        }
    }

}

/// Why a run stopped before its end.
private struct Problem {
    var status: CaseStatus
    var kind: CaseResult.Kind
    var message: String
    var diagnostics = ""
    /// For a check that did not hold: the rules it checks (empty: the case's) and the mismatch.
    var difference: Difference?

    /// An `expect` step's check did not hold.
    static func unmet(_ failure: ExpectationFailure, of expectation: Expectation) -> Problem {
        Problem(
            status: .failed,
            kind: failure.check,
            message: failure.message,
            difference: Difference(rules: expectation.rules, mismatch: failure.mismatch)
        )
    }

    /// The engine threw `CaseSkipped` while handling a stimulus: it declined `what`, so the run
    /// is skipped with the reason.
    static func declined(_ what: String, _ skip: CaseSkipped) -> Problem {
        Problem(status: .skipped, kind: .declined, message: "the engine declined \(what): \(skip.reason)")
    }

    /// The engine's answer to `step` (`observations`) would take the run's observations, `used`
    /// bytes so far, past their budget: the run is an error of the engine, cut there.
    static func overBudget(at step: String, used: Int, _ observations: [Observation]) -> Problem {
        let adding = observations.reduce(0) { $0 + $1.budgetBytes }
        return Problem(
            status: .error,
            kind: .engine,
            message: ObservationBudget.exceededMessage(at: step, used: used, adding: adding)
        )
    }

    /// The engine threw: an `EngineError` gives its message and diagnostics.
    static func engineFailure(_ error: any Error, while activity: String) -> Problem {
        guard let engineError = error as? EngineError else {
            return Problem(status: .error, kind: .engine, message: "the engine threw while \(activity): \(error)")
        }
        return Problem(
            status: .error,
            kind: .engine,
            message: "the engine failed while \(activity): \(engineError.message)",
            diagnostics: engineError.diagnostics
        )
    }
}

extension CaseResult {
    fileprivate mutating func apply(_ problem: Problem) {
        status = problem.status
        kind = problem.kind
        message = problem.message
        diagnostics = problem.diagnostics
        if var difference = problem.difference {
            if difference.rules.isEmpty { difference.rules = rules.map(\.id) }
            self.difference = difference
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

extension Observation {
    /// Whether it is the stack's contents, the answer to the stack inspection alone.
    fileprivate var isStack: Bool {
        if case .stack = self { return true }
        return false
    }
}
