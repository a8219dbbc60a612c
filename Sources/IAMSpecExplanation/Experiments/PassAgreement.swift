import IAMSpec
import IAMSpecRunner

/// Whether a mechanism other than a name agrees with the runs the engine passed. A name's
/// experiment concludes nothing where a behaviour of a rule no name explains changes the answer,
/// or where one of another area of the rules, added to the name, gives the engine's answer
/// (``NamePrediction``): but a behaviour that fails a run the engine passed is not what the
/// engine does, and neither stands in the name's way. (A click logged on a message the name says
/// left the screen is no sign of clicks logged after a message left, on an engine that passed
/// the suite's case of that.)
///
/// Each set of behaviours is replayed on the passes once, when first asked about
/// (``PassDisagreements``), as the engine observes it. A class: the experiments of one test of
/// the names share what was replayed.
final class PassAgreement {
    private var disagreements: PassDisagreements
    private let capabilities: Set<Capability>

    /// The passes of an engine that declares `capabilities`.
    init(passes: [FailureExplainer.Pass], capabilities: Set<Capability>) {
        disagreements = PassDisagreements(passes: passes)
        self.capabilities = capabilities
    }

    /// Whether the behaviours `ids`, together, pass every run the engine passed that the reference
    /// engine passes. A replay that cannot be made says nothing against them.
    func agree(_ ids: [String]) -> Bool {
        let catalogue = BehaviourCatalogue.each
        let positions = ids.compactMap { id in catalogue.firstIndex { $0.id == id } }
        guard positions.count == ids.count else { return true }
        let capabilities = self.capabilities
        let agrees = try? disagreements.agree(
            positions,
            of: catalogue,
            engines: { ObservedByTheEngine(base: FailureExplainer.inProcess($0), capabilities: capabilities) },
            timeout: Self.replayTimeout
        )
        return agrees ?? true
    }

    /// How long one replay (of a pass, or of a name's own run) may take, in this process.
    static let replayTimeout = Duration.seconds(10)
}
