import Foundation
import IAMSpecPortable
import IAMSpecRunner
import Testing

/// `Specs/schema.json` and `Specs/schemas/protocol/definitions.json` hold exactly the parts the
/// step and capability descriptions make (`StepSchemas`, which `scripts/update-schemas` writes
/// into them), so that a kind of step or a capability is written once, in Swift; and
/// `Specs/schemas/rules.schema.json` takes its capabilities from `Specs/schema.json`.
@Suite struct StepSchemaPartsTests {
    @Test func eachFileHoldsThePartsTheDescriptionsMake() throws {
        guard case .object(let files) = StepSchemas.parts else {
            Issue.record("StepSchemas.parts is not an object of files")
            return
        }
        #expect(Set(files.keys) == ["Specs/schema.json", "Specs/schemas/protocol/definitions.json"])
        for (file, parts) in files {
            let url = SchemaAgreementTests.specs.deletingLastPathComponent().appendingPathComponent(file)
            let schema = try JSONParser.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self))
            guard case .object(let places) = parts else {
                Issue.record("\(file): its parts are not an object of places")
                continue
            }
            for (pointer, part) in places {
                var node: JSONValue? = schema
                for key in pointer.split(separator: "/") {
                    guard case .object(let members)? = node else {
                        node = nil
                        break
                    }
                    node = members[String(key)]
                }
                // A Bool, so that a failure names the place, not two whole schemas.
                let holdsThePart = node == part
                #expect(
                    holdsThePart,
                    "\(file)#\(pointer) is not what the descriptions make: run scripts/update-schemas"
                )
            }
        }
    }

    @Test func theRuleCatalogueTakesItsCapabilitiesFromTheCaseFormat() throws {
        let definitions = try SchemaAgreementTests.definitions("schemas/rules.schema.json")
        let rule = try #require(definitions["rule"] as? [String: Any])
        let capability = try #require((rule["properties"] as? [String: Any])?["capability"] as? [String: Any])
        let references = (capability["allOf"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        #expect(references == ["../schema.json#/definitions/capability"])
        #expect(capability["enum"] == nil)
    }
}
