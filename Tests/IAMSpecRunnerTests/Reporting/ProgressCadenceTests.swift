import Testing

@testable import IAMSpecRunner

@Suite("Progress off a terminal: a line per tenth of the runs or per 10 s")
struct ProgressCadenceTests {
    /// The runs after which a line is printed, each run finishing `step` after the one before.
    private func lines(total: Int, step: Duration) -> [Int] {
        var cadence = ProgressCadence(total: total)
        return (1...total).filter { completed in
            cadence.lineIsDue(completed: completed, elapsed: step * completed)
        }
    }

    @Test func aFastRunPrintsATenthOfItsRunsAtATimeAndItsLast() {
        #expect(lines(total: 490, step: .milliseconds(1)) == [49, 98, 147, 196, 245, 294, 343, 392, 441, 490])
        #expect(lines(total: 557, step: .zero).count == 10)
        #expect(lines(total: 3, step: .zero) == [1, 2, 3])
    }

    @Test func aSlowRunPrintsALineOnceTenSecondsHavePassed() {
        // One run every 4 s: the tenth of 100 runs takes 40 s, so the 10 s come first.
        let printed = lines(total: 100, step: .seconds(4))
        #expect(printed.prefix(4) == [3, 6, 9, 12])
        #expect(printed.last == 100)
    }

    @Test func elapsedTimeReadsAsPeopleReadIt() {
        #expect(ElapsedText.of(.milliseconds(412)) == "0.4 s")
        #expect(ElapsedText.of(.milliseconds(41_250)) == "41.2 s")
        #expect(ElapsedText.of(.seconds(543)) == "9 min 03 s")
        #expect(ElapsedText.of(.seconds(3_725)) == "1 h 02 min")
        #expect(ElapsedText.of(.seconds(-1)) == "0.0 s")
    }

    @Test func theSummaryLineIsAlignedLikeAProgressLine() {
        let line = ConsoleReport(style: ConsoleStyle(usesColor: false)).progressSummaryLine(
            completed: 49,
            total: 490,
            passed: 45,
            failed: 3,
            skipped: 1,
            elapsed: .milliseconds(2_050)
        )
        #expect(line == "[ 49/490] 45 passed, 3 failed, 1 skipped (2.0 s)")
    }
}
