import IAMSpec
import IAMSpecRunner

/// The rules a case written from a scenario may cite, as `iamspec lint` reads it beside the rule
/// catalogue: each holds under the case's profile, and its capability gate, unless behavioural, is
/// one the case uses (in its setup, its steps or the observations it expects). `iamspec explore`
/// files a difference under the first of its candidate rules the case may cite.
struct CitableRules {
    private let catalogue: RuleCatalogue
    private let profile: Profile
    private let used: Set<Capability>

    /// The rules a case of `scenario` expecting `expected`'s observations may cite.
    init(catalogue: RuleCatalogue, scenario: Scenario, expected: ScenarioTrace) {
        self.catalogue = catalogue
        profile = scenario.profile
        var used = scenario.usedCapabilities
        for window in expected.windows {
            let expectation = Expectation(sequence: window.compactMap(ObservationPattern.init(matching:)))
            used.formUnion(CapabilityNeeds.of(expectation).set)
        }
        self.used = used
    }

    /// Whether the case may cite the rule of `id`: one the catalogue has, holding under the case's
    /// profile, gated by nothing the case does not use.
    func allows(_ id: String) -> Bool {
        guard let rule = catalogue.rule(id), rule.profiles.contains(profile) else { return false }
        guard let gate = rule.capability else { return true }
        return Capability.behavioural.contains(gate) || used.contains(gate)
    }
}
