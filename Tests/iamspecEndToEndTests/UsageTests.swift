import Testing

@Suite("Usage errors")
struct UsageTests {
    @Test func anUnknownOptionExitsWithStatus2() throws {
        let outcome = try IAMSpecExecutable.run("run", "--no-such-option")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Unknown option '--no-such-option'"))
    }

    @Test func anInvalidValueExitsWithStatus2() throws {
        let jobs = try IAMSpecExecutable.run("run", "--jobs", "0")
        #expect(jobs.status == 2)
        #expect(jobs.standardError.contains("--jobs must be at least 1, found 0"))
        let color = try IAMSpecExecutable.run("run", "--color", "sometimes")
        #expect(color.status == 2)
        let profile = try IAMSpecExecutable.run("list", "--profile", "android")
        #expect(profile.status == 2)
    }

    @Test func helpExitsWithStatus0AndExplainsTheTotalsLine() throws {
        let outcome = try IAMSpecExecutable.run("run", "--help")
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("N passed, N failed, N skipped"))
    }

    @Test(arguments: [("lnit", "lint"), ("rnu", "run"), ("reprot", "report"), ("mereg", "merge")])
    func aMistypedSubcommandGetsASuggestion(typed: String, meant: String) throws {
        let outcome = try IAMSpecExecutable.run(typed, "Specs")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: unknown command '\(typed)'; did you mean '\(meant)'?\n"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func aWordFarFromEveryCommandIsStillASpecPathForRun() throws {
        let outcome = try IAMSpecExecutable.run("no-such-suite")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("no-such-suite:1:1: error: no such file or folder 'no-such-suite'"))
    }
}
