import ArgumentParser

/// The spec files and folders a command reads.
struct SuiteOptions: ParsableArguments {
    @Argument(help: "Spec files or folders.")
    var paths: [String] = ["Specs"]
}
