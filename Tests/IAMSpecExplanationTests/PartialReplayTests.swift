import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecExplanation

@Suite("What a replay explains of a run in part")
struct PartialReplayTests {
    /// The channels of a timeline whose steps observed these, in order, each step an event.
    private static func channels(_ steps: [String]...) throws -> ObservedSteps {
        try timeline(steps.enumerated().map { index, observations in ("custom_event: \"e\(index)\"", observations) })
    }

    /// The channels of a timeline of these steps, as a case writes each, with their observations.
    private static func timeline(_ steps: [(step: String, observations: [String])]) throws -> ObservedSteps {
        let timeline = steps.enumerated().map { index, step in
            TimelineEntry(
                time: "0",
                step: step.step,
                location: SourceLocation(file: "case.yaml", line: index + 1, column: 3),
                observations: step.observations
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
            ["displayed: first", "impression_logged: first"],
            ["stacked: second (message_visible)"]
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

    @Test func aMessageTheEngineTakesOffTheScreenUnaskedIsADelivery() throws {
        // The rules stack `second` behind `first`; the name shows it beside `first`; the engine
        // shows it in `first`'s place, `first` observed dismissed though no step asked for that.
        // What is on screen differs: the name does not replay the run, even in part.
        let reference = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", ["stacked: second (message_visible)"]),
        ])
        let beside = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", ["displayed: second"]),
        ])
        let replacing = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", ["dismissed: first", "displayed: second"]),
        ])
        #expect(PartialReplay(recorded: replacing, replay: beside, reference: reference) == nil)
        #expect(PartialReplay(recorded: beside, replay: replacing, reference: reference) == nil)
    }

    @Test func aDismissalAskedForIsHowTheEngineTellsOfIt() throws {
        // The user dismisses `first`, and the engine does not report it: that is the residue of a
        // name that gives the run's deliveries.
        let reference = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", ["stacked: second (message_visible)"]),
            ("dismiss: first", ["dismissed: first", "displayed: second"]),
        ])
        let name = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", []),
            ("dismiss: first", ["dismissed: first"]),
        ])
        let run = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", []),
            ("dismiss: first", []),
        ])
        let partial = try #require(PartialReplay(recorded: run, replay: name, reference: reference))
        #expect(partial.residue == [.dismissals])
        // So does the app's own dismissal.
        let byTheApp = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", []),
            ("app_dismiss", ["dismissed: first"]),
        ])
        let appRun = try Self.timeline([
            ("custom_event: \"one\"", ["displayed: first"]),
            ("custom_event: \"two\"", []),
            ("app_dismiss", []),
        ])
        #expect(PartialReplay(recorded: appRun, replay: byTheApp, reference: reference)?.residue == [.dismissals])
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
