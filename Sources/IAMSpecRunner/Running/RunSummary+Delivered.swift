extension RunSummary {
    /// Adds a result as a run delivers it, whole or in outline (`CaseResult.outline`) as `whole`
    /// says: folded first when the summary folds its failures (`failureFold`), and then, a
    /// failure kept in outline that no report reads itself is only folded there. Any other is
    /// kept as `keep(_:unlessTurnedDown:)` says, an outline holding the values it repeats of
    /// earlier ones through `sharing`.
    package mutating func take(
        _ result: CaseResult,
        whole: Bool,
        sharing: inout OutlineSharing,
        unlessTurnedDown keepingPassed: (CaseResult) -> Bool
    ) {
        let kept = whole || FailureFold.needsKeeping(result)
        failureFold?.add(result, kept: kept)
        if failureFold != nil && !kept && (result.status == .failed || result.status == .error) { return }
        // Kept as it came unless in outline: a conditional's value would copy every result,
        // passed or not.
        if whole {
            keep(result, unlessTurnedDown: keepingPassed)
        } else {
            var outline = result.outline
            sharing.share(&outline)
            keep(outline, unlessTurnedDown: keepingPassed)
        }
    }
}
