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
    ///
    /// An engine may seed its choices by the case's id (a tie broken by a shuffle seeded so that
    /// a run can be repeated): it can differ under the failing run's id and answer as the rules
    /// under `id`. The case is then written under the first of the ids ``idsTried(_:)`` gives
    /// under which the engine still differs, with a comment saying so: a case that shows the
    /// difference when run as written, and says that the engine's answer depends on its id.
    ///
    /// With `channels` (a residue: ``ExplainedBehaviour/Residue``), the scenario is shrunk while
    /// the engine differs from the rules on those channels (Specs/README.md's), whatever it does
    /// on the others.
    package func yaml(
        for specCase: SpecCase,
        profile: Profile,
        id: String,
        channels: Set<ObservationChannel>? = nil
    ) -> String? {
        let declared = engine.description
        let reference = ObservedByTheEngine(
            base: ReferenceEngineProvider(),
            capabilities: declared.capabilities,
            declaring: true,
            profiles: declared.profiles
        )
        var scenario = Scenario(
            running: specCase,
            profile: profile,
            inspectingTheStack: declared.capabilities.contains(.stackInspection)
        )
        let shrinker =
            channels.map { channels in
                ScenarioShrinker(
                    engine: OnChannels(base: reference, channels: channels),
                    against: OnChannels(base: engine, channels: channels),
                    keepingTheDifference: true
                )
            } ?? ScenarioShrinker(engine: reference, against: engine, keepingTheDifference: true)
        // Run under the id it is written with: an engine may seed its choices by it.
        scenario.caseID = id
        var dependsOnTheID = false
        if shrinker.divergence(in: scenario) == nil {
            // The run's own id, under which it failed: no difference there, none to show.
            scenario.caseID = specCase.id
            guard shrinker.divergence(in: scenario) != nil else { return nil }
            dependsOnTheID = true
            let differing = Self.idsTried(id).dropFirst().first { candidate in
                var renamed = scenario
                renamed.caseID = candidate
                return shrinker.divergence(in: renamed) != nil
            }
            guard let differing else { return nil }
            scenario.caseID = differing
        }
        let shrunk = shrinker.shrink(scenario)
        let on = channels.map { " on its " + $0.map(\.rawValue).sorted().joined(separator: " and ") } ?? ""
        var comments = [
            "Found by: iamspec run, the failing run \(specCase.id) [\(profile.rawValue)] shrunk while the engine "
                + "still differed from the reference rules\(on)"
        ]
        if dependsOnTheID {
            comments.append(
                "The engine answered as the rules under the id \(id) and differed under \(specCase.id): its "
                    + "answer depends on the case's id (a choice it seeds by it); it differs under this one"
            )
        }
        var writer = CaseWriter(
            id: scenario.caseID,
            title: "The smallest case of \(specCase.id) on which the engine differs from the rules",
            rules: specCase.rules,
            comments: comments,
            schemaPath: "schema.json"
        )
        writer.requires = Self.needs(of: shrunk, declared: declared, reference: reference)
        return writer.yaml(
            for: shrunk,
            expected: ScenarioTrace(running: shrunk, on: reference),
            actual: ScenarioTrace(running: shrunk, on: engine)
        )
    }

    /// The behavioural capabilities (`Capability.behavioural`) a case written from `scenario`
    /// needs, as `iamspec lint` proves them: those whose lack, as the catalogue's behaviour for it
    /// stands for it (`priority-ignored`, say), changes what the reference rules answer, and so the
    /// outcome of a case that expects those answers. An engine that lacks one would fail the case
    /// for what it was never asked to do; declared in `requires`, it skips it.
    static func needs(
        of scenario: Scenario,
        declared: EngineDescription,
        reference: any EngineProvider
    ) -> [Capability] {
        let expected = ScenarioTrace(running: scenario, on: reference).windows
        return BehaviourCatalogue.all.compactMap { behaviour -> Capability? in
            guard let lacked = behaviour.lacks, Capability.behavioural.contains(lacked) else { return nil }
            let without = ObservedByTheEngine(
                base: BehaviourEngineProvider(behaviour: behaviour),
                capabilities: declared.capabilities,
                declaring: true,
                profiles: declared.profiles
            )
            return ScenarioTrace(running: scenario, on: without).windows == expected ? nil : lacked
        }
        .sorted { $0.rawValue < $1.rawValue }
    }

    /// The ids a smallest case is tried under, in order, for an engine whose answer depends on
    /// the case's id: `id`, then `id` with 2 to 8 after its first word (`smallest-2-stack-lifo`),
    /// or at its end when it has one word. Not at its end where it can be: an engine that seeds a
    /// generator by a hash of the id (java.util.Random by String.hashCode) draws nearly alike
    /// for ids that differ in their last character only. Eight draws of a choice seeded by the
    /// id: a tie of two broken at random agrees with the rules under all eight once in 256.
    static func idsTried(_ id: String) -> [String] {
        let words = id.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        return [id]
            + (2...8).map { number in
                words.count == 2 ? "\(words[0])-\(number)-\(words[1])" : "\(id)-\(number)"
            }
    }
}
