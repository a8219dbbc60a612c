import IAMSpec

/// Where a case's `expect` steps go so that an engine whose answers come at other steps than the
/// reference rules' (an impression logged 5 s after the display, not at it) still passes each of
/// them before the last: an `expect` checks every observation since the previous one (its window,
/// Specs/README.md), so the steps whose answers differ are checked together, in one `expect` after
/// the step where the answers of both engines since the previous one agree again.
struct MergedWindows {
    /// The steps, before `step`, after which an `expect` is written; nil when the answers never
    /// agree again before it: the case would fail before its last step.
    let expectations: Set<Int>?
    /// The first step whose answers are checked in the window left unmatched before `step`, when
    /// there is one; nil when every window before it is matched.
    let firstUnmatched: Int?

    /// The windows of `expected` and `actual` before `step`, the step of the case's difference.
    init(_ expected: ScenarioTrace, _ actual: ScenarioTrace, before step: Int) {
        let patterns = { (trace: ScenarioTrace, index: Int) in
            index < trace.windows.count ? trace.windows[index].compactMap(ObservationPattern.init(matching:)) : []
        }
        var points: Set<Int> = []
        var pendingExpected: [ObservationPattern] = []
        var pendingActual: [ObservationPattern] = []
        var start: Int?
        for index in 0..<step {
            pendingExpected += patterns(expected, index)
            pendingActual += patterns(actual, index)
            if pendingExpected == pendingActual {
                if !pendingExpected.isEmpty { points.insert(index) }
                pendingExpected = []
                pendingActual = []
                start = nil
            } else if start == nil {
                start = index
            }
        }
        expectations = start == nil ? points : nil
        firstUnmatched = start
    }
}
