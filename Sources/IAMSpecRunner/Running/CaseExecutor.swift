import IAMSpec

/// Runs one case run, start to end, on a fresh engine, on the calling thread.
///
/// It follows "Running a case" in Specs/README.md: skip when the engine lacks the profile or a
/// capability; make an engine; send each stimulus and collect the observations into the window
/// (a stimulus the engine declines skips the run); check the window at each `expect`, then
/// inspect the stack when the expectation asks.
struct CaseExecutor: Sendable {
    let provider: any EngineProvider
    /// The provider's description, read once when the run starts: the profiles and capabilities
    /// every run is judged against (an engine says what it can do once, as in the handshake).
    private let description: EngineDescription
    /// The description's profiles as a list: two at most, compared at every run without hashing.
    private let profiles: [Profile]
    /// Whether the engine has every capability there is, so that no run can lack one.
    private let hasEveryCapability: Bool
    /// Each catalogue rule's reference, made once: worker threads then share small values
    /// instead of each copying whole rules out of the catalogue at every run.
    private let ruleReferences: [String: RuleReference]
    /// Runs not to make, with the reason they are reported skipped (a baseline's `skip` entries).
    let plannedSkip: @Sendable (CaseRun) -> String?

    init(
        provider: any EngineProvider,
        catalogue: RuleCatalogue,
        plannedSkip: @escaping @Sendable (CaseRun) -> String? = { _ in nil }
    ) {
        self.provider = provider
        self.description = provider.description
        self.profiles = Array(description.profiles)
        self.hasEveryCapability = description.capabilities.isSuperset(of: Capability.allCases)
        self.ruleReferences = Dictionary(
            catalogue.rules.map { ($0.id, RuleReference(id: $0.id, catalogue: catalogue)) },
            uniquingKeysWith: { first, _ in first }
        )
        self.plannedSkip = plannedSkip
    }

