import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec list`: the selected cases, one id per line.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the selected cases.",
        discussion: """
            One case id a line, sorted. More: docs/COMMANDS.md, "iamspec list".
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    @Flag(help: "Show each case's title, rules, tags, profiles and location.")
    var long = false

    @Flag(help: "Print the suite's digest alone, as the field's results record it (docs/FIELD.md).")
    var digest = false

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        if digest {
            guard let text = SuiteDigest.of(loaded, paths: suite.paths) else {
                throw CommandFailure.usage(
                    "error: a spec file changed or went away while it was read; expected it to stay"
                )
            }
            print(text)
            return
        }
        let runSelection = selection.selection
        // The loader sorts the cases by id; each is decoded, one at a time, only for --long.
        let cases = loaded.loadedCases.filter { runSelection.includes($0) && !runSelection.profiles(of: $0).isEmpty }
        for loadedCase in cases {
            print(loadedCase.id)
            if long {
                let specCase = try SuiteLoading.reading { () throws(CaseFileChanged) in try loadedCase.decoded() }
                print("    title: \(QuotedText.line(specCase.title))")
                print("    rules: \(specCase.rules.joined(separator: ", "))")
                print("    tags: \(specCase.tags.joined(separator: ", "))")
                print("    profiles: \(runSelection.profiles(of: loadedCase).map(\.rawValue).joined(separator: ", "))")
                print("    location: \(QuotedText.line(specCase.location.description))")
            }
        }
    }
}
