import IAMSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// When a run is made, as its header records them: the runner's and the portable
// executor's alike.

extension RunHeader {
    /// UTC, to the second: `2026-01-31T23:59:59Z`.
    ///
    /// Spelled by hand from the days since 1970 (the proleptic Gregorian calendar, as RFC 3339
    /// has it): `ISO8601DateFormatter` costs 3.7 M instructions a process, more than the runs of
    /// 250 cases.
    package static func timestamp(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = (
            seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400,
            ((seconds % 86_400) + 86_400) % 86_400
        )
        // Days to a civil date: eras of 400 years (146,097 days) counted from 0000-03-01.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T"
            + digits(secondOfDay / 3_600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":"
            + digits(secondOfDay % 60, 2) + "Z"
    }
}
