import IAMSpec

/// The failed cases the console report shows in full (`ConsoleReport.casesShownInFull`, the first
/// by case id), told as the results come: a run keeps those results whole and the others in outline
/// (`CaseResult.outline`), so that its memory does not grow with the failures' timelines.
///
/// Results come in report order (by case id), so the first failed cases are the first that come;
/// whatever the order, a case left out never belongs again: the ids kept only get smaller.
package struct FirstFailedCases {
    /// How many cases are shown in full.
    package let limit: Int
    /// The smallest failed case ids seen so far, sorted, at most `limit`.
    private var ids: [String] = []

    /// None seen yet, of the first `limit` failed cases.
    package init(limit: Int) {
        self.limit = limit
    }

    /// Whether `result` is to be kept whole: it neither failed nor errored, or it is of one of the
    /// first `limit` failed cases by id seen so far.
    package mutating func admits(_ result: CaseResult) -> Bool {
        guard result.status == .failed || result.status == .error else { return true }
        let id = result.caseID
        let position = ids.firstIndex { $0 >= id } ?? ids.endIndex
        if position < ids.endIndex && ids[position] == id { return true }
        guard position < limit else { return false }
        ids.insert(id, at: position)
        if ids.count > limit { ids.removeLast() }
        return true
    }
}
