import IAMSpec

/// What one run may hold of its engine's observations: at most ``maximumBytes`` of their text,
/// each byte counted as reports may write it at the most (``Observation/budgetBytes``). A run
/// whose engine goes past it is cut at that step, an error of the engine (Specs/PROTOCOL.md,
/// "Transport"), so that an engine answering with a megabyte at every step cannot make iamspec's
/// memory, or a results stream's line, grow with the run's steps. Each repeat of `--repeat` is a
/// run of its own, and a nondeterministic result holds two repeats: a run's record in the results
/// stream, which repeats its observations in the timeline, the failing check's window, its message
/// and the repeats, stays within ``ResultsStream/maximumLineBytes``.
package struct ObservationBudget: Sendable {
    /// 1 MiB: the protocol's limit of one answer. The bundled Specs' longest run observes
    /// less than 2 KB.
    package static let maximumBytes = 1 << 20

    /// What the run has observed so far, in ``Observation/budgetBytes``.
    package private(set) var used = 0

    /// A run that has observed nothing yet.
    package init() {}

    /// Charges `observations` to the run; false, charging nothing, when they would take it past
    /// ``maximumBytes``.
    package mutating func charge(_ observations: [Observation]) -> Bool {
        var total = used
        for observation in observations {
            total += observation.budgetBytes
            if total > Self.maximumBytes { return false }
        }
        used = total
        return true
    }

    /// Why a run was cut at `step` (a step as a case writes it, in backticks, or `the stack
    /// inspection`): `the engine's observations in this run passed its limit of 1 MiB ...`.
    package static func exceededMessage(at step: String, used: Int, adding: Int) -> String {
        "the engine's observations in this run passed its limit of 1 MiB (\(maximumBytes) bytes as reports "
            + "write them; \(used) before this step, \(adding) more in its answer) at \(step): the run was "
            + "cut there, its answer left out of the timeline (Specs/PROTOCOL.md, \"Transport\")"
    }
}

extension Observation {
    /// The observation's size as a report writes it at the most: 16 for its kind and layout, and
    /// each byte of its text (message ids, extras, event names) once, or 8 times when a report
    /// may escape it (a control character, a quote or backslash, any byte of a character beyond
    /// ASCII: `\u{202e}`, then its JSON escape), so that no text grows past its count.
    package var budgetBytes: Int {
        let layout = 16
        switch self {
        case .displayed(let message, let extras):
            var total = layout + Self.textBytes(message)
            for (key, value) in extras {
                total += layout + Self.textBytes(key) + Self.textBytes(value)
            }
            return total
        case .stacked(let message, _), .discarded(let message, _), .rolledBack(let message),
            .dismissed(let message), .impressionLogged(let message), .clickLogged(let message):
            return layout + Self.textBytes(message)
        case .noMatchingTrigger(let event):
            switch event {
            case .sessionStart, .pushClick(campaign: nil): return layout
            case .customEvent(let text), .purchase(let text), .pushClick(campaign: let text?):
                return layout + Self.textBytes(text)
            }
        case .stack(let messages):
            return messages.reduce(layout) { $0 + layout + Self.textBytes($1) }
        }
    }

    /// `text`'s bytes, each counted 1, or 8 when a report may escape it.
    private static func textBytes(_ text: String) -> Int {
        var total = 0
        for byte in text.utf8 {
            let plain = byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            total += plain ? 1 : 8
        }
        return total
    }
}
