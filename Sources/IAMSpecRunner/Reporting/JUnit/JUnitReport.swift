import IAMSpec

/// JUnit XML made from a run's results, valid against both the Jenkins xUnit (junit-10.xsd) and
/// the Ant JUnit schemas.
///
/// Layout, chosen for what CI readers display:
/// - `<testsuites>` carries no attributes (Ant allows none; readers add up the suites).
/// - One `<testsuite>` per profile, named `iamspec.<profile>`: each SDK generation gets its own
///   totals, and the suite list stays short in readers that list suites (GitLab, Azure).
/// - Each `<testcase>` is one case run: `name` is the case id, `classname` is
///   `iamspec.<profile>.<rule area>` (the area of the case's first rule). Jenkins splits a
///   classname at its last `.` into package (`iamspec.<profile>`) and class (the rule area), so
///   its tree reads profile, area, case; GitLab shows the classname as the suite column.
/// - Failures are `<failure type="iamspec.<check>">`, errors `<error type="iamspec.<kind>">`,
///   skips `<skipped message="<reason>">`; their text holds the message, the failing step's
///   `path:line:col`, the timeline and the re-run command.
/// - The suite's `<properties>` hold the engine, the selection, each rule's sources
///   (`rule.<id>`), and each case's rule ids (`case.<id>.rules`); the suite's `<system-out>`
///   holds every run's timeline, `<system-err>` what engines wrote on the side.
/// - Times are seconds with a `.` and three decimals, from whole milliseconds. `timestamp` is
///   the run's start in UTC without a zone suffix, as Ant requires.
public enum JUnitReport {
    /// The longest text node, in characters, before head and tail are kept with a marker.
    package static let defaultTextLimit = 262_144
    /// The longest attribute value, in characters.
    static let attributeLimit = 4_096

