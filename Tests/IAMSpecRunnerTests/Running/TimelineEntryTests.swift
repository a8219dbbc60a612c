import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Timeline entries")
struct TimelineEntryTests {
    private let steps = CaseFixtures.specCase(
        "a",
        steps: [
            .stimulus(.customEvent(CustomEvent(name: "tap"))),
            .expectation(Expectation(sequence: [.stacked(.id("promo"), reason: .messageVisible)], stack: ["promo"])),
        ]
    ).steps

    /// The entry a run makes of the custom event, and the same entry written as text.
    private var ranAndWritten: (ran: TimelineEntry, written: TimelineEntry) {
        let ran = TimelineEntry(
            time: VirtualTime(milliseconds: 1500),
            steps: steps,
            index: 0,
            // The run's observations: the entry's own are the middle two.
            observed: [
                .displayed("earlier", extras: [:]), .stacked("promo", reason: .messageVisible),
                .impressionLogged("promo"), .stack(["promo"]),
            ],
            range: 1..<3
        )
        let written = TimelineEntry(
            time: "1.5",
            step: "custom_event: tap",
            location: SourceLocation(file: CaseFixtures.file, line: 10, column: 5),
            observations: ["stacked: promo (message_visible)", "impression_logged: promo"]
        )
        return (ran, written)
    }

    @Test func anEntryARunMadeReadsAsTheTextOfItsStep() {
        let (ran, written) = ranAndWritten
        #expect(ran.time == written.time)
        #expect(ran.step == written.step)
        #expect(ran.location == written.location)
        #expect(ran.observations == written.observations)
        #expect(ran == written)
        #expect(ran.hashValue == written.hashValue)
    }

    @Test func anExpectationsEntryReadsAsTheExpectStep() {
        let entry = TimelineEntry(time: .zero, steps: steps, index: 1, observed: [.stack(["promo"])], range: 0..<1)
        #expect(entry.step == "expect: {sequence: [stacked: promo (message_visible)], stack: [promo]}")
        #expect(entry.observations == ["stack: [promo]"])
        #expect(entry.location.line == 11)
    }

    @Test func anEntryARunMadeEncodesAsTheWrittenOneAndDecodesEqual() throws {
        let (ran, written) = ranAndWritten
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let ranJSON = try encoder.encode(ran)
        #expect(ranJSON == (try encoder.encode(written)))
        #expect(try JSONDecoder().decode(TimelineEntry.self, from: ranJSON) == ran)
    }

    @Test func changingOneFieldOfAnEntryARunMadeKeepsTheOthers() {
        var entry = ranAndWritten.ran
        entry.step = "a step written by hand"
        entry.expected = ["displayed: promo"]
        #expect(entry.time == "1.5")
        #expect(entry.step == "a step written by hand")
        #expect(entry.location.line == 10)
        #expect(entry.observations == ["stacked: promo (message_visible)", "impression_logged: promo"])
        #expect(entry.expected == ["displayed: promo"])
        #expect(entry != ranAndWritten.written)
    }
}
