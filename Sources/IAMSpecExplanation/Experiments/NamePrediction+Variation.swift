import IAMSpec
import IAMSpecRunner

extension NamePrediction {
    /// What the engine answered to the variants of a name's runs (``RunVariation``).
    struct VariationAnswers {
        /// The variants on which the engine answered as the name predicts where the reference
        /// rules (with the report's other names) predict otherwise: each a prediction borne out.
        var borneOut: [ExplainedBehaviour.Experiment] = []
        /// The variant that contradicted the name, if one did: the refutation, the scenario as run
        /// and the engine's answer.
        var refutation: (ExplainedBehaviour.Refutation, Scenario, ScenarioTrace)?
    }

    /// The engine asked the variants `variants` of the name's runs (``RunVariation``), the engine as
    /// named being the behaviours `named`, the reference rules with the report's other names
    /// `reference`, each variant run then ``lookAhead`` of time.
    ///
    /// The engine contradicts the name on a variant when, at the first step where its answer
    /// departs from the name's prediction (within a step, order and repeats do not count), what
    /// departs is a delivery of a message whose inputs the variant changed: the decision the name
    /// says how the engine makes, made otherwise. It does not where it only leaves out messages the
    /// name puts on the stack (it may hold them unobserved), where a rule of a difference no name
    /// explains matters to the variant by that step (one of the engines `quirks` answers it
    /// otherwise than the name there or before), or where it only shows more than the name, as a
    /// behaviour of another area of the rules beside the name shows it (``answeredBeside(named:_:_:through:_:replaying:)``). A
    /// variant the engine declines or fails, or that the engine cannot be sent, asks nothing. The
    /// answers are compared without the channels `unexplained`.
    func varied(
        _ variants: [RunVariation.Variant],
        rules: [String],
        named: [String],
        name: ExplainedBehaviour.Alternative,
        reference: [String],
        leavingOut unexplained: Set<ObservationChannel>,
        quirks: [[String]],
        replaying ownRuns: [CaseRun]
    ) -> VariationAnswers {
        let declared = engine.description
        let asNamed = observed(named, declared: declared)
        let asReference = observed(reference, declared: declared)
        let quirky = quirks.map { observed($0, declared: declared) }
        let referenceRules = Self.referenceRules(of: rules)
        var answers = VariationAnswers()
        for variant in variants {
            guard !isStopped() else { break }
            var scenario = variant.scenario
            guard scenario.isWellFormed, scenario.usedCapabilities.isSubset(of: declared.capabilities) else { continue }
            scenario.stimuli.append(.timeAdvanced(by: Self.lookAhead))
            let predictedWhole = ScenarioTrace(running: scenario, on: asNamed)
            let referenceWhole = ScenarioTrace(running: scenario, on: asReference)
            guard predictedWhole.failure == nil, referenceWhole.failure == nil else { continue }
            let answerWhole = ScenarioTrace(running: scenario, on: engine)
            guard answerWhole.failure == nil, !answerWhole.declined else { continue }
            let predicted = Self.leavingOut(unexplained, of: predictedWhole, in: scenario)
            let answer = Self.leavingOut(unexplained, of: answerWhole, in: scenario)
            let referenced = Self.leavingOut(unexplained, of: referenceWhole, in: scenario)
            func record(ruledOut: ExplainedBehaviour.Alternative, loser: ScenarioTrace) -> ExplainedBehaviour.Experiment
            {
                var experiment = TieExperiment.record(
                    scenario,
                    winner: answerWhole,
                    loser: loser,
                    ruledOut: ruledOut,
                    citing: self.rules
                )
                // The change beside the steps, after the profile: the steps alone are the run's.
                experiment.steps.insert(variant.change, at: min(1, experiment.steps.count))
                experiment.engineAnswer = Self.answer(answer, of: scenario, from: 0)
                experiment.otherAnswer = Self.answer(ruledOut == name ? predicted : referenced, of: scenario, from: 0)
                return experiment
            }
            let compared = min(answer.windows.count, predicted.windows.count)
            guard
                let step = (0..<compared).first(where: { Set(answer.windows[$0]) != Set(predicted.windows[$0]) })
            else {
                // As the name predicts, where the reference rules predict otherwise: borne out.
                if answer.windows.count == predicted.windows.count, predicted.windows != referenced.windows {
                    answers.borneOut.append(record(ruledOut: referenceRules, loser: referenceWhole))
                }
                continue
            }
            let (engineWindow, namedWindow) = (Set(answer.windows[step]), Set(predicted.windows[step]))
            func about(_ observation: Observation) -> Bool {
                Self.channel(of: observation, at: step, in: scenario) == .delivery
                    && !observation.messages.isDisjoint(with: variant.changed)
            }
            let (engineAbout, namedAbout) = (engineWindow.filter(about), namedWindow.filter(about))
            guard engineAbout != namedAbout, !Self.isSilence(engineAbout, where: namedAbout),
                !Self.answerOtherwise(quirky, scenario, than: predicted, leavingOut: unexplained, through: step)
            else { continue }
            if engineAbout.isSuperset(of: namedAbout),
                answeredBeside(named: named, scenario, answer, through: step, unexplained, replaying: ownRuns)
            {
                continue
            }
            answers.refutation = (
                ExplainedBehaviour.Refutation(
                    rival: referenceRules,
                    experiment: record(ruledOut: name, loser: predictedWhole),
                    rivalAnswer: Self.answer(referenced, of: scenario, from: 0)
                ),
                scenario,
                answerWhole
            )
            break
        }
        return answers
    }
}