    /// The XML document, ending with a newline.
    package static func xml(for summary: RunSummary, textLimit: Int = defaultTextLimit) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        let profiles = Set(summary.results.map(\.profile)).sorted()
        for (index, profile) in profiles.enumerated() {
            let results = summary.results.filter { $0.profile == profile }
            xml += suite(results, profile: profile, id: index, summary: summary, textLimit: textLimit)
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Writes the XML atomically to `path`.
    public static func write(_ summary: RunSummary, to path: String) throws(AtomicFileError) {
        try AtomicFile.write(xml(for: summary), to: path)
    }

    /// Whole milliseconds as seconds with a `.` and three decimals, whatever the locale: `1.005`.
    package static func seconds(milliseconds: Int64) -> String {
        let clamped = max(0, milliseconds)
        let fraction = String(clamped % 1000)
        return "\(clamped / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `yyyy-MM-ddTHH:mm:ss` from the header's start (UTC, `Z` dropped), as Ant requires.
    static func timestamp(_ startedAt: String) -> String {
        let trimmed = startedAt.hasSuffix("Z") ? String(startedAt.dropLast()) : startedAt
        let shape = "0000-00-00T00:00:00"
        let fits =
            trimmed.count == shape.count
            && zip(trimmed, shape).allSatisfy { actual, wanted in
                wanted == "0" ? actual.isASCII && actual.isNumber : actual == wanted
            }
        return fits ? trimmed : "1970-01-01T00:00:00"
    }

    private static func suite(
        _ results: [CaseResult],
        profile: Profile,
        id: Int,
        summary: RunSummary,
        textLimit: Int
    ) -> String {
        let name = "iamspec.\(profile.rawValue)"
        let failures = results.count(where: { $0.status == .failed })
        let errors = results.count(where: { $0.status == .error })
        let skipped = results.count(where: { $0.status == .skipped })
        let milliseconds = results.reduce(0) { $0 + $1.durationMilliseconds }
        var xml = "  <testsuite"
        xml += attributes([
            ("name", token(name)),
            ("package", token(name)),
            ("id", String(id)),
            ("timestamp", timestamp(summary.header.startedAt)),
            ("hostname", token(summary.header.hostname.isEmpty ? "localhost" : summary.header.hostname)),
            ("tests", String(results.count)),
            ("failures", String(failures)),
            ("errors", String(errors)),
            ("skipped", String(skipped)),
            ("time", seconds(milliseconds: milliseconds)),
        ])
        xml += ">\n    <properties>\n"
        for (name, value) in properties(results, profile: profile, summary: summary) {
            xml += "      <property name=\"\(token(name))\" value=\"\(attribute(value))\"/>\n"
        }
        xml += "    </properties>\n"
        for result in results {
            xml += testcase(result, header: summary.header, textLimit: textLimit)
        }
        let traces = results.map(trace).joined(separator: "\n")
        let sideOutput = results.filter { !$0.diagnostics.isEmpty }
            .map { "== \($0.caseID) [\($0.profile.rawValue)]\n\($0.diagnostics)" }
            .joined(separator: "\n")
        xml += "    <system-out>\(XMLText.content(traces, limit: textLimit))</system-out>\n"
        xml += "    <system-err>\(XMLText.content(sideOutput, limit: textLimit))</system-err>\n"
        xml += "  </testsuite>\n"
        return xml
    }

    private static func properties(
        _ results: [CaseResult],
        profile: Profile,
        summary: RunSummary
    ) -> [(String, String)] {
        let header = summary.header
        var properties = [
            ("iamspec.version", header.iamspecVersion),
            ("engine.name", header.engine.name),
            ("engine.version", header.engine.version),
            ("engine.capabilities", header.engine.capabilities.map(\.rawValue).joined(separator: ", ")),
            ("profile", profile.rawValue),
            ("suite.paths", header.suitePaths.joined(separator: ", ")),
        ]
        if !header.selection.filters.isEmpty {
            properties.append(("selection.filters", header.selection.filters.map(\.pattern).joined(separator: ", ")))
        }
        if !header.selection.tags.isEmpty {
            properties.append(("selection.tags", header.selection.tags.joined(separator: ", ")))
        }
        if summary.interrupted {
            properties.append(("interrupted", "true"))
        }
        var rules: [String: RuleReference] = [:]
        for rule in results.flatMap(\.rules) {
            rules[rule.id] = rule
        }
        for rule in rules.values.sorted(by: { $0.id < $1.id }) {
            properties.append(("rule.\(rule.id)", rule.sources.joined(separator: "; ")))
        }
        for result in results {
            properties.append(("case.\(result.caseID).rules", result.rules.map(\.id).joined(separator: ", ")))
        }
        return properties
    }

    private static func testcase(_ result: CaseResult, header: RunHeader, textLimit: Int) -> String {
        let area = result.rules.first?.area ?? "uncategorized"
        var xml = "    <testcase"
        xml += attributes([
            ("name", token(result.caseID)),
            ("classname", token("iamspec.\(result.profile.rawValue).\(area)")),
            ("time", seconds(milliseconds: result.durationMilliseconds)),
        ])
        let body = XMLText.content(report(result, header: header), limit: textLimit)
        switch result.status {
        case .passed:
            return xml + "/>\n"
        case .skipped:
            return xml + ">\n      <skipped message=\"\(attribute(result.message))\"/>\n    </testcase>\n"
        case .failed:
            let type = "iamspec.\(result.kind?.rawValue ?? "expectation")"
            return xml + ">\n      <failure type=\"\(attribute(type))\" message=\"\(attribute(result.message))\">"
                + "\(body)</failure>\n    </testcase>\n"
        case .error:
            let type = "iamspec.\(result.kind?.rawValue ?? "engine")"
            return xml + ">\n      <error type=\"\(attribute(type))\" message=\"\(attribute(result.message))\">"
                + "\(body)</error>\n    </testcase>\n"
        }
    }

    /// The text of a failure or error: what, where, the timeline, how to run it again.
    private static func report(_ result: CaseResult, header: RunHeader) -> String {
        var lines = ["\(result.location): \(result.message)", ""]
        lines += TimelineText.lines(result.timeline)
        if !result.diagnostics.isEmpty {
            lines += ["", "engine diagnostics:", result.diagnostics]
        }
        lines += ["", "re-run: \(RerunCommand.text(for: result, header: header))"]
        return lines.joined(separator: "\n")
    }

    /// One run's trace for the suite's system-out.
    private static func trace(_ result: CaseResult) -> String {
        var lines = ["== \(result.caseID) [\(result.profile.rawValue)]: \(result.status.rawValue)"]
        if !result.message.isEmpty {
            lines.append("\(result.location): \(result.message)")
        }
        lines += TimelineText.lines(result.timeline)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\($0.1)\"" }.joined()
    }

    private static func token(_ text: String) -> String {
        let value = XMLText.token(text, limit: attributeLimit)
        return value.isEmpty ? "unnamed" : value
    }

    private static func attribute(_ text: String) -> String {
        XMLText.attribute(text, limit: attributeLimit)
    }
}
