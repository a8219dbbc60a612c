extension CaseResult {
    /// What a failed run's check was, or what stopped an errored run; its raw value is the
    /// `kind` of the results stream and the suffix of JUnit's `iamspec.<kind>` type.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Failed: a `sequence` expectation did not hold.
        case sequence
        /// Failed: a `contains` expectation did not hold.
        case contains
        /// Failed: an `absent` expectation did not hold.
        case absent
        /// Failed: the stack was not the expected one.
        case stack
        /// Failed: the run, made several times (`iamspec run --repeat N`), ended or observed
        /// otherwise in one repeat than in the first (``Nondeterminism``).
        case nondeterministic
        /// Error: the engine threw, while being made or handling a stimulus.
        case engine
        /// Error: the run took longer than `RunOptions.timeout`.
        case timeout
        /// Error: the engine answered a stack inspection with anything but one stack.
        case stackAnswer = "stack-answer"
        /// Error: the run was under way when the run was interrupted (`RunControl`).
        case interrupted
        /// Skipped: the engine declined a step (`CaseSkipped` thrown from `handle`, or the
        /// stdio protocol's `unsupported` answer); the result's location is the step's.
        case declined
        /// Skipped, as judged against a baseline: the run failed as the baseline expects.
        case expectedFailure = "expected-failure"
        /// Failed, as judged against a baseline: the run passed though the baseline expects it
        /// to fail.
        case unexpectedPass = "unexpected-pass"
    }
}
