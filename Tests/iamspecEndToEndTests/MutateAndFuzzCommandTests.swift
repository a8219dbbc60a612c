import Foundation
import IAMSpecExplanation
import Testing

@Suite("iamspec mutate and iamspec fuzz")
struct MutateAndFuzzCommandTests {
    @Test("mutate --list names every mutant with its rule and description")
    func listsMutants() throws {
        let outcome = try IAMSpecExecutable.run(["mutate", "--list"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == BehaviourCatalogue.all.count)
        #expect(lines.contains("stack-fifo\tstack.lifo\tlets waiting messages leave first in, first out"))
    }

    /// The whole suite against every mutant is scripts/test's `iamspec mutate` stage (minutes of
    /// CPU): run here as well, and again in the checklist trial's copy, it tripled that cost for no
    /// defect the stage misses. This checks the command's contract on two mutants and their rule's cases.
    @Test("mutate --mutant runs the chosen mutants alone, each killed, and scores them")
    func chosenMutantsAreScored() throws {
        let outcome = try IAMSpecExecutable.run([
            "mutate", "--filter", "stack-*", "--mutant", "stack-fifo", "--mutant", "stack-survives-relaunch", "--jobs",
            "2",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasSuffix("Mutation score: 2/2 (100.0%)\n"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("stack-fifo"))
        #expect(!outcome.standardOutput.contains("SURVIVED"))
    }

    @Test("mutate rejects an unknown mutant id with status 2")
    func unknownBehaviour() throws {
        let outcome = try IAMSpecExecutable.run(["mutate", "--mutant", "no-such-mutant"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("no mutant has the id 'no-such-mutant'"))
    }

    @Test("fuzz against a mutant writes a case that catches it and exits 1")
    func fuzzFindsBehaviour() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = folder.appendingPathComponent("Specs/found")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let out = specs.appendingPathComponent("fifo.yaml")
        let outcome = try IAMSpecExecutable.run([
            "fuzz", "--against", "mutant:stack-fifo", "--seed", "1", "--count", "500", "--out", out.path,
        ])
        #expect(outcome.status == 1)
        let yaml = try String(contentsOf: out, encoding: .utf8)
        #expect(yaml.hasPrefix("# yaml-language-server: $schema=../schema.json\n# Catches: mutant stack-fifo\n"))
        #expect(yaml.contains("- id: found-stack-fifo\n"))
        // The rule the mutant breaks first, then any an expected observation is about.
        #expect(yaml.contains("  rules: [stack.lifo"))
        #expect(outcome.standardError.contains("diverge on scenario"))

        let suite = folder.appendingPathComponent("Specs")
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs/rules.yaml"),
            to: suite.appendingPathComponent("rules.yaml")
        )
        let lint = try IAMSpecExecutable.run(["lint", suite.path])
        #expect(lint.status == 0, "\(lint.standardError)")
        let onReference = try IAMSpecExecutable.run(["run", suite.path])
        #expect(onReference.status == 0)
        #expect(onReference.standardOutput.hasSuffix("1 passed, 0 failed, 0 skipped\n"))
        let onMutant = try IAMSpecExecutable.run(["mutate", suite.path, "--mutant", "stack-fifo"])
        #expect(onMutant.status == 0)
        #expect(onMutant.standardOutput.contains("by 1 case: found-stack-fifo"))
    }

    @Test("the same seed writes the same case")
    func fuzzIsDeterministic() throws {
        let arguments = ["fuzz", "--against", "mutant:regex-anchored", "--seed", "3", "--count", "1000"]
        let first = try IAMSpecExecutable.run(arguments)
        let second = try IAMSpecExecutable.run(arguments)
        #expect(first.status == 1)
        #expect(!first.standardOutput.isEmpty)
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test("fuzz between equal engines finds nothing and exits 0")
    func fuzzFindsNothing() throws {
        let outcome = try IAMSpecExecutable.run([
            "fuzz", "--against", "reference", "--rule", "stack.lifo", "--seed", "2", "--count", "200",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.contains("no divergence in 200 scenarios (seed 2)"))
    }

    @Test("fuzz drives a stdio engine: the reference served over stdio against a mutant")
    func fuzzOverStdio() throws {
        let command = "'\(IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path)' engine --stdio"
        let outcome = try IAMSpecExecutable.run([
            "fuzz", "--engine-command", command, "--against", "mutant:extras-dropped", "--count", "500",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("# Catches: mutant extras-dropped"))
        let agreeing = try IAMSpecExecutable.run([
            "fuzz", "--engine-command", command, "--against", "reference", "--rule", "extras.unchanged",
            "--count", "100",
        ])
        #expect(agreeing.status == 0)
    }

    /// The engine command is the user's text, quoted in the case's comment and on the console as
    /// one line: a line break in it cannot add YAML to the case, nor an escape reach the terminal.
    @Test("fuzz quotes the engine command as one line in the case it writes and on the console")
    func fuzzQuotesTheEngineCommand() throws {
        let binary = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let command = "'\(binary)' engine --stdio # \n- id: injected\u{1B}[31m"
        let outcome = try IAMSpecExecutable.run([
            "fuzz", "--engine-command", command, "--against", "mutant:extras-dropped", "--count", "500",
        ])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("\n- id: injected"))
        #expect(outcome.standardOutput.contains("--stdio # ⏎- id: injected\\u{1b}[31m against mutant:extras-dropped"))
        #expect(!outcome.standardError.contains("\u{1B}"))
        let rule = try IAMSpecExecutable.run(["fuzz", "--against", "reference", "--rule", "t.show\n- x"])
        #expect(rule.status == 2)
        #expect(rule.standardError.contains("found 't.show⏎- x'"))
    }

    @Test("fuzz --all-mutants prints one line per mutant and the count found")
    func fuzzSurvey() throws {
        let outcome = try IAMSpecExecutable.run(["fuzz", "--all-mutants", "--seed", "1", "--count", "3"])
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == BehaviourCatalogue.all.count + 1)
        #expect(lines.contains("no-match-callback-missing\tfound at scenario 1"))
        #expect(lines.contains("stack-fifo\tnot found in 3 scenarios"))
        #expect(lines.last?.hasSuffix("mutants found (seed 1, 3 scenarios each)") == true)
        #expect(outcome.status == 1)
    }

    @Test("fuzz needs a rule when neither engine is a mutant, and a known engine name")
    func fuzzUsageErrors() throws {
        #expect(try IAMSpecExecutable.run(["fuzz", "--against", "reference"]).status == 2)
        #expect(try IAMSpecExecutable.run(["fuzz", "--against", "mutant:nope", "--rule", "stack.lifo"]).status == 2)
        #expect(
            try IAMSpecExecutable.run(["fuzz", "--against", "reference", "--count", "0", "--rule", "x.y"]).status == 2
        )
    }
}
