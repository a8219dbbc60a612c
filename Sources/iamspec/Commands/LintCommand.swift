import ArgumentParser
import IAMSpec

/// `iamspec lint`: checks spec files without running them.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check spec files and the rule catalogue.",
        discussion: """
            Prints each problem as `path:line:col: error: ...` on standard error. Exit status 0 \
            when there is none, 2 when there is any.
            """
    )

    @OptionGroup var suite: SuiteOptions

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        print("\(loaded.compactCases.count) cases, \(loaded.rules.rules.count) rules: no problems")
    }
}
