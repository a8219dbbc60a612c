import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner

/// The smallest case that shows a difference no name explains: the failing run's setup and
/// stimuli, shrunk by the project's shrinker (``ScenarioShrinker``: steps, messages and settings
/// dropped) while the engine still answers otherwise than the reference rules, each shrunk
/// scenario run on the engine itself, and written as a YAML case (``CaseWriter``) whose
/// expectations are the reference rules' answers: a case the reference engine passes and the
/// engine fails, for the team to read, keep and contribute.
///
/// The reference rules are those of an engine of the engine's declared capabilities and profiles
/// (``ObservedByTheEngine``): without a capability the engine lacks, and without observations it
/// cannot make. The stack is read where the case reads it, when the engine can be asked.
package struct SmallestCase {
    /// The engine under test.
    package var engine: any EngineProvider

    package init(engine: any EngineProvider) {
        self.engine = engine
    }

    /// The smallest case showing how the engine differs on `specCase` under `profile`, with the
    /// id `id`; nil when the engine answers its stimuli as the reference rules do (a difference
    /// only its checks of timing saw), or declines or fails them.
    package func yaml(for specCase: SpecCase, profile: Profile, id: String) -> String? {
        let declared = engine.description
        let reference = ObservedByTheEngine(
            base: ReferenceEngineProvider(),
            capabilities: declared.capabilities,
            declaring: true,
            profiles: declared.profiles
        )
        // The stimuli the run sends, a stack inspection where the case reads the stack.
        let stimuli = CaseExecutor.requests(
            of: specCase.steps,
            inspectingTheStack: declared.capabilities.contains(.stackInspection)
        )
        var scenario = Scenario(
            profile: profile,
            configuration: specCase.configuration,
            messages: specCase.messages,
            stimuli: stimuli
        )
        // Run under the id it is written with: an engine may seed its choices by it.
        scenario.caseID = id
        let shrinker = ScenarioShrinker(engine: reference, against: engine, keepingTheDifference: true)
        guard shrinker.divergence(in: scenario) != nil else { return nil }
        let shrunk = shrinker.shrink(scenario)
        let writer = CaseWriter(
            id: id,
            title: "The smallest case of \(specCase.id) on which the engine differs from the rules",
            rules: specCase.rules,
            comments: [
                "Found by: iamspec run, the failing run \(specCase.id) [\(profile.rawValue)] shrunk while the engine "
                    + "still differed from the reference rules"
            ],
            schemaPath: "schema.json"
        )
        return writer.yaml(
            for: shrunk,
            expected: ScenarioTrace(running: shrunk, on: reference),
            actual: ScenarioTrace(running: shrunk, on: engine)
        )
    }
}
