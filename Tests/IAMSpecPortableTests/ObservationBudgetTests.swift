import IAMSpec
import IAMSpecPortable
import Testing

/// What a run's observations are charged (Specs/PROTOCOL.md, "Transport"): 16 an observation and
/// a byte of its text each, eight for a byte a report may escape.
@Suite struct ObservationBudgetTests {
    @Test func aByteAReportMayEscapeCountsEight() {
        #expect(Observation.dismissed("m1").budgetBytes == 16 + 2)
        // `"`, `\`, a control character and each of `é`'s two bytes count eight.
        #expect(Observation.dismissed("a\"b\\c\u{1}é").budgetBytes == 16 + 3 + 3 * 8 + 2 * 8)
        #expect(Observation.displayed("m", extras: ["k": "v\n"]).budgetBytes == 16 + 1 + 16 + 1 + 1 + 8)
        #expect(Observation.stack(["a", "bc"]).budgetBytes == 16 + 16 + 1 + 16 + 2)
    }

    @Test func anAnswerPastTheLimitIsRefusedAndChargesNothing() {
        var budget = ObservationBudget()
        let half = Observation.dismissed(String(repeating: "x", count: ObservationBudget.maximumBytes / 2))
        let first = budget.charge([half])
        let second = budget.charge([half])
        #expect(first && !second)
        #expect(budget.used == half.budgetBytes)
        let small = budget.charge([.dismissed("m")])
        #expect(small)
    }
}
