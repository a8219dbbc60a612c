/// Wall time as people read it in a log: `0.4 s`, `41.2 s`, `9 min 03 s`, `1 h 02 min`. For
/// progress and the closing line only; no report holds it.
package enum ElapsedText {
    /// The text of `duration`: seconds with one decimal under a minute, whole seconds after.
    package static func of(_ duration: Duration) -> String {
        let milliseconds = max(
            0,
            duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        )
        let seconds = milliseconds / 1000
        if seconds < 60 {
            return "\(seconds).\(milliseconds % 1000 / 100) s"
        }
        if seconds < 3600 {
            return "\(seconds / 60) min \(twoDigits(seconds % 60)) s"
        }
        return "\(seconds / 3600) h \(twoDigits(seconds % 3600 / 60)) min"
    }

    private static func twoDigits(_ number: Int64) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
