import IAMSpec
import IAMSpecRunner

extension ExplainedBehaviour.Alternative {
    /// The hypothesis that the engine has `behaviours`, as a report names it: their ids in order
    /// joined by `+`, their summaries by `; `, their rules once each.
    init(naming behaviours: [Behaviour]) {
        let members = behaviours.sorted { $0.id < $1.id }
        var rules: [String] = []
        for rule in members.map(\.rule) where !rules.contains(rule) { rules.append(rule) }
        self.init(
            behaviour: members.map(\.id).joined(separator: "+"),
            summary: members.map(\.summary).joined(separator: "; "),
            rule: rules.joined(separator: ", ")
        )
    }
}