    /// Runs the case; `engineMade` sees the engine as soon as it exists (so that a watchdog can
    /// interrupt it). Wall-clock duration is measured for the report only.
    func execute(_ run: CaseRun, engineMade: (any DeliveryEngine) -> Void = { _ in }) -> CaseResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = outcome(of: run, engineMade: engineMade)
        result.durationMilliseconds = start.duration(to: clock.now).wholeMilliseconds
        if result.status == .failed || result.status == .error { result.given = given(of: run) }
        return result
    }

    /// The result of a run that did not finish by itself, for example one that timed out.
    func unfinished(
        _ run: CaseRun,
        kind: CaseResult.Kind,
        message: String,
        milliseconds: Int64,
        diagnostics: String = ""
    ) -> CaseResult {
        var result = blankResult(for: run)
        result.diagnostics = diagnostics
        result.status = .error
        result.kind = kind
        result.message = message
        result.durationMilliseconds = milliseconds
        result.given = given(of: run)
        return result
    }

    /// The case's `given`, for the report of a run that failed or errored.
    private func given(of run: CaseRun) -> [String] {
        CaseSyntax.plain.given(configuration: run.specCase.configuration, messages: run.specCase.messages)
    }

    /// Why the engine cannot run this run at all, or nil when it can.
    func skipReason(for run: CaseRun) -> String? {
        if let planned = plannedSkip(run) {
            return planned
        }
        if !profiles.contains(run.profile) {
            return "the engine does not support the profile \(run.profile.rawValue)"
        }
        if hasEveryCapability {
            return nil
        }
        let requires = run.specCase.requires
        if !requires.isSubset(of: description.capabilities) {
            let missing = requires.subtracting(description.capabilities).sorted()
            let names = missing.map(\.rawValue).joined(separator: ", ")
            return "the engine lacks the capabilit\(missing.count == 1 ? "y" : "ies") \(names)"
        }
        return nil
    }

    private func blankResult(for run: CaseRun) -> CaseResult {
        // Read once: a read of a run's case is a copy of it.
        let specCase = run.specCase
        return CaseResult(
            caseID: specCase.id,
            profile: run.profile,
            title: specCase.title,
            status: .passed,
            location: specCase.location,
            rules: specCase.rules.map { ruleReferences[$0] ?? RuleReference(id: $0) },
            tags: specCase.tags
        )
    }

    private func outcome(of run: CaseRun, engineMade: (any DeliveryEngine) -> Void) -> CaseResult {
        var result = blankResult(for: run)
        if let reason = skipReason(for: run) {
            result.status = .skipped
            result.message = reason
            return result
        }
        let specCase = run.specCase
        let setup = EngineSetup(
            caseID: specCase.id,
            profile: run.profile,
            configuration: specCase.configuration,
            messages: specCase.messages
        )
        var engine: any DeliveryEngine
        do {
            engine = try provider.makeEngine(for: setup)
        } catch let skip as CaseSkipped {
            result.status = .skipped
            result.message = skip.reason
            return result
        } catch {
            result.apply(.engineFailure(error, while: "making the engine"))
            return result
        }
        engineMade(engine)
        runSteps(specCase.steps, on: &engine, into: &result)
        guard result.status != .error else { return result }
        do {
            try engine.endCase()
        } catch {
            result.apply(.engineFailure(error, while: "ending the case"))
        }
        return result
    }

    /// Runs the steps until the first that does not pass; the result says how they went.
    private func runSteps(_ steps: [Step], on engine: inout any DeliveryEngine, into result: inout CaseResult) {
        var session = Session()
        session.timeline.reserveCapacity(steps.count)
        for index in steps.indices {
            switch steps[index].action {
            case .stimulus(let stimulus):
                let observations: [Observation]
                do {
                    observations = try engine.handle(stimulus)
                } catch let skip as CaseSkipped {
                    session.timeline.append(TimelineEntry(time: session.time, steps: steps, index: index))
                    result.timeline = session.timeline
                    result.location = steps[index].location
                    result.apply(.declined("`\(CaseSyntax.plain.step(stimulus))`", skip))
                    return
                } catch {
                    session.timeline.append(TimelineEntry(time: session.time, steps: steps, index: index))
                    result.timeline = session.timeline
                    result.location = steps[index].location
                    result.apply(.engineFailure(error, while: "handling `\(CaseSyntax.plain.step(stimulus))`"))
                    return
                }
                session.timeline.append(
                    TimelineEntry(time: session.time, steps: steps, index: index, observations: observations)
                )
                session.collect(observations)
                if case .timeAdvanced(let span) = stimulus {
                    session.time = session.time + span
                }
            case .expectation(let expectation):
                if let problem = check(expectation, of: steps, at: index, engine: &engine, session: &session) {
                    result.timeline = session.timeline
                    result.location = steps[index].location
                    result.apply(problem)
                    return
                }
            }
        }
        result.timeline = session.timeline
    }

    /// Checks the `expect` step `steps[index]`; appends its timeline entry and empties the window.
    private func check(
        _ expectation: Expectation,
        of steps: [Step],
        at index: Int,
        engine: inout any DeliveryEngine,
        session: inout Session
    ) -> Problem? {
        // The entry goes on the timeline at once and is completed there, never copied.
        let entry = session.timeline.endIndex
        session.timeline.append(TimelineEntry(time: session.time, steps: steps, index: index))
        if let failure = ExpectationCheck.check(expectation, window: session.window) {
            session.timeline[entry].expected = failure.expected
            session.timeline[entry].actual = failure.actual
            return Problem(status: .failed, kind: failure.check, message: failure.message)
        }
        session.window = []
        guard let expectedStack = expectation.stack else { return nil }
        let answer: [Observation]
        do {
            answer = try engine.handle(.stackInspected)
        } catch let skip as CaseSkipped {
            return .declined("the stack inspection", skip)
        } catch {
            return .engineFailure(error, while: "inspecting the stack")
        }
        session.timeline[entry] = TimelineEntry(time: session.time, steps: steps, index: index, observations: answer)
        guard answer.count == 1, case .stack(let actualStack) = answer[0] else {
            return Problem(
                status: .error,
                kind: .stackAnswer,
                message: "the engine answered the stack inspection with "
                    + "\(ExpectationCheck.listText(answer.map(CaseSyntax.plain.observation))), expected exactly one stack"
            )
        }
        if let failure = ExpectationCheck.checkStack(expected: expectedStack, actual: actualStack) {
            session.timeline[entry].expected = failure.expected
            session.timeline[entry].actual = failure.actual
            return Problem(status: .failed, kind: failure.check, message: failure.message)
        }
        return nil
    }

    /// The running state of one case: virtual time, the open window, the steps done.
    private struct Session {
        var time = VirtualTime.zero
        var window: [Observation] = []
        var timeline: [TimelineEntry] = []

        /// Adds a stimulus's observations to the window; the first non-empty ones are shared with
        /// their timeline entry rather than copied.
        mutating func collect(_ observations: [Observation]) {
            if window.isEmpty {
                window = observations
            } else {
                window += observations
            }
        }
    }

}

/// Why a run stopped before its end.
private struct Problem {
    var status: CaseStatus
    var kind: CaseResult.Kind
    var message: String
    var diagnostics = ""

    /// The engine threw ``CaseSkipped`` while handling a stimulus: it declined `what`, so the run
    /// is skipped with the reason.
    static func declined(_ what: String, _ skip: CaseSkipped) -> Problem {
        Problem(status: .skipped, kind: .declined, message: "the engine declined \(what): \(skip.reason)")
    }

    /// The engine threw: an ``EngineError`` gives its message and diagnostics.
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
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
