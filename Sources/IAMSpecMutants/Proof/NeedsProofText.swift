import IAMSpec
import IAMSpecExplanation

extension NeedsProofReport {
    /// The proof as `iamspec capabilities --audit` prints it: a table with one row per behavioural
    /// capability (runs gated, gated runs failing without the behaviour, recall, precision), the
    /// behaviours run for each, every capability exact by construction and why, then each case
    /// whose needs do not hold up; the last line is `Audit: passed` or `Audit: failed`.
    package var lines: [String] {
        let width = max(Capability.allCases.map(\.rawValue.count).max() ?? 0, "behavioural, together".count)
        func row(_ name: String, _ gated: Int, _ failing: Int, _ missed: Int) -> String {
            leftAligned(name, width)
                + rightAligned(String(gated), 7) + rightAligned(String(failing), 9)
                + rightAligned(percentText(failing, of: failing + missed) + "%", 9)
                + rightAligned(percentText(failing, of: gated) + "%", 11)
        }
        var lines = [
            leftAligned("capability", width)
                + rightAligned("gated", 7) + rightAligned("failing", 9) + rightAligned("recall", 9)
                + rightAligned("precision", 11)
        ]
        for measure in capabilities {
            lines.append(row(measure.capability.rawValue, measure.gated, measure.failing, measure.ungatedFailing))
        }
        lines.append(
            row(
                "behavioural, together",
                capabilities.reduce(0) { $0 + $1.gated },
                capabilities.reduce(0) { $0 + $1.failing },
                capabilities.reduce(0) { $0 + $1.ungatedFailing }
            )
        )
        lines.append("")
        lines.append("behaviours of an engine without each (a run fails without the capability when it fails on one):")
        for capability in Capability.behavioural.sorted() {
            for behaviour in BehaviourCatalogue.lacking(capability) {
                lines.append("  \(capability.rawValue): \(behaviour.id): \(behaviour.summary)")
            }
        }
        lines.append("")
        lines.append(
            "exact by construction (the case writes what the engine cannot take, or reads what it cannot make):"
        )
        for capability in Capability.allCases.sorted() where !Capability.behavioural.contains(capability) {
            lines.append("  " + leftAligned(capability.rawValue, width) + "  " + capability.neededBy)
        }
        if !unjudged.isEmpty {
            lines.append("")
            lines.append("not judged (the reference engine fails a run): " + unjudged.joined(separator: ", "))
        }
        lines.append("")
        lines += diagnostics.map { "shortfall: \($0.description)" }
        lines.append(passed ? "Audit: passed" : "Audit: failed")
        return lines
    }

    private func leftAligned(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - text.count, 0))
    }

    private func rightAligned(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(width - text.count, 1)) + text
    }
}
