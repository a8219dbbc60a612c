import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// `large-integers`: a case needs it for every integer beyond 2^53 it makes an engine read or hold,
/// not only an event property's or an operand's, since an engine whose numbers are doubles
/// (JavaScript's) rounds each alike (Specs/README.md, "Capabilities").
@Suite("Integers beyond 2^53 need large-integers")
struct LargeIntegerNeedsTests {
    /// The capabilities the one case of `yaml` needs, as the loader derives them.
    private static func needs(_ yaml: String) throws -> Set<Capability> {
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": yaml])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        return try #require(suite.cases.first).requires
    }

    @Test func aClockPastTwoToTheFiftyThirdMillisecondsNeedsIt() throws {
        // 9007199254740.993 s is 2^53 + 1 ms: `now` there is a time a double cannot hold.
        let past = "  - session_start\n  - advance: 9007199254740\n  - advance: 0.993\n  - expect: nothing"
        #expect(try Self.needs(CaseValidityTests.yaml(steps: past)).contains(.largeIntegers))
        let at = "  - session_start\n  - advance: 9007199254740\n  - advance: 0.992\n  - expect: nothing"
        #expect(try !Self.needs(CaseValidityTests.yaml(steps: at)).contains(.largeIntegers))
    }

    @Test func aDurationOrTimeBeyondTwoToTheFiftyThirdMillisecondsNeedsIt() throws {
        let message = "{id: promo, triggers: [session_start]}"
        let timeout = CaseValidityTests.yaml(head: "requires: [timeout]\n").replacingOccurrences(
            of: message,
            with: "{id: promo, timeout: 9007199254740.993, triggers: [session_start]}"
        )
        #expect(try Self.needs(timeout).contains(.largeIntegers))
        let span = CaseValidityTests.yaml().replacingOccurrences(
            of: "triggers: [session_start]",
            with: "triggers: [{custom_event: {name: e, filters: [{property: t, within_last: 9007199254740.993}]}}]"
        )
        #expect(try Self.needs(span).contains(.largeIntegers))
        let time = CaseValidityTests.yaml(
            steps: "  - session_start\n  - custom_event: {name: e, properties: {t: {time: 9007199254740.993}}}\n"
                + "  - expect: nothing"
        )
        #expect(try Self.needs(time).contains(.largeIntegers))
    }

    @Test func theBundledCaseTriggeredAtTheLastInstantNeedsIt() throws {
        let repository = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent()
        let file = repository.appendingPathComponent("Specs/mutants-found/sweep-survivors.yaml").path
        let suite = SuiteLoader.load(paths: [file])
        let spec = try #require(suite.cases.first { $0.id == "sweep-shortest-timeout-at-the-last-instant" })
        #expect(spec.requires.contains(.largeIntegers))
    }
}
