import IAMSpec
import Synchronization

/// What one engine did with a scenario: the observations of each stimulus, in order, until the
/// end or until the engine threw.
package struct ScenarioTrace: Sendable, Hashable {
    /// One window per stimulus answered.
    package var windows: [[Observation]]
    /// Why the engine stopped early (it could not be made, or it threw at stimulus
    /// `windows.count`); nil when it answered every stimulus.
    package var failure: String?
    /// The reason the engine gave for declining the scenario (`CaseSkipped`); nil when it did not.
    package var declineReason: String?
    /// Whether the engine declined the scenario: nothing can be compared then.
    package var declined: Bool { declineReason != nil }
    /// What the engine wrote on the side when it failed (an `EngineError`'s diagnostics: a stdio
    /// engine's standard error tail); empty otherwise.
    package var failureDiagnostics = ""

    /// Runs the scenario on a fresh engine from the provider.
    package init(running scenario: Scenario, on provider: any EngineProvider) {
        windows = []
        failure = nil
        declineReason = nil
        var engine: any DeliveryEngine
        do {
            engine = try provider.makeEngine(for: scenario.setup(caseID: scenario.caseID))
        } catch {
            stop(by: error, making: true)
            return
        }
        // An engine in another process may send the scenario's stimuli ahead of their answers.
        if Self.looksAhead(engine), var lookahead = engine as? any LookaheadEngine {
            lookahead.expect(scenario.stimuli)
            engine = lookahead
        }
        for stimulus in scenario.stimuli {
            do {
                windows.append(try engine.handle(stimulus))
            } catch {
                stop(by: error, making: false)
                return
            }
        }
    }

    /// Records why the engine stopped: it declined the scenario (`CaseSkipped`), or it failed
    /// while it was made (`making`) or while it answered a stimulus.
    private mutating func stop(by error: any Error, making: Bool) {
        if let skipped = error as? CaseSkipped {
            failure = "the engine declined the scenario: \(skipped.reason)"
            declineReason = skipped.reason
        } else {
            failure = making ? "the engine could not be made: \(error)" : "\(error)"
            failureDiagnostics = (error as? EngineError)?.diagnostics ?? ""
        }
    }

    /// Whether engines of each type seen adopt ``LookaheadEngine``: a dynamic cast at every
    /// scenario would cost more than this lookup.
    private static let lookaheadTypes = Mutex<[ObjectIdentifier: Bool]>([:])

    private static func looksAhead(_ engine: any DeliveryEngine) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: engine))
        if let known = lookaheadTypes.withLock({ $0[type] }) { return known }
        let looksAhead = engine is any LookaheadEngine
        lookaheadTypes.withLock { $0[type] = looksAhead }
        return looksAhead
    }

    /// The index of the first stimulus whose answer differs from `other`'s (a different window,
    /// or only one of the engines failing there); nil when the traces agree or either engine
    /// declined the scenario.
    package func firstDivergence(from other: ScenarioTrace) -> Int? {
        guard !declined, !other.declined else { return nil }
        let common = min(windows.count, other.windows.count)
        if let index = (0..<common).first(where: { windows[$0] != other.windows[$0] }) { return index }
        guard windows.count == other.windows.count, failure == nil, other.failure == nil else { return common }
        return nil
    }
}
