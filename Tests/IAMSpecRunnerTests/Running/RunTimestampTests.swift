import Foundation
import Testing

@testable import IAMSpecRunner

@Suite("The run header's start time")
struct RunTimestampTests {

    @Test("spells known instants: the epoch, leap days, the ends of centuries and of years")
    func knownInstants() {
        let cases: [(TimeInterval, String)] = [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (4_107_542_399, "2100-02-28T23:59:59Z"),
            (1_798_761_599, "2026-12-31T23:59:59Z"),
            (1_769_903_999.9, "2026-01-31T23:59:59Z"),
        ]
        for (seconds, expected) in cases {
            #expect(RunHeader.timestamp(Date(timeIntervalSince1970: seconds)) == expected)
        }
    }

    @Test("agrees with ISO8601DateFormatter, the spelling it replaced, from 1970 to 2400")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        // 97 days and 3,671 seconds apart: every month, day of the month and time of day comes round.
        var seconds: TimeInterval = 0
        while seconds < 13_569_465_600 {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(RunHeader.timestamp(date) == formatter.string(from: date), "at \(seconds)")
            seconds += 86_400 * 97 + 3_671
        }
    }
}
