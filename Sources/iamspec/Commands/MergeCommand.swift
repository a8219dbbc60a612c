import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec merge`: combines the results streams of shards into one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine shards' results streams into one.",
        discussion: """
            Exit status: 0 written, 2 unreadable or ill-fitting inputs, or unwritable output. More: \
            docs/COMMANDS.md, "iamspec merge".
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
