import IAMSpec

/// A baseline as it judges a run: its entries, the file they were read from, the entries stale
/// against the loaded suite, and whether unexpected passes are allowed.
///
/// A judged ``RunSummary`` carries it (``RunSummary/baseline``), so that every report shows the
/// same verdict (``RunVerdict``); the results stream's footer records it, so that `iamspec
/// report` and `iamspec merge` judge a stream as the run that wrote it did.
package struct AppliedBaseline: Sendable, Hashable {
    /// The entries.
    package var baseline: Baseline
    /// The baseline file, as the command line gave it.
    package var file: String
    /// The entries naming a case the suite does not have, or a profile the case does not hold
    /// for: each fails the run.
    package var staleEntries: [BaselineEntry]
    /// `--allow-unexpected-pass`: a run passing though a `fail` entry expects it to fail counts
    /// as passed.
    package var allowsUnexpectedPasses: Bool

    package init(
        _ baseline: Baseline,
        file: String,
        staleEntries: [BaselineEntry],
        allowsUnexpectedPasses: Bool = false
    ) {
        self.baseline = baseline
        self.file = file
        self.staleEntries = staleEntries
        self.allowsUnexpectedPasses = allowsUnexpectedPasses
    }
}

extension BaselineEntry {
    /// Why a stale entry fails the run.
    package static let staleReason = "the suite has no such case run; remove the entry"

    /// `path:line:col: KEY: the suite has no such case run; remove the entry` (without the
    /// location for an entry made in code).
    package var staleLine: String {
        "\(location.map { "\(QuotedText.line($0.description)): " } ?? "")\(QuotedText.line(key)): \(Self.staleReason)"
    }
}
