import ArgumentParser
import IAMSpec

/// Which case runs a command selects: each option is an OR of its values, the options an AND.
struct SelectionOptions: ParsableArguments {
    @Option(name: .customLong("filter"), help: "Only cases whose id matches this glob (*, ?, [...]); repeatable.")
    var filters: [String] = []

    @Option(name: .customLong("tag"), help: "Only cases with this tag; repeatable.")
    var tags: [String] = []

    @Option(name: .customLong("profile"), help: "Only this profile (braze-swift, appboy-legacy); repeatable.")
    var profiles: [Profile] = []

    var selection: RunSelection {
        RunSelection(filters: filters.map(GlobPattern.init), tags: tags, profiles: profiles)
    }
}
