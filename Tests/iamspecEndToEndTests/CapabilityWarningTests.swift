import Foundation
import IAMSpecRunner
import Testing

/// What an engine declares and cannot have meant: a capability it declines on every run that
/// needs it, and a protocol-2 list naming none of the capabilities added since. Each is a warning
/// at the end of the run, in the console and the results stream's footer; under
/// `--strict-capabilities` it fails the run.
@Suite("Capability warnings at the end of a run")
struct CapabilityWarningTests {
    private static var iamspec: String {
        IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
    }

    private func run(variant: String, filter: String, strict: Bool, json: String) throws -> IAMSpecExecutable.Outcome {
        try IAMSpecExecutable.run(
            [
                "run", "Specs", "--filter", filter, "--engine-command",
                "python3 Fixtures/engines/reference_variant.py \(variant) '\(Self.iamspec)' engine --stdio",
                "--jobs", "1", "--color", "never", "--json", json,
            ] + (strict ? ["--strict-capabilities"] : [])
        )
    }

    @Test func aCapabilityDeclinedOnEveryRunIsNamedAndFailsOnlyWhenStrict() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let warning =
            "warning: the engine declares the capability display-next, but declined all 15 runs that need it: "
            + "check the adapter's method for it"
        let lenient = try run(
            variant: "decline:display_next",
            filter: "manual-display-next-*",
            strict: false,
            json: json
        )
        #expect(lenient.status == 0, "\(lenient.standardOutput)\(lenient.standardError)")
        #expect(lenient.standardOutput.contains(warning + "\n0 passed, 0 failed, 15 skipped"))
        let stream = try String(contentsOfFile: json, encoding: .utf8)
        #expect(stream.contains("\"warnings\":[\"the engine declares the capability display-next, but declined all 15"))
        let strict = try run(variant: "decline:display_next", filter: "manual-display-next-*", strict: true, json: json)
        #expect(strict.status == 1)
        #expect(strict.standardOutput.contains(warning))
        // The stream says so, and reads back with the same verdict.
        let strictStream = try String(contentsOfFile: json, encoding: .utf8)
        #expect(strictStream.contains("\"outcome\":\"1 capability warning\""))
        #expect(strictStream.contains("\"strict_capabilities\":true"))
        let summary = folder.appendingPathComponent("summary.md").path
        let reported = try IAMSpecExecutable.run("report", json, "--summary", summary)
        #expect(reported.status == 1, "\(reported.standardOutput)\(reported.standardError)")
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("declined all 15 runs"))
        let none = try run(variant: "strict", filter: "manual-display-next-*", strict: true, json: json)
        #expect(none.status == 0, "\(none.standardOutput)\(none.standardError)")
        #expect(!none.standardOutput.contains("warning: "))
    }

    /// A kit finds the engine's handlers by name: one misspelt (`on_customevent` for the Python
    /// kit's `on_custom_event`) declines its stimulus, which needs no capability, on every run,
    /// and each run is skipped. The run names the stimulus at its end, in the console and every
    /// report; under `--strict-capabilities` it fails.
    @Test func aStimulusDeclinedWhereverItWasSentIsNamedAndFailsOnlyWhenStrict() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kit = FileManager.default.currentDirectoryPath + "/Kits/python"
        let engine = try String(contentsOfFile: "Fixtures/engines/example_engine.py", encoding: .utf8)
            .replacingOccurrences(of: "on_custom_event", with: "on_customevent")
            .replacingOccurrences(
                of: #"os.path.dirname(os.path.abspath(__file__)), "..", "..", "Kits", "python""#,
                with: "'\(kit)'"
            )
        #expect(engine.contains("def on_customevent(") && engine.contains(kit))
        let file = folder.appendingPathComponent("misspelt_engine.py").path
        try engine.write(toFile: file, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("results.jsonl").path
        let arguments = [
            "run", "Specs", "--filter", "triggers-*", "--engine-command", "python3 '\(file)' --stdio", "--jobs", "1",
            "--color", "never", "--json", json,
        ]
        let warning =
            "warning: the engine declined the stimulus custom_event on all 6 runs that sent it, which every engine "
            + "is to handle (it needs no capability): check the adapter's method for it, which may be missing or misspelt"
        let lenient = try IAMSpecExecutable.run(arguments)
        #expect(lenient.status == 0, "\(lenient.standardOutput)\(lenient.standardError)")
        #expect(lenient.standardOutput.contains(warning), "\(lenient.standardOutput)")
        #expect(
            try String(contentsOfFile: json, encoding: .utf8).contains("the engine declined the stimulus custom_event")
        )
        let strict = try IAMSpecExecutable.run(arguments + ["--strict-capabilities"])
        #expect(strict.status == 1)
        #expect(strict.standardOutput.contains(warning))
        // The example engine as written handles it: no warning.
        let written = try IAMSpecExecutable.run(
            [
                "run", "Specs", "--filter", "triggers-*", "--engine-command",
                "python3 Fixtures/engines/example_engine.py --stdio",
            ]
                + ["--jobs", "1", "--strict-capabilities"]
        )
        #expect(written.status == 0, "\(written.standardOutput)\(written.standardError)")
        #expect(!written.standardOutput.contains("warning: "))
    }

    @Test func aProtocol2ListNamingNoneOfTheNewerCapabilitiesIsNamed() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        // Those that came after protocol 2, whichever are added later.
        let addedSince = CapabilityWarnings.addedSinceProtocol2.map(\.rawValue)
        let knownAddedSince: Set = ["app-dismissal", "click-follow-up", "data-wipe", "extras", "push-click"]
        #expect(knownAddedSince.isSubset(of: addedSince))
        let outcome = try run(variant: "protocol-2-list", filter: "delivery-*", strict: false, json: json)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(
            outcome.standardOutput.contains(
                "warning: the engine speaks protocol 2 and lists none of the capabilities added since ("
                    + addedSince.joined(separator: ", ") + ")"
            )
        )
        let strict = try run(variant: "protocol-2-list", filter: "delivery-*", strict: true, json: json)
        #expect(strict.status == 1)
        // The reference engine itself lists them: no warning.
        let listed = try run(variant: "strict", filter: "delivery-*", strict: true, json: json)
        #expect(listed.status == 0, "\(listed.standardOutput)\(listed.standardError)")
        #expect(!listed.standardOutput.contains("warning: "))
    }

    @Test func aProtocol1ListNamingMoreThanItsEightIsNamed() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A protocol-1 engine written against a newer page: it lists capabilities protocol 1
        // cannot declare, as if its list were exact, and declines every case.
        let engine = folder.appendingPathComponent("old_engine.py")
        try """
        import json, sys
        for line in sys.stdin:
            request = json.loads(line)
            if request["type"] == "hello":
                reply = {"type": "hello_reply", "protocol": 1, "name": "old", "version": "1",
                         "profiles": ["braze-swift"], "capabilities": ["analytics", "trigger-custom-event", "priority"]}
            elif request["type"] == "case":
                reply = {"type": "skipped", "reason": "not today"}
            else:
                break
            print(json.dumps(reply), flush=True)
        """.write(to: engine, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("results.jsonl").path
        let arguments = [
            "run", "Specs", "--filter", "priority-tie-*", "--engine-command", "python3 '\(engine.path)'", "--jobs", "1",
            "--color", "never", "--json", json,
        ]
        let outcome = try IAMSpecExecutable.run(arguments)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(
            outcome.standardOutput.contains(
                "warning: the engine speaks protocol 1 and lists priority, trigger-custom-event, which protocol 1 "
                    + "cannot declare: it is taken to have every capability beyond protocol 1's eight, those it left "
                    + "out (app-lifecycle, delay, "
            )
        )
        #expect(outcome.standardOutput.contains("speak protocol 2 to list exactly what the engine has\n"))
        let strict = try IAMSpecExecutable.run(arguments + ["--strict-capabilities"])
        #expect(strict.status == 1)
    }
}
