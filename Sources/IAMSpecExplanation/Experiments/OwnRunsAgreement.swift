import IAMSpec
import IAMSpecRunner

/// Whether a mechanism put beside a name leaves the name's own failing runs as the name replays
/// them. A name's experiment concludes nothing where one behaviour of another area of the rules,
/// added to the name, gives the engine's answer (``NamePrediction``): the engine may have both.
/// But an engine with both would have failed the name's runs otherwise than it did, when the
/// mechanism changes them: then the engine has not both, and the answer contradicts the name.
/// (A behaviour that shows, in the experiment, the message the engine showed beyond the name's
/// prediction, but beside the name would also have shown one in a run of the name's where the
/// engine showed none, is not what the engine does.)
package struct OwnRunsAgreement {
    /// The capabilities the engine under test declares: the replays observe what it observes.
    let capabilities: Set<Capability>

    package init(capabilities: Set<Capability>) {
        self.capabilities = capabilities
    }

    /// Whether the behaviours `together` replay each of `runs` as the behaviours `named` do: every
    /// step of a failed replay the same (a run `named` does not fail, none of the name's, says
    /// nothing). A replay that cannot be made says nothing against them.
    package func agree(_ together: [String], with named: [String], on runs: [CaseRun]) -> Bool {
        guard !runs.isEmpty else { return true }
        var asNamed = replays(of: named)
        var beside = replays(of: together)
        for run in runs {
            guard let own = try? asNamed.run(run), own.status == .failed else { continue }
            guard let other = try? beside.run(run) else { continue }
            if !RecordedFailure(own).isReproduced(by: other) { return false }
        }
        return true
    }

    /// Replays on the reference engine with the behaviours `ids`, as the engine observes them.
    private func replays(of ids: [String]) -> TimedReplays {
        let engine = ObservedByTheEngine(
            base: FailureExplainer.inProcess(ids.compactMap(BehaviourCatalogue.behaviour(id:))),
            capabilities: capabilities
        )
        return TimedReplays(executor: CaseExecutor(provider: engine, rules: []), timeout: PassAgreement.replayTimeout)
    }
}
