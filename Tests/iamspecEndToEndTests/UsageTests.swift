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

    @Test(arguments: [
        (["run", "--jobs", "-1"], "--jobs must be at least 1, found -1"),
        (["run", "--timeout", "-1"], "--timeout must be more than 0 and at most 86400 seconds, found -1.0"),
        (["run", "--repeat", "-2"], "--repeat must be at least 1 and at most 100, found -2"),
        (["list", "--shard", "-1/2"], "found '-1/2', expected I/N with whole numbers"),
        (["mutate", "--jobs", "-3"], "--jobs must be at least 1, found -3"),
        (["lint", "--timeout", "-5"], "--timeout must be more than 0 and at most 86400 seconds, found -5.0"),
        (
            ["explain", "--timeout", "86401", "r.jsonl"],
            "--timeout must be more than 0 and at most 86400 seconds, found 86401.0"
        ),
    ])
    func aNegativeNumberIsJudgedAsTheOptionsValue(arguments: [String], said: String) throws {
        // Not taken for an option of its own ("Missing value for '--jobs <jobs>'").
        let outcome = try IAMSpecExecutable.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(said), "\(outcome.standardError)")
    }

    @Test func helpExitsWithStatus0AndExplainsTheTotalsLine() throws {
        let outcome = try IAMSpecExecutable.run("run", "--help")
        #expect(outcome.status == 0)
        // The help is wrapped to the terminal's width: the phrase may be cut by a line break.
        let words = outcome.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("N passed, N failed, N skipped"))
    }

    /// Every command's help fits a screen of 80 columns (46 rows at most) and shows its usage first,
    /// after a line of overview and two of exit status; the rest is in docs/COMMANDS.md, "Each
    /// command in full".
    @Test(arguments: [
        [], ["run"], ["lint"], ["list"], ["coverage"], ["capabilities"], ["report"], ["engine"], ["merge"],
        ["diff"], ["docs"], ["compile"], ["run-compiled"], ["explain"], ["migrate"], ["mutate"], ["fuzz"],
        ["explore"],
    ])
    func helpShowsUsageFirstAndFitsAScreen(command: [String]) throws {
        let outcome = try IAMSpecExecutable.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let usage = lines.firstIndex { $0.hasPrefix("USAGE: ") }
        #expect(usage != nil && usage! < 8, "USAGE at line \(usage.map { $0 + 1 } ?? 0): \(outcome.standardOutput)")
        // The rows it takes on an 80-column screen: the usage line is never wrapped, a terminal wraps it.
        let rows = lines.reduce(0) { $0 + max(1, ($1.count + 79) / 80) }
        #expect(rows <= 46, "\(rows) rows: \(outcome.standardOutput)")
    }

    @Test(arguments: [("lnit", "lint"), ("rnu", "run"), ("reprot", "report"), ("mereg", "merge")])
    func aMistypedSubcommandGetsASuggestion(typed: String, meant: String) throws {
        let outcome = try IAMSpecExecutable.run(typed, "Specs")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: unknown command '\(typed)'; did you mean '\(meant)'?\n"))
        #expect(outcome.standardOutput.isEmpty)
    }

    /// `schema-parts`, which `scripts/update-schemas` runs, prints the schemas' parts as one line of
    /// JSON, and the help does not list it: no suggestion names it, and a word near it is a spec
    /// path, as any word far from every listed command.
    @Test func theSchemaPartsCommandIsNeitherListedNorSuggested() throws {
        let parts = try IAMSpecExecutable.run("schema-parts")
        #expect(parts.status == 0)
        #expect(parts.standardOutput.hasPrefix(#"{"Specs/schema.json":{"/definitions/step":{"#))
        #expect(parts.standardOutput.split(separator: "\n").count == 1)
        let help = try IAMSpecExecutable.run("--help")
        #expect(help.status == 0 && !help.standardOutput.contains("schema-parts"))
        let mistyped = try IAMSpecExecutable.run("lnit", "Specs")
        #expect(mistyped.status == 2 && !mistyped.standardError.contains("schema-parts"))
        let near = try IAMSpecExecutable.run("schema-part")
        #expect(near.status == 2)
        #expect(near.standardError.contains("schema-part:1:1: error: no such file or folder 'schema-part'"))
    }

    /// A usage error quotes the arguments as given, shown inert: the parser's messages and the
    /// misspelt command's alike.
    @Test(arguments: [
        (["run", "--jobs", "\u{1B}[31mx"], #"Error: The value '\u{1b}[31mx' is invalid for '--jobs <jobs>'"#),
        (["run", "--\u{1B}]0;x"], #"Error: Unknown option '--\u{1b}]0;x'"#),
        (["lin\u{1B}", "Specs"], #"error: unknown command 'lin\u{1b}'; did you mean 'lint'?"#),
    ])
    func anArgumentsEscapeIsShownEscaped(arguments: [String], said: String) throws {
        let outcome = try IAMSpecExecutable.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(said), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("\u{1B}"))
    }

    @Test func aWordFarFromEveryCommandIsStillASpecPathForRun() throws {
        let outcome = try IAMSpecExecutable.run("no-such-suite")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("no-such-suite:1:1: error: no such file or folder 'no-such-suite'"))
    }
}
