import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite struct YAMLCoreSchemaTests {
    @Test(arguments: ["null", "Null", "NULL", "~", ""])
    func nulls(_ text: String) {
        #expect(YAMLCoreSchema.resolve(text) == .null)
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false),
    ])
    func booleans(_ text: String, _ value: Bool) {
        #expect(YAMLCoreSchema.resolve(text) == .bool(value))
    }

    @Test(arguments: [
        ("5", Int64(5)), ("-12", -12), ("+7", 7), ("007", 7), ("0o17", 15), ("0x1F", 31), ("0xff", 255),
        ("-9223372036854775808", Int64.min), ("9223372036854775807", Int64.max),
    ])
    func integers(_ text: String, _ value: Int64) {
        #expect(YAMLCoreSchema.resolve(text) == .int(value))
    }

    @Test(arguments: [
        ("5.0", 5.0), ("1.5", 1.5), (".5", 0.5), ("-.5", -0.5), ("1.", 1.0), ("1e3", 1000.0), ("2.5E-1", 0.25),
        ("+1.25", 1.25), (".inf", Double.infinity), ("-.Inf", -Double.infinity), ("+.INF", Double.infinity),
        ("9223372036854775808", 9_223_372_036_854_775_808.0),
    ])
    func reals(_ text: String, _ value: Double) {
        #expect(YAMLCoreSchema.resolve(text) == .float(value))
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(_ text: String) {
        guard case .float(let value) = YAMLCoreSchema.resolve(text) else {
            Issue.record("\(text) did not resolve to a real")
            return
        }
        #expect(value.isNaN)
    }

    /// YAML 1.1 spellings and near misses stay strings under the 1.2 core schema.
    @Test(arguments: [
        "yes", "no", "on", "off", "y", "tRue", "nULL", "0b101", "0o8", "0x", "0xG", "1_000", "1.2.3", "e3", "1e",
        ".", "+", "-", "-.nan", "+.nan", ".infinity", "12:30", "1e3.5", "0o-1", "-0x1", "hello", "NaN", "inf",
    ])
    func strings(_ text: String) {
        #expect(YAMLCoreSchema.resolve(text) == .string)
    }

    @Test func quotedScalarsAreAlwaysStrings() {
        let composition = YAMLComposer(file: "t.yaml").compose(Array("[\"5\", '5', 5, \"true\", true, \"\", ~]".utf8))
        let values = composition.documents.first?.sequence?.compactMap { $0.scalar?.value }
        #expect(values == [.string, .string, .int(5), .string, .bool(true), .string, .null])
    }
}
