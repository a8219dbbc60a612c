import IAMSpec
import IAMSpecRunner

/// An experiment on the engine that refuted a name (``NamePrediction``): its scenario as run, the
/// name's behaviours, those of the engine as that name made it, and the refutation. The engine
/// answered there otherwise than that engine predicts, so a later name that holds the refuted
/// name's behaviours and whose engine predicts exactly the same on the scenario (the refuted
/// behaviour with another that changes nothing there) is refuted by it too, without the engine
/// being asked again. A name without them is not: what contradicted the engine there may be its
/// companions'.
package struct RefutingExperiment: Sendable {
    /// The scenario as the engine ran it.
    let scenario: Scenario
    /// What the engine answered to it.
    let answer: ScenarioTrace
    /// The refuted name's behaviours.
    let members: Set<String>
    /// The behaviours of the engine as the refuted name made it, in catalogue order.
    let named: [String]
    /// The refutation: the experiment, the engine's answer, the name's prediction and the rival's.
    let refutation: ExplainedBehaviour.Refutation
}

extension RefutingExperiment {
    /// Whether `other` is this experiment: the same scenario, refuting the same engine.
    func isSame(as other: RefutingExperiment) -> Bool {
        scenario == other.scenario && named == other.named
    }
}
