import Foundation
import Testing

/// An adapter that sends impressions without declaring `analytics`: `--validate-protocol` names
/// the observation and the capability it needs; without validation the runs are judged as sent.
@Suite("An observation of a capability the engine did not declare")
struct UndeclaredObservationTests {
    private static func run(_ options: String...) throws -> IAMSpecExecutable.Outcome {
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        return try IAMSpecExecutable.run(
            [
                "run", "Specs", "--filter", "stack-app-dismissal-takes-the-visible-message", "--profile", "braze-swift",
                "--engine-command",
                "python3 Fixtures/engines/reference_variant.py undeclared-analytics '\(iamspec)' engine --stdio",
                "--color", "never",
            ] + options
        )
    }

    @Test func validatingTheProtocolNamesTheObservationAndItsCapability() throws {
        let outcome = try Self.run("--validate-protocol")
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput.contains(
                "with the observation `impression_logged`, which needs the capability analytics, and it did not "
                    + "declare analytics"
            ),
            "\(outcome.standardOutput)"
        )
    }

    @Test func withoutValidationTheRunIsJudgedAsSent() throws {
        let outcome = try Self.run()
        #expect(!outcome.standardOutput.contains("which needs the capability analytics"))
    }
}
