import IAMSpec
import IAMSpecPortable

/// What a run of the suite did with each case run, as the reach view of a results stream counts it
/// (`iamspec coverage --results`): the engine the run was made for, and how each run ended. A run
/// that passed or failed judged its case's rules, but those a failure at a setup step left
/// blocked; a run skipped once the engine had what the case needs was declined by the engine (its
/// `skipped` answer to the case, or `unsupported` to a step); an error judged nothing.
package struct RunOutcomes: Sendable {
    /// How one run ended, as the reach view counts it.
    package enum Outcome: Sendable, Hashable {
        /// Passed or failed: the case's rules were judged, but these, which a failure at a setup
        /// step blocked (``Difference/blocked``).
        case judged(blocked: Set<String>)
        /// Skipped, with the reason the result gives.
        case skipped(reason: String)
        /// An error: the engine threw, timed out, broke the protocol, or the run was interrupted.
        case error
    }

    /// A run: a case under a profile, as every report names one.
    package typealias Run = ExplainedBehaviour.Run

    /// The capabilities of the engine the run was made for, as its results stream records them.
    package var capabilities: Set<Capability>
    /// The profiles of that engine.
    package var profiles: Set<Profile>
    /// How each run of the stream ended.
    package var outcomes: [Run: Outcome]

    /// The outcomes of an engine with `capabilities` and `profiles`.
    package init(capabilities: Set<Capability>, profiles: Set<Profile>, outcomes: [Run: Outcome]) {
        self.capabilities = capabilities
        self.profiles = profiles
        self.outcomes = outcomes
    }

    /// The outcomes of the results stream `reader` reads, each run read once, a run at a time.
    ///
    /// - Throws: ``ResultsStreamError`` naming the line at fault.
    package init(reading reader: ResultsStreamReader) throws(ResultsStreamError) {
        var outcomes: [Run: Outcome] = [:]
        while let result = try reader.next() {
            outcomes[Run(caseID: result.caseID, profile: result.profile)] = Self.outcome(of: result)
        }
        self.init(
            capabilities: Set(reader.header.engine.capabilities),
            profiles: Set(reader.header.engine.profiles),
            outcomes: outcomes
        )
    }

    /// How `result` ended. A run a baseline expected to fail that did is judged: the stream
    /// records it skipped only once judged against the baseline.
    static func outcome(of result: CaseResult) -> Outcome {
        switch result.status {
        case .passed, .failed: .judged(blocked: Set(result.difference?.blocked ?? []))
        case .skipped where result.kind == .expectedFailure: .judged(blocked: Set(result.difference?.blocked ?? []))
        case .skipped: .skipped(reason: result.message)
        case .error: .error
        }
    }
}
