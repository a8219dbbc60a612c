import IAMSpec

/// What `iamspec run` prints: progress lines for stderr, and the report for stdout.
///
/// The report shows one entry per case with a failed or errored run (see
/// `failureEntry(_:header:)`): the profiles it failed in, the rules it checks with their words, its
/// `given`, the failing step's `path:line:col` with the message, the aligned timeline, and a
/// one-line command that runs it again. Skips are grouped by reason (a declined step's runs each
/// with the step's location), apart from expected failures (a baseline's; `BaselineJudgement` lists
/// them in a section of their own). The last line is exactly `N passed, N failed, N skipped`,
/// errors counted as failed, never coloured, so scripts can read it.
public struct ConsoleReport: Sendable {
    public var style: ConsoleStyle

    public init(style: ConsoleStyle) {
        self.style = style
    }

    /// One line for a finished run: `[3/40] failed  some-case [braze-swift]`.
    package func progressLine(for result: CaseResult, completed: Int, total: Int) -> String {
        var bytes: [UInt8] = []
        appendProgressLine(
            caseID: result.caseID,
            profile: result.profile,
            status: result.status,
            completed: completed,
            total: total,
            to: &bytes
        )
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``progressLine(for:completed:total:)`` for the run of `caseID` under
    /// `profile` to `bytes`: a run of a large suite prints one line per run, so the line is made
    /// without intermediate strings, from the three fields it shows.
    package func appendProgressLine(
        caseID: String,
        profile: Profile,
        status: CaseStatus,
        completed: Int,
        total: Int,
        to bytes: inout [UInt8]
    ) {
        let width = Self.digitCount(total)
        bytes.append(UInt8(ascii: "["))
        for _ in 0..<max(0, width - Self.digitCount(completed)) {
            bytes.append(UInt8(ascii: " "))
        }
        Self.appendDigits(of: completed, to: &bytes)
        bytes.append(UInt8(ascii: "/"))
        Self.appendDigits(of: total, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
        bytes.append(UInt8(ascii: " "))
        Self.appendUTF8(of: statusWord(status), to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(UInt8(ascii: " "))
        Self.appendUTF8(of: caseID, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(UInt8(ascii: "["))
        Self.appendUTF8(of: profile.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends the UTF-8 of `text` in one copy of its contiguous bytes (`append(contentsOf:)` of a
    /// `String.UTF8View` goes the general way, several times the cost for a short string).
    private static func appendUTF8(of text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private static func digitCount(_ number: Int) -> Int {
        var count = 1
        var rest = number / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count + (number < 0 ? 1 : 0)
    }

    /// Appends the decimal digits of `number`, most significant first, without an intermediate
    /// string or array.
    private static func appendDigits(of number: Int, to bytes: inout [UInt8]) {
        guard number >= 0 else {
            bytes.append(contentsOf: String(number).utf8)
            return
        }
        var divisor = 1
        while divisor <= number / 10 {
            divisor *= 10
        }
        var rest = number
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The report's lines, the totals line last.
    public func lines(for summary: RunSummary) -> [String] {
        var lines: [String] = []
        let failed = summary.results.filter { $0.status == .failed || $0.status == .error }
        for caseResults in Dictionary(grouping: failed, by: \.caseID).sorted(by: { $0.key < $1.key }) {
            lines += failureEntry(caseResults.value, header: summary.header)
            lines.append("")
        }
        let skipped = summary.results.filter {
            $0.status == .skipped && $0.kind != .expectedFailure
        }
        let skips = Dictionary(grouping: skipped, by: \.message)
        for (reason, results) in skips.sorted(by: { $0.key < $1.key }) {
            lines.append(style.yellow("skipped \(results.count) run\(results.count == 1 ? "" : "s"): \(reason)"))
            for result in results where result.kind == .declined {
                lines.append("  \(result.location): \(result.caseID) [\(result.profile.rawValue)]")
            }
        }
        if summary.interrupted {
            lines.append(style.yellow("interrupted: the runs not started are not reported"))
        }
        lines.append(summary.totalsLine)
        return lines
    }

    func statusWord(_ status: CaseStatus) -> String {
        switch status {
        case .passed: style.green("passed ")
        case .failed: style.red("FAILED ")
        case .error: style.red("ERROR  ")
        case .skipped: style.yellow("skipped")
        }
    }
}
