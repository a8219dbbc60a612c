import Foundation
import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

/// A loaded suite keeps the models of its first files (``ModelBudget``) and reads the others
/// again when their cases are needed (``LoadedCase``): the cases are the same either way, and a
/// file changed since it was loaded is an error naming it, never read as another case.
@Suite struct LoadedCaseTests {
    private static let repository = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent().path

    @Test func theSuiteIsTheSameWhetherItsCasesAreKeptOrReadAgain() throws {
        let specs = Self.repository + "/Specs"
        let kept = SuiteLoader.load(paths: [specs], jobs: 2, stoppingWhen: { false })
        let readAgain = SuiteLoader.load(paths: [specs], jobs: 2, modelBudget: 0, stoppingWhen: { false })
        let some = SuiteLoader.load(paths: [specs], jobs: 1, modelBudget: 200_000, stoppingWhen: { false })
        #expect(kept.loadedCases.count >= 300)
        #expect(readAgain.loadedCases.map(\.id) == kept.loadedCases.map(\.id))
        #expect(readAgain.loadedCases.map(\.tags) == kept.loadedCases.map(\.tags))
        #expect(readAgain.loadedCases.map(\.profiles) == kept.loadedCases.map(\.profiles))
        #expect(DeepDescription.of(try kept.cases) == DeepDescription.of(try readAgain.cases))
        #expect(DeepDescription.of(try some.cases) == DeepDescription.of(try readAgain.cases))
    }

