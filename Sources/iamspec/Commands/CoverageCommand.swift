import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec coverage`: which cases check each rule of the catalogue.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Show the cases that check each rule, and the rules no case checks.",
        discussion: "Exit status 0 when every rule has a case, 1 when any has none, 2 for spec errors."
    )

    @OptionGroup var suite: SuiteOptions

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        var casesByRule: [String: [String]] = [:]
        try SuiteLoading.reading { () throws(CaseFileChanged) in
            try loaded.forEachCase { specCase in
                for rule in specCase.rules {
                    casesByRule[rule, default: []].append(specCase.id)
                }
            }
        }
        var uncovered: [Rule] = []
        for rule in loaded.rules.rules {
            let cases = (casesByRule[rule.id] ?? []).sorted()
            if cases.isEmpty {
                uncovered.append(rule)
            }
            print("\(rule.id): \(cases.count) case\(cases.count == 1 ? "" : "s")")
            for caseID in cases {
                print("    \(caseID)")
            }
        }
        let total = loaded.rules.rules.count
        guard uncovered.isEmpty else {
            print("\(uncovered.count) of \(total) rules uncovered:")
            for rule in uncovered {
                print("    \(rule.id)  \(QuotedText.line(rule.title))  (\(QuotedText.line(rule.location.description)))")
            }
            throw ExitCode(ExitStatus.failure)
        }
        print("all \(total) rules covered")
    }
}
