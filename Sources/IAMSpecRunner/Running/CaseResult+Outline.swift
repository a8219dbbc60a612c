extension CaseResult {
    /// The result without what only a report of the run in full reads: its timeline, its `given`
    /// and its diagnostics (the console's entry of one of its first failed cases, JUnit and the
    /// results stream, which `iamspec run` hands each result whole as it comes). What the totals,
    /// the grouped differences, the behaviours' re-run lines, the Markdown summary (message,
    /// location, rules, repeats) and a baseline read is kept: a run failing a hundred thousand
    /// times keeps this of each failure, not its timeline.
    package var outline: CaseResult {
        var outline = self
        outline.timeline = []
        outline.given = []
        outline.diagnostics = ""
        return outline
    }
}
