import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec capabilities`: each capability, what in a case needs it, and how many selected cases
/// and runs do.
struct CapabilitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capabilities",
        abstract: "List each capability, what in a case needs it, and how many cases and runs need it.",
        discussion: """
            A case needs exactly the capabilities it uses (derived by the loader); an engine that lacks one \
            skips the runs that need it. A capability marked * is assumed for an engine that does not speak of \
            it. Exit status 0, or 2 for spec errors.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        for line in CapabilityCensus(cases: loaded.cases, selection: selection.selection).lines {
            print(line)
        }
    }
}
