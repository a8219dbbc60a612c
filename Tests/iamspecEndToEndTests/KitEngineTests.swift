import Foundation
import Testing

/// Engines written on the Python adapter kit (`Kits/python`, engines in `Fixtures/engines`), run
/// by the built `iamspec` as another team would run its own engine: a deliberately partial one,
/// which must get no failure and no error.
@Suite("Engines on the adapter kits, end to end")
struct KitEngineTests {
    @Test func thePartialEngineGetsNoFailureAndNoErrorAndEachSkipSaysWhy() throws {
        let outcome = try IAMSpecExecutable.run(
            "run",
            "--engine-command",
            "python3 Fixtures/engines/partial_engine.py",
            "--validate-protocol",
            "--color",
            "never"
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let totals = outcome.lastLine?.split(separator: " ").map(String.init) ?? []
        #expect(totals.count == 6 && totals[2] == "0" && totals[3] == "failed,")
        #expect(!outcome.standardOutput.contains("FAILED "))
        #expect(!outcome.standardOutput.contains("ERROR "))
        // What it lacks is skipped, naming the capability...
        for capability in ["delay", "no-matching-trigger", "display-next", "delegate-later", "delegate-discard"] {
            #expect(outcome.standardOutput.contains("the engine lacks the capability \(capability)\n"))
        }
        // ...or the step it declined, with its reason.
        #expect(outcome.standardOutput.contains("the engine declined `custom_event: "))
        #expect(outcome.standardOutput.contains("this engine's event properties cannot hold a point in time"))
    }
}
