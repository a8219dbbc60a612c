import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecMutants

@Suite("What a replay explains of a run in part")
struct PartialReplayTests {
    /// The channels of a timeline whose steps observed these, in order.
    private static func channels(_ steps: [String]...) throws -> ObservedSteps {
        let timeline = steps.enumerated().map { index, observations in
            TimelineEntry(
                time: "0",
                step: "step \(index)",
                location: SourceLocation(file: "case.yaml", line: index + 1, column: 3),
                observations: observations
            )
        }
        return try #require(ObservedSteps(timeline, steps: steps.count))
    }

    /// The reference engine shows `first` and logs its impression, then stacks `second`.
    private static func reference() throws -> ObservedSteps {
        try channels(["displayed: first", "impression_logged: first"], ["stacked: second (message_visible)"])
    }

    @Test func aReplayThatGivesTheRunsDeliveriesLeavesItsImpressionsAsTheResidue() throws {
        let run = try Self.channels(
            ["displayed: second", "impression_logged: second", "impression_logged: second"],
            ["stacked: first (message_visible)"]
        )
        let replay = try Self.channels(
            ["displayed: second", "impression_logged: second"],
            ["stacked: first (message_visible)"]
        )
        let partial = try #require(PartialReplay(recorded: run, replay: replay, reference: try Self.reference()))
        // The impression of `second` that the name adds is there, that of `first` it takes away
        // is not: the second impression of `second` is the engine's own.
        #expect(partial.residue == [.analytics])
    }

    @Test func theSameObservationsInAnotherOrderAreTheResidue() throws {
        // The name shows `second` and logs its impression; the run logs it first, then shows it.
        let run = try Self.channels(
            ["impression_logged: second", "displayed: second"],
            ["stacked: first (message_visible)"]
        )
        let replay = try Self.channels(
            ["displayed: second", "impression_logged: second"],
            ["stacked: first (message_visible)"]
        )
        let partial = try #require(PartialReplay(recorded: run, replay: replay, reference: try Self.reference()))
        #expect(partial.residue == [.analytics])
        // In the same order, the replay is exact: no partial replay.
        #expect(PartialReplay(recorded: replay, replay: replay, reference: try Self.reference()) == nil)
    }

    @Test func aNameThatChangesDeliveriesIsJudgedOnThemNotOnWhatFollows() throws {
        // The name shows `second` where the rules show `first`, and logs its impression at once;
        // the run shows `second` and logs its impression a step later (a way of its own).
        let run = try Self.channels(
            ["displayed: second"],
            ["stacked: first (message_visible)", "impression_logged: second"]
        )
        let replay = try Self.channels(
            ["displayed: second", "impression_logged: second"],
            ["stacked: first (message_visible)"]
        )
        let partial = try #require(PartialReplay(recorded: run, replay: replay, reference: try Self.reference()))
        #expect(partial.residue == [.analytics])
    }

    @Test func aReplayThatChangesOnlyWhatTheRunShowsOtherwiseExplainsNothing() throws {
        // The replay changes the deliveries, and the run's are other ones still.
        let run = try Self.channels(["displayed: first", "impression_logged: first"], ["discarded: second (timeout)"])
        let replay = try Self.channels(["displayed: first", "impression_logged: first"], [])
        #expect(PartialReplay(recorded: run, replay: replay, reference: try Self.reference()) == nil)
    }

    @Test func deliveryIsNeverTheResidue() throws {
        // The run drops `first` altogether: no display and no impression. A replay that logs no
        // impression gives the run's analytics, but by chance: the deliveries are not its.
        let run = try Self.channels([], ["displayed: second", "impression_logged: second"])
        let replay = try Self.channels(["displayed: first"], ["stacked: second (message_visible)"])
        #expect(PartialReplay(recorded: run, replay: replay, reference: try Self.reference()) == nil)
    }

    @Test func theRunMustMakeTheChangesTheNameMakesOnEveryChannel() throws {
        // The name takes `first`'s impression away (it shows `first` only after 5 s, say); the
        // run logs it all the same: the name's change is not the engine's.
        let run = try Self.channels(
            ["displayed: first", "impression_logged: first", "dismissed: first"],
            [
                "stacked: second (message_visible)"
            ]
        )
        let replay = try Self.channels(["displayed: first"], ["stacked: second (message_visible)"])
        #expect(PartialReplay(recorded: run, replay: replay, reference: try Self.reference()) == nil)
    }

    @Test func aReplayThatAgreesOnEveryChannelLeavesNoResidue() throws {
        let run = try Self.channels(
            ["impression_logged: first", "displayed: first"],
            ["stacked: second (message_visible)"]
        )
        let replay = try Self.channels(
            ["displayed: first", "impression_logged: first"],
            ["stacked: second (message_visible)"]
        )
        #expect(PartialReplay(recorded: run, replay: replay, reference: try Self.reference()) == nil)
    }

    @Test func eachObservationIsOfItsKindsChannel() {
        #expect(ObservedSteps.channel(of: "impression_logged: promo") == .analytics)
        #expect(ObservedSteps.channel(of: "click_logged: promo") == .analytics)
        #expect(ObservedSteps.channel(of: "dismissed: promo") == .dismissals)
        #expect(ObservedSteps.channel(of: "no_matching_trigger: session_start") == .callbacks)
        #expect(ObservedSteps.channel(of: "displayed: dismissed") == .delivery)
        #expect(ObservedSteps.channel(of: "stack: [a, b]") == .delivery)
    }
}
