import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite struct SecondsTests {
    @Test(arguments: [
        ("1.5", DecimalMilliseconds.milliseconds(1500)), ("0.001", .milliseconds(1)), ("1.500000", .milliseconds(1500)),
        ("2.25e1", .milliseconds(22_500)), ("1e3", .milliseconds(1_000_000)), ("+.5", .milliseconds(500)),
        ("0.0", .milliseconds(0)), ("1.0005", .tooPrecise), ("1e-4", .tooPrecise), ("1e30", .tooLarge),
        ("7200.", .milliseconds(7_200_000)), ("9223372036854775.807", .milliseconds(Int64.max)),
        ("9223372036854775.000", .milliseconds(9_223_372_036_854_775_000)), ("9223372036854775.808", .tooLarge),
        ("92233720368547758.07e-1", .milliseconds(Int64.max)), ("99999999999999999.9", .tooLarge),
    ])
    func decimalTextIsReadExactly(_ text: String, _ expected: DecimalMilliseconds) {
        #expect(DecimalMilliseconds.parse(text) == expected)
    }

    @Test func aMessageWithoutAnIDStillHasItsOtherKeysChecked() throws {
        let yaml = """
            id: a.case
            title: A case
            rules: [area.rule]
            given:
              messages:
                - {triggers: [session_start], delay: soon}
            steps: [{expect: nothing}]
            """
        let problems = try SpecScratch.problems(in: yaml)
        #expect(
            problems == [
                "case.yaml:6:7: error: missing required key 'id' in a message",
                "case.yaml:6:42: error: expected seconds (a number) for 'delay', found string \"soon\"",
            ]
        )
    }

    @Test func theConfigsIntervalSaysWhichBoundItPasses() throws {
        func problems(_ interval: String) throws -> [String] {
            try SpecScratch.problems(
                in: """
                    id: a.case
                    title: A case
                    rules: [area.rule]
                    given: {config: {minimum_trigger_interval: \(interval)}}
                    steps: [{expect: nothing}]
                    """
            )
        }
        #expect(
            try problems("-1") == [
                "case.yaml:4:44: error: expected a non-negative integer for 'minimum_trigger_interval', found integer -1"
            ]
        )
        #expect(
            try problems("9223372036854775807") == [
                "case.yaml:4:44: error: expected seconds small enough to count in milliseconds for "
                    + "'minimum_trigger_interval', found integer 9223372036854775807"
            ]
        )
        #expect(try problems("9223372036854775").isEmpty)
    }
}
