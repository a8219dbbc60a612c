import IAMSpec
import IAMSpecTesting

/// Builds cases in Swift for the runner's tests; each step sits on its own line of `case.yaml`.
enum CaseFixtures {
    static let file = "Specs/area/case.yaml"

    static func specCase(
        _ id: String,
        rules: [String] = ["delivery.basic"],
        tags: [String] = [],
        profiles: [Profile] = [.brazeSwift],
        requires: Set<Capability> = [],
        steps: [Step.Action]
    ) -> SpecCase {
        SpecCase(
            id: id,
            title: "the case \(id)",
            rules: rules,
            tags: tags,
            profiles: profiles,
            requires: requires,
            messages: [InAppMessage(id: "promo", triggers: [.sessionStart])],
            steps: steps.enumerated().map { index, action in
                Step(action, location: SourceLocation(file: file, line: index + 10, column: 5))
            },
            location: SourceLocation(file: file, line: 1, column: 1)
        )
    }

    /// A case whose session start is expected to display `promo`.
    static func displaysPromo(_ id: String, profiles: [Profile] = [.brazeSwift], tags: [String] = []) -> SpecCase {
        specCase(
            id,
            tags: tags,
            profiles: profiles,
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
            ]
        )
    }

    static let displayed: Observation = .displayed("promo", extras: [:])

    /// Engines that display `promo` at session start, log its impression, and report an empty stack.
    static func promoEngine(
        profiles: Set<Profile> = Set(Profile.allCases),
        capabilities: Set<Capability> = Set(Capability.allCases)
    ) -> ScriptedEngineProvider {
        ScriptedEngineProvider(profiles: profiles, capabilities: capabilities) { stimulus, _ in
            switch stimulus {
            case .sessionStarted: [displayed, .impressionLogged("promo")]
            case .stackInspected: [.stack([])]
            default: []
            }
        }
    }
}
