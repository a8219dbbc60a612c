import ArgumentParser
import IAMSpecRunner

/// `iamspec schema-parts`, not listed in the help: the parts of the published JSON Schemas that
/// the descriptions of the steps and the capabilities make (`StepSchemas`), as one line of JSON,
/// for `scripts/update-schemas` to write into `Specs/schema.json` and
/// `Specs/schemas/protocol/definitions.json`.
struct SchemaPartsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema-parts",
        abstract: "Print the parts of the JSON Schemas the step and capability descriptions make.",
        discussion: "For scripts/update-schemas, which writes them into Specs/schema.json and the protocol's.",
        shouldDisplay: false
    )

    func run() {
        print(StepSchemas.partsLine)
    }
}
