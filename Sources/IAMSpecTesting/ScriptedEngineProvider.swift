public import IAMSpec

/// A test-double engine provider whose engines answer from a closure and record what they got.
///
/// ```swift
/// let provider = ScriptedEngineProvider { stimulus, setup in
///     switch stimulus {
///     case .sessionStarted: [.displayed("promo", extras: [:])]
///     case .stackInspected: [.stack([])]
///     default: []
///     }
/// }
/// let summary = ConformanceRun(engine: provider).run(cases: cases)
/// #expect(provider.recorder.runs.count == 2)
/// ```
///
/// The closure may throw (`EngineError` makes the run an error), return ``ScriptedAnswer/hang``
/// (the engine blocks until interrupted), return ``ScriptedAnswer/unsupported(reason:)`` (the
/// engine declines the step), and see the run's `EngineSetup`. The description (name,
/// profiles, capabilities, and those it lacks) is configurable; `skip` declines cases with a
/// reason, and `fail` makes no engine for them, as a provider whose engine cannot start.
public struct ScriptedEngineProvider: EngineProvider {
    /// Answers one stimulus of the run set up by `setup`; called on the run's worker thread.
    public typealias Responder = @Sendable (_ stimulus: Stimulus, _ setup: EngineSetup) throws -> ScriptedAnswer

    /// The name, version, profiles and capabilities given to the initializer.
    public let description: EngineDescription
    /// Every engine made and every stimulus it received.
    public let recorder = ScriptedEngineRecorder()
    private let skip: @Sendable (EngineSetup) -> String?
    private let fail: @Sendable (EngineSetup) -> String?
    private let respond: Responder

    /// A provider whose engines answer with `respond`, and declare the description made of the
    /// other values.
    ///
    /// - Parameters:
    ///   - name: the engine's name in the description.
    ///   - version: the engine's version in the description.
    ///   - profiles: the profiles the engines follow; a run under another one is skipped.
    ///   - capabilities: the capabilities the engines declare, as `EngineDescription` takes them:
    ///     those of `Capability.assumedUnlessLacking` are added unless `lacking` names them.
    ///   - lacking: the assumed capabilities the engines lack.
    ///   - skip: a reason to decline the run (thrown as `CaseSkipped`), or nil to run it.
    ///   - fail: why no engine can be made for the run (thrown as `EngineError`: the run is an
    ///     error), or nil to make one; asked after `skip`.
    ///   - respond: the engine's answer to each stimulus.
    public init(
        name: String = "scripted",
        version: String = "1.0.0",
        profiles: Set<Profile> = Set(Profile.allCases),
        capabilities: Set<Capability> = Set(Capability.allCases),
        lacking: Set<Capability> = [],
        skip: @escaping @Sendable (EngineSetup) -> String? = { _ in nil },
        fail: @escaping @Sendable (EngineSetup) -> String? = { _ in nil },
        respond: @escaping Responder
    ) {
        self.description = EngineDescription(
            name: name,
            version: version,
            profiles: profiles,
            capabilities: capabilities,
            lacking: lacking
        )
        self.skip = skip
        self.fail = fail
        self.respond = respond
    }

    /// A provider whose engines answer each stimulus from a table (no entry: no observation).
    public static func answering(
        _ answers: [Stimulus: [Observation]],
        profiles: Set<Profile> = Set(Profile.allCases),
        capabilities: Set<Capability> = Set(Capability.allCases)
    ) -> ScriptedEngineProvider {
        ScriptedEngineProvider(profiles: profiles, capabilities: capabilities) { stimulus, _ in
            .observations(answers[stimulus] ?? [])
        }
    }

    /// A fresh ``ScriptedEngine`` recorded in ``recorder``; throws `CaseSkipped` when `skip`
    /// declines the run, and `EngineError` when `fail` gives a reason.
    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        if let reason = skip(setup) {
            throw CaseSkipped(reason: reason)
        }
        if let message = fail(setup) {
            throw EngineError(message)
        }
        return ScriptedEngine(setup: setup, respond: respond, recorder: recorder)
    }
}
