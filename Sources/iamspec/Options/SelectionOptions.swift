import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// Which case runs a command selects: each repeatable option is an OR of its values, the
/// options an AND.
struct SelectionOptions: ParsableArguments {
    @Option(name: .customLong("filter"), help: "Only cases whose id matches this glob; repeatable.")
    var filters: [String] = []

    @Option(name: .customLong("tag"), help: "Only cases with this tag; repeatable.")
    var tags: [String] = []

    @Option(
        name: .customLong("tags"),
        help: ArgumentHelp(
            "Only cases whose tags satisfy: a and (b or not c).",
            valueName: "expression"
        ),
        transform: TagExpression.init(parsing:)
    )
    var tagExpression: TagExpression?

    @Option(name: .customLong("profile"), help: "Only this profile; repeatable.")
    var profiles: [Profile] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only shard I of N (I from 1), by a hash of the id.",
            valueName: "I/N"
        ),
        transform: Shard.init(parsing:)
    )
    var shard: Shard?

    /// The runs these options select.
    var selection: RunSelection {
        RunSelection(
            filters: filters.map(GlobPattern.init),
            tags: tags,
            profiles: profiles,
            tagExpression: tagExpression,
            shard: shard
        )
    }

    /// A selection matching no run of the `cases` in `paths`: a warning when `allowed`
    /// (`--allow-empty`), otherwise exit status 5.
    func acceptEmpty(cases: Int, in paths: [String], allowed: Bool) throws(CommandFailure) {
        let what =
            "no case run matches the selection (\(cases) case\(cases == 1 ? "" : "s") in \(paths.joined(separator: ", ")))"
        guard allowed else {
            throw CommandFailure(
                message: "error: \(what); check --filter, --tag, --tags, --profile and --shard, or give --allow-empty",
                exitStatus: ExitStatus.emptySelection
            )
        }
        StandardError.write("warning: \(what)")
    }
}
