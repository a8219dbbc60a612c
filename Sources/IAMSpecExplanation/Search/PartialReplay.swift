import IAMSpec

/// What a replay explains of a failed run that it does not replay exactly: a name is judged on
/// the observations it changes, and a difference of the run's on observations it does not touch
/// (impressions logged at another moment, for a name about what is on screen) does not veto it.
///
/// At every step of the run, the replay gives exactly the run's deliveries (Specs/README.md's
/// delivery channel: displayed, stacked, discarded, rolled back, and the stack; and a message
/// taken off the screen where no step asked for it, a `dismissed` at a step other than `dismiss`
/// and `app_dismiss`: ``ObservedSteps/channel(of:asked:)``), in order. A
/// replay that changes the deliveries is judged on them: what is logged, dismissed or called back
/// follows from what was delivered, and where the run's other observations (analytics,
/// callbacks, dismissals) are not the replay's, that is the **residue**, a difference of the
/// engine's own that no name explains (an engine that logs its impressions at another moment). A
/// replay that changes no delivery is judged on the other observations it changes: the run has
/// each it adds to the reference engine's replay, and none it takes away, as many times; what the
/// run has beside, or lacks, is the residue; so is what the run has in another order within a
/// step (the click logged before the dismissal). The replay must change something, and leave a
/// residue.
///
/// Delivery is never a residue: a replay that gives the run's impressions but not its deliveries
/// may match them only by chance (a message dropped logs no impression, as an engine that logs
/// none would).
struct PartialReplay: Equatable {
    /// The channels on which the run differs from the replay.
    let residue: Set<ObservationChannel>

    /// What `replay` explains of the run `recorded`, `reference` being the reference engine's
    /// replay of it, each over the run's steps; nil when it does not explain it in part.
    init?(recorded: ObservedSteps, replay: ObservedSteps, reference: ObservedSteps) {
        guard recorded.count == replay.count, replay.count == reference.count else { return nil }
        var changesDeliveries = false
        var changesOthers = false
        var residue = Set<ObservationChannel>()
        // Whether the run lacks a change the name makes on the other channels: a residue where the
        // name changes deliveries, which it is then judged on; no partial replay otherwise.
        var missesItsOwnChange = false
        for index in 0..<recorded.count {
            let run = recorded.step(index)
            let replayed = replay.step(index)
            let referenced = reference.step(index)
            func deliveries(_ step: ArraySlice<Int>) -> [Int] {
                step.filter { ObservedSteps.channel(ofHashed: $0) == .delivery }
            }
            let delivered = deliveries(replayed)
            guard deliveries(run) == delivered else { return nil }
            if delivered != deliveries(referenced) { changesDeliveries = true }
            // The other channels, as counts of each observation.
            func counts(_ step: ArraySlice<Int>) -> [Int: Int] {
                var counts: [Int: Int] = [:]
                for observation in step where ObservedSteps.channel(ofHashed: observation) != .delivery {
                    counts[observation, default: 0] += 1
                }
                return counts
            }
            let inRun = counts(run)
            let inReplay = counts(replayed)
            let inReference = counts(referenced)
            for observation in Set(inRun.keys).union(inReplay.keys).union(inReference.keys) {
                let engine = inRun[observation, default: 0]
                let name = inReplay[observation, default: 0]
                let rules = inReference[observation, default: 0]
                if name != rules { changesOthers = true }
                // What the name adds, the engine has; what it takes away, the engine has not.
                if (name > rules && engine < name) || (name < rules && engine > name) { missesItsOwnChange = true }
                if engine != name { residue.insert(ObservedSteps.channel(ofHashed: observation)) }
            }
            // The same observations in another order (the click logged before the dismissal): the
            // channels of those out of place are the residue.
            if inRun == inReplay {
                for (mine, named) in zip(run, replayed) where mine != named {
                    for observation in [mine, named] where ObservedSteps.channel(ofHashed: observation) != .delivery {
                        residue.insert(ObservedSteps.channel(ofHashed: observation))
                    }
                }
            }
        }
        guard changesDeliveries || (changesOthers && !missesItsOwnChange), !residue.isEmpty else { return nil }
        self.residue = residue
    }
}
