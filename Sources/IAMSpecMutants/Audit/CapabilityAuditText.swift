import IAMSpec

extension CapabilityAuditReport {
    /// The audit as `iamspec capabilities --audit` prints it: a table with one row per behavioural
    /// capability (runs gated, gated runs failing without the behaviour, recall, precision), a row
    /// for them together, the variants measured, then each capability exact by construction and
    /// why, then every shortfall; the last line is `Audit: passed` or `Audit: failed`.
    package var lines: [String] {
        guard reference.succeeded else { return shortfalls.map { "error: \($0)" } + ["Audit: failed"] }
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
        for gate in gates {
            lines.append(row(gate.capability.rawValue, gate.gated.count, gate.failing.count, gate.ungatedFailing.count))
        }
        lines.append(row("behavioural, together", gatedCount, failingCount, ungatedFailingCount))
        lines.append("")
        lines.append("variants (a run fails without the behaviour when it fails on any variant of its capability):")
        for variant in CapabilityVariantCatalogue.all {
            lines.append("  \(variant.id): \(variant.summary)")
        }
        lines.append("")
        lines.append(
            "exact by construction (the case writes what the engine cannot take, or reads what it cannot make):"
        )
        for capability in Capability.allCases.sorted() {
            if case .exact(let what) = CapabilityGate.of(capability) {
                lines.append("  " + leftAligned(capability.rawValue, width) + "  " + what)
            }
        }
        lines.append("")
        lines += shortfalls.map { "shortfall: \($0)" }
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
