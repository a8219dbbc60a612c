import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("JUnit reports")
struct JUnitReportTests {
    private func document(
        _ summary: RunSummary = ReportFixtures.summary(),
        textLimit: Int = JUnitReport.defaultTextLimit
    ) throws -> XMLDocument {
        try XMLDocument(xmlString: JUnitReport.xml(for: summary, textLimit: textLimit))
    }

    private func attributes(_ element: XMLElement?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (element?.attributes ?? []).map { ($0.name ?? "", $0.stringValue ?? "") })
    }

    @Test func timesAreSecondsWithADotAndThreeDecimals() {
        #expect(JUnitReport.seconds(milliseconds: 0) == "0.000")
        #expect(JUnitReport.seconds(milliseconds: 7) == "0.007")
        #expect(JUnitReport.seconds(milliseconds: 1005) == "1.005")
        #expect(JUnitReport.seconds(milliseconds: 61_230) == "61.230")
        #expect(JUnitReport.seconds(milliseconds: 12_345_678) == "12345.678")
        #expect(JUnitReport.seconds(milliseconds: -5) == "0.000")
    }

    @Test func timestampsHaveNoZone() {
        #expect(JUnitReport.timestamp("2026-01-31T23:59:59Z") == "2026-01-31T23:59:59")
        #expect(JUnitReport.timestamp("yesterday") == "1970-01-01T00:00:00")
    }

    /// A stream's `started_at` of the right shape names a time that does not exist: Ant's schema
    /// (`xs:dateTime`) refuses it, so the report writes the fallback instead.
    @Test(arguments: [
        "9999-99-99T99:99:99Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2025-02-29T00:00:00Z",
        "2026-04-31T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z",
        "2026-01-01T23:59:60Z", "0000-01-01T00:00:00Z",
    ])
    func aTimestampThatDoesNotExistIsTheFallback(startedAt: String) {
        #expect(JUnitReport.timestamp(startedAt) == "1970-01-01T00:00:00")
    }

    @Test func theLastInstantsOfMonthsAndLeapDaysAreKept() {
        #expect(JUnitReport.timestamp("2024-02-29T23:59:59Z") == "2024-02-29T23:59:59")
        #expect(JUnitReport.timestamp("2000-02-29T00:00:00Z") == "2000-02-29T00:00:00")
        #expect(JUnitReport.timestamp("9999-12-31T23:59:59Z") == "9999-12-31T23:59:59")
        #expect(JUnitReport.timestamp("1900-02-29T00:00:00Z") == "1970-01-01T00:00:00")
    }

    @Test func oneSuitePerProfileUnderABareTestsuitesElement() throws {
        let root = try document().rootElement()
        #expect(root?.name == "testsuites")
        #expect(root?.attributes?.isEmpty ?? true)
        let suites = root?.elements(forName: "testsuite") ?? []
        #expect(suites.map { attributes($0)["name"] } == ["iamspec.appboy-legacy", "iamspec.braze-swift"])
        let legacy = attributes(suites.first)
        #expect(legacy["package"] == "iamspec.appboy-legacy")
        #expect(legacy["id"] == "0")
        #expect(legacy["timestamp"] == "2026-01-31T23:59:59")
        #expect(legacy["hostname"] == "localhost", "JUnit's required host names no machine")
        #expect(legacy["tests"] == "2")
        #expect(legacy["errors"] == "1")
        #expect(legacy["failures"] == "0")
        #expect(legacy["skipped"] == "1")
        #expect(legacy["time"] == "30.000")
        #expect(
            suites.first?.children?.map(\.name) == ["properties", "testcase", "testcase", "system-out", "system-err"]
        )
    }

    @Test func testcasesCarryNameClassnameAndTimeOnly() throws {
        let swift = try document().rootElement()?.elements(forName: "testsuite").last
        let cases = swift?.elements(forName: "testcase") ?? []
        #expect(
            cases.map(attributes) == [
                ["name": "triggers.one", "classname": "iamspec.braze-swift.triggers", "time": "0.007"],
                ["name": "triggers.two", "classname": "iamspec.braze-swift.triggers", "time": "1.005"],
            ]
        )
        let failure = cases.last?.elements(forName: "failure").first
        #expect(attributes(failure)["type"] == "iamspec.sequence")
        #expect(attributes(failure)["message"] == ReportFixtures.failed.message)
        let text = failure?.stringValue ?? ""
        #expect(text.contains("Specs/triggers/basic.yaml:12:5: sequence on delivery"))
        #expect(text.contains("  30  expect: {sequence: [displayed: promo]}  -"))
        #expect(text.contains("expected: displayed: promo"))
        #expect(text.contains("actual:   (nothing)"))
        #expect(
            text.contains("re-run: iamspec run Specs --filter triggers.two --profile braze-swift")
        )
    }

    @Test func errorsAndSkipsCarryTheirTypeAndReason() throws {
        let legacy = try document().rootElement()?.elements(forName: "testsuite").first
        let cases = legacy?.elements(forName: "testcase") ?? []
        let error = cases.first { attributes($0)["name"] == "triggers.three" }?.elements(forName: "error").first
        #expect(attributes(error)["type"] == "iamspec.timeout")
        #expect(error?.stringValue?.contains("engine log line") == true)
        let skipped = cases.first { attributes($0)["name"] == "triggers.one" }?.elements(forName: "skipped").first
        #expect(attributes(skipped)["message"] == "the engine lacks the capability keyboard")
        #expect(attributes(cases.last)["classname"] == "iamspec.appboy-legacy.interval")
    }

    @Test func theRunsPropertiesAreInTheFirstSuiteOnly() throws {
        let suites = try document().rootElement()?.elements(forName: "testsuite") ?? []
        func properties(_ suite: XMLElement?) -> [(String, String)] {
            (suite?.elements(forName: "properties").first?.elements(forName: "property") ?? [])
                .map(attributes).map { ($0["name"] ?? "", $0["value"] ?? "") }
        }
        let byName = Dictionary(properties(suites.first), uniquingKeysWith: { first, _ in first })
        #expect(byName["engine.name"] == "sample")
        #expect(byName["selection.filters"] == "triggers.*")
        #expect(byName["interrupted"] == nil)
        #expect(suites.count == 2)
        #expect(suites.last?.elements(forName: "properties").count == 1, "Ant requires the element")
        #expect(properties(suites.last).isEmpty, "xunitparser refuses a property name twice in a report")
        let interrupted = try document(ReportFixtures.summary(interrupted: true)).rootElement()?.elements(
            forName: "testsuite"
        ).first
        let flags = interrupted?.elements(forName: "properties").first?.elements(forName: "property").map(attributes)
        #expect(flags?.contains(["name": "interrupted", "value": "true"]) == true)
    }

    @Test func aFailureNamesItsRulesWithTheirSources() throws {
        let swift = try document().rootElement()?.elements(forName: "testsuite").last
        let failure = swift?.elements(forName: "testcase").first { attributes($0)["name"] == "triggers.two" }?
            .elements(forName: "failure").first
        #expect(
            failure?.stringValue?.contains("rules:\n  triggers.session-start: seed 003 (en); seed 000 (pt)\n") == true
        )
    }

    @Test func anErrorsMessageSaysItIsAnErrorForReadersWithoutTheCategory() throws {
        let legacy = try document().rootElement()?.elements(forName: "testsuite").first
        let error = legacy?.elements(forName: "testcase").first { attributes($0)["name"] == "triggers.three" }?
            .elements(forName: "error").first
        #expect(attributes(error)["message"]?.hasPrefix("error (timeout): ") == true)
        // junit2html keeps an <error>'s message and text, not its element name nor its type: the
        // text says it too, and a failure's does not.
        #expect(error?.stringValue?.hasPrefix("error (timeout): Specs/triggers/basic.yaml:") == true)
        let failure = try document().rootElement()?.elements(forName: "testsuite")
            .flatMap { $0.elements(forName: "testcase") }.flatMap { $0.elements(forName: "failure") }.first
        #expect(failure?.stringValue?.hasPrefix("error") == false)
    }

    @Test func eachSuiteIsADocumentOfItsOwnInAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("junit-dir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let earlier = folder.appendingPathComponent("TEST-iamspec.baseline.xml")
        let unrelated = folder.appendingPathComponent("TEST-other.xml")
        try Data("<testsuite/>".utf8).write(to: earlier)
        try Data("<testsuite/>".utf8).write(to: unrelated)
        try JUnitReport.write(ReportFixtures.summary(), to: nil, directory: folder.path)

        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["TEST-iamspec.appboy-legacy.xml", "TEST-iamspec.braze-swift.xml", "TEST-other.xml"])
        let single = try document().rootElement()?.elements(forName: "testsuite") ?? []
        for (index, suite) in single.enumerated() {
            let name = try #require(attributes(suite)["name"])
            let file = try XMLDocument(contentsOf: folder.appendingPathComponent("TEST-\(name).xml"))
            let root = try #require(file.rootElement())
            #expect(root.name == "testsuite")
            // Ant's schema allows package and id only inside <testsuites>.
            #expect(attributes(root)["package"] == nil && attributes(root)["id"] == nil)
            for count in ["tests", "failures", "errors", "skipped"] {
                #expect(attributes(root)[count] == attributes(suite)[count])
            }
            #expect(root.elements(forName: "testcase").count == suite.elements(forName: "testcase").count)
            let properties = root.elements(forName: "properties").first?.elements(forName: "property") ?? []
            #expect(properties.isEmpty == (index > 0), "the run's properties are in the first suite only")
        }
    }

    @Test func eachRunsTraceIsInTheSuitesSystemOut() throws {
        let swift = try document().rootElement()?.elements(forName: "testsuite").last
        let out = swift?.elements(forName: "system-out").first?.stringValue ?? ""
        #expect(
            out.contains("== triggers.one [braze-swift]: passed (rules: triggers.session-start)\n== triggers.two"),
            "a passed run is one line"
        )
        #expect(out.contains("== triggers.two [braze-swift]: failed (rules: triggers.session-start)\n"))
    }

    @Test func illegalCharactersAndHugeOutputStayValid() throws {
        var result = ReportFixtures.errored
        result.message = "bell\u{7} <b>"
        result.diagnostics = String(repeating: "x", count: 100_000) + "\u{0}TAIL"
        let summary = RunSummary(header: ReportFixtures.header(), results: [result])
        let xml = JUnitReport.xml(for: summary, textLimit: 10_000)
        #expect(xml.utf8.count < 40_000)
        let error = try XMLDocument(xmlString: xml).rootElement()?.elements(forName: "testsuite").first?
            .elements(forName: "testcase").first?.elements(forName: "error").first
        #expect(attributes(error)["message"] == "error (timeout): bell\\u{7} <b>")
        #expect(
            error?.stringValue?.hasSuffix(
                "\\u{0}TAIL\n\nre-run: iamspec run Specs --filter triggers.three --profile appboy-legacy"
            ) == true
        )
        #expect(error?.stringValue?.contains("[... iamspec cut ") == true)
    }

    @Test func anEmptyRunIsAnEmptyTestsuitesElement() throws {
        let xml = JUnitReport.xml(for: RunSummary(header: ReportFixtures.header(), results: []))
        #expect(xml == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n</testsuites>\n")
    }
}
