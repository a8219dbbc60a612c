import IAMSpec
import Testing

@testable import IAMSpecRunner

/// The settings a message, a step and a pattern gained with protocol 2 (`Specs/README.md`): how they
/// decode, and the problems the loader reports about them.
@Suite struct SettingsDecodingTests {
    @Test func everyNewKeyStepAndPattern() throws {
        let suite = SuiteLoader.load(paths: [FixturePaths.root + "/loading/valid"])
        let spec = try #require(suite.cases.first { $0.id == "settings.every-new-key" })
        #expect(
            spec.messages == [
                InAppMessage(
                    id: "own",
                    triggers: [.sessionStart],
                    image: .fails,
                    zip: .succeeds,
                    minimumTriggerInterval: VirtualTime(milliseconds: 2500),
                    start: .seconds(10),
                    end: .seconds(20),
                    isControl: true,
                    imageOnLaterDeliveries: [.pending, .succeeds]
                )
            ]
        )
        #expect(
            spec.steps.map(\.action) == [
                .stimulus(.appOpenedFromPush(campaign: nil)),
                .stimulus(.appOpenedFromPush(campaign: "spring")),
                .expectation(Expectation(sequence: [.dismissed(.id("own"))], absent: [.dismissed(.any)])),
            ]
        )
    }

    @Test func anOutcomePerDeliveryRepeatsTheLast() {
        let message = InAppMessage(id: "m", image: .fails, imageOnLaterDeliveries: [.pending, .succeeds])
        #expect(
            (1...5).map { message.imageOutcome(atDelivery: $0) } == [.fails, .pending, .succeeds, .succeeds, .succeeds]
        )
        #expect(InAppMessage(id: "m", zip: .pending).zipOutcome(atDelivery: 3) == .pending)
    }

    @Test func eachSettingNeedsItsCapability() throws {
        let suite = SuiteLoader.load(paths: [FixturePaths.root + "/loading/valid"])
        let spec = try #require(suite.cases.first { $0.id == "settings.every-new-key" })
        let needs = CapabilityNeeds.of(spec)
        let settings: [Capability] = [
            .messageInterval, .campaignWindow, .controlMessages, .assetRedelivery, .pushOpen, .dismissals, .assets,
        ]
        for capability in settings { #expect(needs.contains(capability), "\(capability)") }
    }

    @Test func anEndBeforeTheStartIsAnError() throws {
        let yaml = CaseValidityTests.yaml(head: "requires: [campaign-window]\n").replacingOccurrences(
            of: "{id: promo, triggers: [session_start]}",
            with: "{id: promo, triggers: [session_start], start: 20, end: 10}"
        )
        #expect(
            try SpecScratch.problems(in: yaml) == [
                "case.yaml:7:62: error: expected an 'end' at or after 'start' (20 s), found 10 s"
            ]
        )
    }

    @Test func aLocalMessageTakesOneOutcomeOnly() throws {
        let steps = "  - present_local: {id: local, image: [fails]}\n  - expect: nothing"
        let problems = try SpecScratch.problems(
            in: CaseValidityTests.yaml(steps: steps, head: "requires: [local-messages]\n")
        )
        #expect(problems.count == 1)
        #expect(problems.first?.contains("for 'image'") == true)
    }
}
