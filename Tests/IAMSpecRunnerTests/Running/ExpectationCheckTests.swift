import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Expectations against a window")
struct ExpectationCheckTests {
    let promo: Observation = .displayed("promo", extras: [:])
    let other: Observation = .stacked("other", reason: .messageVisible)

    @Test func sequenceHoldsForExactlyThePatternsInOrder() {
        let window = [promo, other]
        #expect(
            ExpectationCheck.checkSequence(
                [.displayed(.id("promo"), extras: nil), .stacked(.any, reason: nil)],
                window: window[...]
            ) == nil
        )
        let reversed = ExpectationCheck.checkSequence(
            [.stacked(.any, reason: nil), .displayed(.id("promo"), extras: nil)],
            window: window[...]
        )
        #expect(reversed?.check == .sequence)
        #expect(reversed?.actual == ["displayed: promo", "stacked: other (message_visible)"])
        #expect(ExpectationCheck.checkSequence([.displayed(.id("promo"), extras: nil)], window: window[...]) != nil)
    }

    @Test func sequenceComparesAnalyticsAndCallbacksOnlyWhenItNamesThem() {
        let window: [Observation] = [.noMatchingTrigger(.sessionStart), promo, .impressionLogged("promo")]
        #expect(ExpectationCheck.checkSequence([.displayed(.id("promo"), extras: nil)], window: window[...]) == nil)
        #expect(
            ExpectationCheck.checkSequence(
                [.displayed(.any, extras: nil), .impressionLogged(.id("promo"))],
                window: window[...]
            ) == nil
        )
        let withCallbacks = ExpectationCheck.checkSequence(
            [.displayed(.any, extras: nil)] + [.noMatchingTrigger(nil)],
            window: window[...]
        )
        #expect(withCallbacks != nil, "the callback comes before the display")
        #expect(
            ExpectationCheck.checkSequence(
                [.noMatchingTrigger(.sessionStart), .displayed(.any, extras: nil)],
                window: window[...]
            ) == nil
        )
    }

    @Test func sequenceComparesDismissalsOnlyWhenItNamesThem() {
        let window: [Observation] = [.dismissed("promo"), promo]
        #expect(ExpectationCheck.checkSequence([.displayed(.id("promo"), extras: nil)], window: window[...]) == nil)
        #expect(
            ExpectationCheck.checkSequence(
                [.dismissed(.any), .displayed(.id("promo"), extras: nil)],
                window: window[...]
            )
                == nil
        )
        let missing = ExpectationCheck.checkSequence(
            [.dismissed(.id("promo")), .displayed(.id("promo"), extras: nil)],
            window: [promo]
        )
        #expect(missing?.actual == ["displayed: promo"])
    }

    @Test func emptySequenceMeansNoDeliveryObservation() {
        #expect(
            ExpectationCheck.checkSequence([], window: [.impressionLogged("promo"), .noMatchingTrigger(.sessionStart)])
                == nil
        )
        let failure = ExpectationCheck.checkSequence([], window: [promo])
        #expect(failure?.expected == [])
        #expect(failure?.actual == ["displayed: promo"])
    }

    @Test func extrasAreComparedOnlyWhenGiven() {
        let window: [Observation] = [.displayed("promo", extras: ["k": "v"])]
        #expect(ExpectationCheck.checkSequence([.displayed(.id("promo"), extras: nil)], window: window[...]) == nil)
        #expect(
            ExpectationCheck.checkSequence([.displayed(.id("promo"), extras: ["k": "v"])], window: window[...]) == nil
        )
        #expect(
            ExpectationCheck.checkSequence([.displayed(.id("promo"), extras: ["k": "w"])], window: window[...]) != nil
        )
    }

    @Test func containsFindsAnOrderedSubsequenceWithOthersBetween() {
        let window: [Observation] = [promo, .impressionLogged("promo"), other, .clickLogged("promo")]
        #expect(
            ExpectationCheck.checkContains(
                [.displayed(.any, extras: nil), .clickLogged(.id("promo"))],
                window: window[...]
            )
                == nil
        )
        #expect(
            ExpectationCheck.checkContains([.clickLogged(.any), .displayed(.any, extras: nil)], window: window[...])?
                .check
                == .contains
        )
    }

    @Test func containsNeedsADistinctObservationForEachPattern() {
        let pattern = ObservationPattern.displayed(.id("promo"), extras: nil)
        #expect(ExpectationCheck.checkContains([pattern], window: [promo]) == nil)
        #expect(ExpectationCheck.checkContains([pattern, pattern], window: [promo]) != nil)
        #expect(ExpectationCheck.checkContains([pattern, pattern], window: [promo, other, promo]) == nil)
    }

    @Test func absentFailsOnTheFirstMatchingObservation() {
        let window: [Observation] = [promo, .discarded("late", reason: .timeout)]
        #expect(ExpectationCheck.checkAbsent([.discarded(.id("promo"), reason: nil)], window: window[...]) == nil)
        let failure = ExpectationCheck.checkAbsent([.discarded(.any, reason: .timeout)], window: window[...])
        #expect(failure?.check == .absent)
        #expect(failure?.message == "absent: `discarded: late (timeout)` matches `discarded: \"*\" (timeout)`")
    }

    @Test func theChecksOfOneExpectationRunInOrder() {
        let expectation = Expectation(
            sequence: [.displayed(.id("promo"), extras: nil)],
            contains: [.impressionLogged(.any)],
            absent: [.displayed(.any, extras: nil)]
        )
        #expect(ExpectationCheck.check(expectation, window: [promo])?.check == .contains)
        #expect(ExpectationCheck.check(expectation, window: [promo, .impressionLogged("promo")])?.check == .absent)
    }

    @Test func stackMustBeExactlyTheExpectedOneTopFirst() {
        #expect(ExpectationCheck.checkStack(expected: ["a", "b"], actual: ["a", "b"]) == nil)
        let failure = ExpectationCheck.checkStack(expected: ["a", "b"], actual: ["b", "a"])
        #expect(failure?.message == "stack (top first): expected [a, b], found [b, a]")
        let empty = ExpectationCheck.checkStack(expected: [], actual: ["a"])
        #expect(empty?.expected == ["stack: []"], "an empty stack is not an empty window")
        #expect(empty?.actual == ["stack: [a]"])
    }

    /// A message id the case format could not hold (an engine's) is quoted wherever a failure
    /// names it, and a report shows what it holds: `promo`, `promo ` and `promo` with a zero-width
    /// space never read alike.
    @Test func anIdNoCaseCouldHoldIsQuotedInEveryFailure() {
        let lookalikes: [Observation] = [.displayed("promo ", extras: [:]), .displayed("promo\u{200B}", extras: [:])]
        let sequence = ExpectationCheck.checkSequence([.displayed(.id("promo"), extras: nil)], window: lookalikes[...])
        #expect(
            sequence.map { QuotedText.line($0.message) }
                == #"sequence on delivery: expected [displayed: promo], found [displayed: "promo ", displayed: "promo\u{200b}"]"#
        )
        #expect(sequence?.actual == [#"displayed: "promo ""#, "displayed: \"promo\u{200B}\""])
        let contains = ExpectationCheck.checkContains([.displayed(.id("promo"), extras: nil)], window: lookalikes[...])
        #expect(
            contains?.message
                == #"contains: no observation matching `displayed: promo` in [displayed: "promo ", "#
                + "displayed: \"promo\u{200B}\"]"
        )
        let absent = ExpectationCheck.checkAbsent([.displayed(.any, extras: nil)], window: lookalikes[...])
        #expect(absent?.message == #"absent: `displayed: "promo "` matches `displayed: "*"`"#)
        let stack = ExpectationCheck.checkStack(expected: ["promo"], actual: ["promo "])
        #expect(stack?.message == #"stack (top first): expected [promo], found ["promo "]"#)
        #expect(stack?.actual == [#"stack: ["promo "]"#])
    }
}
