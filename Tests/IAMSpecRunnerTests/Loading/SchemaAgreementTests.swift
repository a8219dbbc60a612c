import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// `Specs/schema.json`, `Specs/schemas/rules.schema.json` and `Specs/schemas/seeds.schema.json`
/// name exactly the keys the loader accepts (the steps: `StepSchemaTests`).
@Suite struct SchemaAgreementTests {
    static let specs = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent().appendingPathComponent(
        "Specs"
    )

    static func definitions(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: specs.appendingPathComponent(file))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(schema["definitions"] as? [String: Any])
    }

    static func keys(_ definitions: [String: Any], _ path: String...) throws -> Set<String> {
        var node: Any? = definitions
        for component in path {
            if let index = Int(component) {
                node = (node as? [Any]).flatMap { index < $0.count ? $0[index] : nil }
            } else {
                node = (node as? [String: Any])?[component]
            }
        }
        return Set(try #require(node as? [String: Any]).keys)
    }

    @Test func caseKeysAgree() throws {
        let definitions = try Self.definitions("schema.json")
        #expect(try Self.keys(definitions, "case", "properties") == Set(CaseDecoder.caseKeys.names))
        #expect(
            try Self.keys(definitions, "case", "properties", "given", "properties") == Set(CaseDecoder.givenKeys.names)
        )
        #expect(try Self.keys(definitions, "config", "properties") == Set(CaseDecoder.configKeys.names))
        #expect(try Self.keys(definitions, "message", "properties") == Set(CaseDecoder.messageKeys.names))
        #expect(try Self.keys(definitions, "localMessage", "properties") == Set(CaseDecoder.localMessageKeys.names))
        #expect(
            try Self.keys(definitions, "condition", "properties") == Set(["property"] + CaseDecoder.comparisonOperators)
        )
    }

    @Test func triggersAndExpectationsAgree() throws {
        let definitions = try Self.definitions("schema.json")
        let triggerBare = try #require(
            ((definitions["trigger"] as? [String: Any])?["anyOf"] as? [[String: Any]])?.first?["enum"] as? [String]
        )
        let triggerValued = try Self.keys(definitions, "trigger", "anyOf", "1", "properties")
        #expect(Set(triggerBare).union(triggerValued) == Set(CaseDecoder.triggerNames.names))
        #expect(
            try Self.keys(definitions, "expectation", "anyOf", "1", "properties")
                == Set(CaseDecoder.expectationKeys.names)
        )
        let patterns = try #require((definitions["pattern"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let kinds = patterns.compactMap { ($0["required"] as? [String])?.first }
        #expect(kinds == CaseDecoder.patternKinds.names)
    }

    @Test func ruleKeysAgree() throws {
        let definitions = try Self.definitions("schemas/rules.schema.json")
        #expect(try Self.keys(definitions, "rule", "properties") == Set(RuleCatalogueDecoder.ruleKeys.names))
        #expect(try Self.keys(definitions, "quote", "properties") == Set(RuleCatalogueDecoder.quoteKeys.names))
    }

    @Test func seedKeysAgree() throws {
        let definitions = try Self.definitions("schemas/seeds.schema.json")
        #expect(try Self.keys(definitions, "seed", "properties") == Set(SeedCatalogueDecoder.seedKeys.names))
    }
}
