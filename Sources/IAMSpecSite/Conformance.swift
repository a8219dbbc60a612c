import IAMSpecRunner

/// How much of the suite an engine passes, counted as Bowtie counts: passed runs out of the runs
/// the engine supports (every run not skipped), with failed, errored and skipped runs each
/// counted apart, so that neither a skip nor an engine error hides in the percentage.
package struct Conformance: Sendable, Hashable {
    package var passed: Int
    /// Runs whose checks did not hold.
    package var failed: Int
    /// Runs the engine could not finish (it crashed, hung or broke the protocol): not failures.
    package var errored: Int
    /// Runs not made: the engine declared it does not support the case, or a baseline skipped it.
    package var skipped: Int
    /// Some run failed or errored, and the run passed as its baseline judged it (every failure
    /// expected, no unexpected pass, no stale entry): green in its CI, by its baseline.
    package var passesByBaseline: Bool = false

    /// Runs the engine supports: every run but the skipped ones.
    package var supported: Int { passed + failed + errored }

    /// Every run of the results, skipped ones included.
    package var total: Int { supported + skipped }

    /// Tenths of a percent of the supported runs that passed, rounded down (so 100% means every
    /// supported run passed); nil when the engine supports no run.
    package var permille: Int? {
        supported == 0 ? nil : passed * 1000 / supported
    }

    /// `97.3%`, `100%`, or `no runs`.
    package var percentText: String {
        guard let permille else { return "no runs" }
        return permille % 10 == 0 ? "\(permille / 10)%" : "\(permille / 10).\(permille % 10)%"
    }

    /// What a badge says: the percentage, then failures, errors and skips when there are any,
    /// then whether the run is green by its baseline: `100%`, `100% · 106 skipped`,
    /// `92.8% · 12 failed · 12 errors · 249 skipped`, `98.9% · 3 failed · green by its baseline`
    /// (the full counts are in ``detailText``, the badge's title).
    package var badgeText: String {
        var parts = [percentText]
        if failed > 0 { parts.append("\(failed) failed") }
        if errored > 0 { parts.append("\(errored) error\(errored == 1 ? "" : "s")") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if passesByBaseline { parts.append(Self.greenByBaseline) }
        return parts.joined(separator: " · ")
    }

    /// What a badge and a matrix cell add for a run green by its baseline.
    package static let greenByBaseline = "green by its baseline"

    /// `266 of 266 supported runs passed, 0 failed, 0 errors; 106 of 372 runs skipped`.
    package var detailText: String {
        "\(passed) of \(supported) supported run\(supported == 1 ? "" : "s") passed, \(failed) failed, "
            + "\(errored) error\(errored == 1 ? "" : "s"); \(skipped) of \(total) run\(total == 1 ? "" : "s") skipped"
    }
}

extension Conformance {
    /// The counts of `results` (in an extension, so that the memberwise initialiser stays).
    package init(_ results: [CaseResult], passesByBaseline: Bool = false) {
        self.init(
            passed: results.count(where: { $0.status == .passed }),
            failed: results.count(where: { $0.status == .failed }),
            errored: results.count(where: { $0.status == .error }),
            skipped: results.count(where: { $0.status == .skipped }),
            passesByBaseline: passesByBaseline
        )
    }
}
