import ArgumentParser

/// The `--timeout SECONDS` of the commands that run cases (`run`, `lint`, `mutate`, `explain`,
/// `compile`): the wall-clock seconds one case run may take, judged and converted once.
enum CaseTimeout {
    /// The longest timeout a command takes: a day.
    static let maximumSeconds = 86_400.0

    /// Refuses seconds that are not more than 0 and at most ``maximumSeconds``.
    static func validate(_ seconds: Double) throws {
        guard seconds > 0, seconds <= maximumSeconds else {
            throw ValidationError(
                "--timeout must be more than 0 and at most \(Int(maximumSeconds)) seconds, found \(seconds)"
            )
        }
    }

    /// The seconds in whole milliseconds, rounded.
    static func milliseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1000).rounded())
    }

    /// The seconds as a duration of whole milliseconds.
    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(milliseconds(seconds))
    }
}
