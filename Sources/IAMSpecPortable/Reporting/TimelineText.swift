/// A case run's timeline as aligned text: one line per step (virtual time, step, observations),
/// with the failing step's expected and actual beneath it. The steps hold the case's text and the
/// observations the engine's: both as ``QuotedText`` shows them.
package enum TimelineText {
    /// The lines of the table, without trailing newlines; empty when no step ran.
    package static func lines(_ timeline: [TimelineEntry]) -> [String] {
        guard !timeline.isEmpty else { return [] }
        let timeHeading = "time"
        let stepHeading = "step"
        let times = timeline.map { QuotedText.line($0.time) }
        let steps = timeline.map { QuotedText.line($0.step) }
        let timeWidth = max(timeHeading.count, times.map(\.count).max() ?? 0)
        let stepWidth = max(stepHeading.count, min(maximumStepWidth, steps.map(\.count).max() ?? 0))
        let detailIndent = String(repeating: " ", count: timeWidth + 2)
        var lines = [row(timeHeading, stepHeading, "observations", timeWidth: timeWidth, stepWidth: stepWidth)]
        for (index, entry) in timeline.enumerated() {
            lines.append(
                row(
                    times[index],
                    steps[index],
                    entry.observations.isEmpty ? "-" : listText(entry.observations),
                    timeWidth: timeWidth,
                    stepWidth: stepWidth
                )
            )
            if let expected = entry.expected {
                // An expectation of an empty window says so, never "(nothing)".
                lines.append("\(detailIndent)expected: \(expected.isEmpty ? "nothing observed" : listText(expected))")
            }
            if let actual = entry.actual {
                lines.append("\(detailIndent)actual:   \(listText(actual))")
            }
        }
        return lines.map(withoutTrailingSpaces)
    }

    /// `line` without the spaces that end it (a row whose observations column is empty, a step
    /// padded to the column). Most lines end in none: those are found so from their last byte and
    /// returned as they are; the others lose their last characters while those are spaces.
    private static func withoutTrailingSpaces(_ line: String) -> String {
        guard line.utf8.last == UInt8(ascii: " ") else { return line }
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed.removeLast() }
        return String(trimmed)
    }

    /// Steps longer than this push their observations out of line rather than widen every row.
    package static let maximumStepWidth = 48

    private static func row(
        _ time: String,
        _ step: String,
        _ observations: String,
        timeWidth: Int,
        stepWidth: Int
    ) -> String {
        let paddedTime = String(repeating: " ", count: max(0, timeWidth - time.count)) + time
        let paddedStep = step + String(repeating: " ", count: max(0, stepWidth - step.count))
        return "\(paddedTime)  \(paddedStep)  \(observations)"
    }

    private static func listText(_ items: [String]) -> String {
        items.isEmpty ? "(nothing)" : items.map(QuotedText.line).joined(separator: ", ")
    }
}
