extension RunSummary {
    /// Adds a result as a run delivers it, whole or in outline (`CaseResult.outline`) as `whole`
    /// says: folded first when the summary folds its failures (`failureFold`), and then, a
    /// failure kept in outline that no report reads itself is only folded there, when the fold
    /// drops it (every such failure, or, in a run a baseline judges, one the baseline expects:
    /// `expected` is the message it gives the result, nil when it expects none). Any other is kept
    /// as `keep(_:unlessTurnedDown:)` says, an outline holding the values it repeats of earlier
    /// ones through `sharing`.
    package mutating func take(
        _ result: CaseResult,
        whole: Bool,
        expected: String? = nil,
        sharing: inout OutlineSharing,
        unlessTurnedDown keepingPassed: (CaseResult) -> Bool
    ) {
        let kept = whole || FailureFold.needsKeeping(result)
        if failureFold?.add(result, kept: kept, expected: expected) == true { return }
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
