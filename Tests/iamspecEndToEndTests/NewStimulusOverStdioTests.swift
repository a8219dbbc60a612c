import Foundation
import Testing

/// An engine program written before a stimulus existed (it declares only what it knew of) is
/// skipped on the cases that use the stimulus, for lacking its capability, and is never sent it:
/// whether it speaks protocol 2 (the Python example engine) or protocol 1.
@Suite("A new stimulus over stdio")
struct NewStimulusOverStdioTests {
    private func runWipeCases(on engine: String) throws -> IAMSpecExecutable.Outcome {
        try IAMSpecExecutable.run(
            "run",
            "Specs/stack/memory-and-user.yaml",
            "--filter",
            "stack-wipe-data-*",
            "--engine-command",
            engine,
            "--validate-protocol",
            "--color",
            "never"
        )
    }

    @Test func aProtocol2EngineThatDoesNotDeclareItIsSkipped() throws {
        let outcome = try runWipeCases(on: "python3 Fixtures/engines/example_engine.py")
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(Self.everyRunSkipped(outcome.lastLine ?? ""), "\(outcome.lastLine ?? "no line")")
        #expect(outcome.standardOutput.contains("the engine lacks the capability data-wipe"))
    }

    @Test func aProtocol1EngineIsSkipped() throws {
        let engine =
            "python3 -c 'import sys; sys.path.insert(0, \"Fixtures/engines/faults\"); "
            + "import well_behaved; well_behaved.serve(protocol=1)'"
        let outcome = try runWipeCases(on: engine)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(Self.everyRunSkipped(outcome.lastLine ?? ""), "\(outcome.lastLine ?? "no line")")
        #expect(outcome.standardOutput.contains("data-wipe"))
        #expect(!outcome.standardOutput.contains("error"))
    }

    /// A setting (a rule value engines differ on, gated by a behavioural capability not assumed
    /// for engines that do not declare it: the click's follow-up) is skipped, never failed, by
    /// engines written before it: the Python and Node example engines list what they have.
    @Test(arguments: ["python3 Fixtures/engines/example_engine.py", "node Fixtures/engines/example_engine.mjs"])
    func aSettingsCasesAreSkippedByEnginesWrittenBeforeIt(engine: String) throws {
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Specs/stack/click-follow-up.yaml",
            "--engine-command",
            engine,
            "--validate-protocol",
            "--color",
            "never"
        )
        // The legacy profile's cases of the file need no follow-up (that SDK stacks): they run.
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.lastLine?.contains(" passed, 0 failed, ") == true, "\(outcome.lastLine ?? "no line")")
        #expect(outcome.standardOutput.contains("runs: the engine lacks the capability click-follow-up\n"))
    }

    /// Whether the totals line says that no run passed or failed, and at least one was skipped.
    private static func everyRunSkipped(_ totals: String) -> Bool {
        guard totals.hasPrefix("0 passed, 0 failed, "), totals.hasSuffix(" skipped") else { return false }
        let skipped = totals.dropFirst("0 passed, 0 failed, ".count).dropLast(" skipped".count)
        return (Int(skipped) ?? 0) > 0
    }
}
