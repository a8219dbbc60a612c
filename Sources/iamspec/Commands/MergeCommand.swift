import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec merge`: combines the results streams of shards into one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the results streams of shards (iamspec run --shard I/N --json ...) into one.",
        discussion: """
            The streams must come from the same engine, suite paths and selection (only --shard \
            may differ), judged against the same baseline (or none), each with its case records in \
            report order (by case id, then profile, as iamspec run writes them), and no case run \
            may appear in two of them. They are merged a record at a time, so memory holds one \
            record of each and the failures, not the streams. The merged stream feeds `iamspec report` and `iamspec docs` like a \
            whole run's, the baseline recorded in its footer. Prints the merged totals as the \
            baseline judges them, `N passed, N failed, N skipped`, and a warning on standard error when shards of one \
            count are missing: the merged stream records them (its footer's missing_shards), its verdict fails, and \
            iamspec report fails on it unless --partial. Exit status 0 when the merged stream was written (whatever the \
            results), 2 when an input cannot be read, the inputs do not fit together, or the \
            output cannot be written or is one of the inputs.
            """
    )

    @Argument(help: ArgumentHelp("The merged results stream to write.", valueName: "out.jsonl"))
    var output: String

    @Argument(help: ArgumentHelp("The results streams to merge.", valueName: "in.jsonl"))
    var inputs: [String]

    func validate() throws {
        guard !inputs.isEmpty else {
            throw ValidationError("give the merged file, then at least one results stream to merge")
        }
    }

    func run() throws {
        try ReportDestinations.prepare(
            [("the merged stream", output)],
            inputs: inputs.map { ReportDestinations.Input(role: "a results stream", path: $0) }
        )
        do {
            let (verdict, missing) = try ResultsMerge.merge(files: inputs, into: output)
            if !missing.isEmpty {
                StandardError.write(
                    "warning: the merge lacks shard\(missing.count == 1 ? "" : "s") "
                        + missing.map(\.description).joined(separator: ", ")
                        + ": the merged stream records \(missing.count == 1 ? "it" : "them"), and iamspec report fails "
                        + "on it unless --partial"
                )
            }
            print(verdict.totalsLine)
        } catch let error as ResultsStreamError {
            throw CommandFailure.usage(error.description)
        } catch let error as AtomicFileError {
            throw CommandFailure.usage(error.description)
        }
    }
}