    @Test func aCaseFileChangedSinceLoadingIsAnErrorNamingIt() throws {
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue, "a.yaml": Self.twoCases, "b.yaml": Self.oneCase(id: "third"),
        ])
        let suite = SuiteLoader.load(paths: [scratch.folder], jobs: 1, modelBudget: 0, stoppingWhen: { false })
        #expect(suite.diagnostics.isEmpty)
        #expect(try suite.cases.map(\.id) == ["first", "second", "third"])
        // The same bytes written again read as they were.
        try scratch.write("a.yaml", Data(Self.twoCases.utf8))
        #expect(try suite.cases.map(\.title) == ["Case first", "Case second", "Case third"])
        // One byte changed: the case is not read as what the file now says.
        try scratch.write(
            "a.yaml",
            Data(Self.twoCases.replacingOccurrences(of: "Case second", with: "Case secomd").utf8)
        )
        #expect(Self.problem(of: suite, scratch) == Self.changed("a.yaml", "it changed since the suite was loaded"))
        #expect(try suite.loadedCases[2].decoded().id == "third")
        try FileManager.default.removeItem(atPath: scratch.folder + "/a.yaml")
        #expect(Self.problem(of: suite, scratch) == Self.changed("a.yaml", "No such file or directory"))
        // A link put in its place leads to another file, even one with the same bytes.
        try scratch.write("elsewhere.yaml", Data(Self.twoCases.utf8))
        try FileManager.default.createSymbolicLink(
            atPath: scratch.folder + "/a.yaml",
            withDestinationPath: scratch.folder + "/elsewhere.yaml"
        )
        #expect(Self.problem(of: suite, scratch) == Self.changed("a.yaml", "its path now leads to another file"))
    }

    @Test func aRunOfAChangedFileStopsWithTheError() throws {
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "a.yaml": Self.twoCases])
        let suite = SuiteLoader.load(paths: [scratch.folder], jobs: 1, modelBudget: 0, stoppingWhen: { false })
        try scratch.write("a.yaml", Data((Self.twoCases + "\n").utf8))
        let run = ConformanceRun(engine: ScriptedEngineProvider { _, _ in [] }, options: RunOptions(jobs: 1))
        var delivered = 0
        #expect(throws: CaseFileChanged.self) {
            _ = try run.run(
                RunSelection().runs(of: suite.loadedCases),
                header: run.header(paths: [scratch.folder]),
                rules: suite.rules,
                keepingPassed: { _ in true },
                timelineWhenPassed: { _ in true },
                progress: { _ in },
                deliver: { _ in delivered += 1 }
            )
        }
        #expect(delivered == 0)
    }

    @Test func aCaseOfAFilePastTheBudgetIsReadAgainFromItsOwnLines() throws {
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "a.yaml": Self.twoCases])
        let kept = SuiteLoader.load(paths: [scratch.folder], jobs: 1, stoppingWhen: { false })
        let suite = SuiteLoader.load(paths: [scratch.folder], jobs: 1, modelBudget: 0, stoppingWhen: { false })
        // The second case's title changed, the file's size not: the first case's own lines are
        // as loaded, and it reads as it did; the second is not read as what the file now says.
        try scratch.write(
            "a.yaml",
            Data(Self.twoCases.replacingOccurrences(of: "Case second", with: "Case secomd").utf8)
        )
        #expect(DeepDescription.of(try suite.loadedCases[0].decoded()) == DeepDescription.of(try kept.cases[0]))
        #expect(
            Self.problem(reading: suite.loadedCases[1], scratch)
                == Self.changed("a.yaml", "it changed since the suite was loaded")
        )
    }

    @Test func aCaseThatDoesNotReadAloneIsReadWithItsWholeFile() throws {
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue,
            // The second case's message is an alias of the first's.
            "alias.yaml": Self.oneCase(id: "first").replacingOccurrences(
                of: "- id: welcome",
                with: "- &welcome\n        id: welcome"
            )
                + Self.oneCase(id: "second").replacingOccurrences(
                    of: "- id: welcome\n        triggers: [session_start]",
                    with: "- *welcome"
                ),
            // Two cases on one line.
            "flow.yaml": "[{id: flow-one, \(Self.flowBody)}, {id: flow-two, \(Self.flowBody)}]\n",
            // Lines broken by a carriage return and a line feed, one break each to libyaml.
            "crlf.yaml": (Self.oneCase(id: "crlf-one") + Self.oneCase(id: "crlf-two"))
                .replacingOccurrences(of: "\n", with: "\r\n"),
        ])
        let kept = SuiteLoader.load(paths: [scratch.folder], jobs: 1, stoppingWhen: { false })
        let readAgain = SuiteLoader.load(paths: [scratch.folder], jobs: 1, modelBudget: 0, stoppingWhen: { false })
        #expect(kept.diagnostics.isEmpty)
        #expect(kept.loadedCases.count == 6)
        #expect(
            DeepDescription.of(try readAgain.loadedCases.map { try $0.decoded() })
                == DeepDescription.of(try kept.cases)
        )
    }

    @Test func theModelBudgetKeepsTheFilesThatFit() {
        let budget = ModelBudget(bytes: 100)
        #expect(budget.take(60))
        // The first took 60 bytes; a second of 60 does not fit, and takes nothing.
        #expect(!budget.take(60))
        #expect(!budget.take(41))
        #expect(budget.take(40))
        #expect(!budget.take(1))
        #expect(budget.take(0))
    }

    private static func oneCase(id: String) -> String {
        """
        - id: \(id)
          title: Case \(id)
          rules: [area.rule]
          given:
            messages:
              - id: welcome
                triggers: [session_start]
          steps:
            - session_start
            - expect:
                sequence: [displayed: welcome]

        """
    }

    private static let twoCases = oneCase(id: "first") + oneCase(id: "second")

    private static func problem(of suite: LoadedSuite, _ scratch: SpecScratch) -> String? {
        do {
            _ = try suite.cases
            return nil
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: scratch.folder + "/", with: "") }
                .joined(separator: "\n")
        }
    }

    private static let flowBody =
        "title: Case flow, rules: [area.rule], given: {messages: [{id: welcome, triggers: [session_start]}]}, "
        + "steps: [session_start, {expect: {sequence: [{displayed: welcome}]}}]"

    private static func problem(reading loaded: LoadedCase, _ scratch: SpecScratch) -> String? {
        do {
            _ = try loaded.decoded()
            return nil
        } catch {
            return error.diagnostic.description.replacingOccurrences(of: scratch.folder + "/", with: "")
        }
    }

    private static func changed(_ file: String, _ found: String) -> String {
        "\(file):1:1: error: cannot read the case file again: \(found); expected it as the suite loaded it, "
            + "unchanged while iamspec runs (run the command again)"
    }
}
