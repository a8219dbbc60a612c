import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite struct SuiteLoaderTests {
    static func caseYAML(_ id: String, rules: String = "[area.rule]") -> String {
        "id: \(id)\ntitle: Case \(id)\nrules: \(rules)\nsteps: [session_start, {expect: nothing}]\n"
    }

    @Test func foldersAreWalkedRecursivelyAndCasesSortedByID() throws {
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue,
            "b/zeta.yaml": Self.caseYAML("zeta"),
            "a/deeper/alpha.yml": Self.caseYAML("alpha"),
            "mid.yaml": Self.caseYAML("mid") + "---\n" + Self.caseYAML("beta"),
            "notes.txt": "not a spec",
            ".hidden/skip.yaml": "this: [is not read",
        ])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(try suite.cases.map(\.id) == ["alpha", "beta", "mid", "zeta"])
        #expect(suite.rules.rule("area.rule")?.title == "A rule.")
    }

    @Test func theCatalogueIsFoundAboveAGivenFileInItsRepository() throws {
        let scratch = try SpecScratch([
            ".git/HEAD": "ref: refs/heads/main\n",
            "rules.yaml": SpecScratch.catalogue,
            "stack/one.yaml": Self.caseYAML("one", rules: "[area.unknown]"),
        ])
        let suite = scratch.load(["stack/one.yaml"])
        #expect(
            scratch.problems(suite) == [
                "stack/one.yaml:3:9: error: unknown rule 'area.unknown'; expected a rule id from rules.yaml"
            ]
        )
        #expect(suite.rules.rules.map(\.id) == ["area.rule"])
    }

    /// A `rules.yaml` someone left in a shared folder above a repository is not the catalogue of
    /// whoever lints below it: the search stops at the repository's root.
    @Test func theCatalogueIsNotLookedForAboveTheRepository() throws {
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue,
            "team/app/.git/HEAD": "ref: refs/heads/main\n",
            "team/app/cases/one.yaml": Self.caseYAML("one", rules: "[any.thing]"),
        ])
        let suite = scratch.load(["team/app/cases"])
        #expect(scratch.problems(suite) == [])
        #expect(suite.rules.rules.isEmpty)
    }

    /// Outside any repository (and outside the working directory), the search stops at the folder
    /// given.
    @Test func outsideARepositoryTheCatalogueIsNotLookedForAboveTheFolderGiven() throws {
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue,
            "cases/one.yaml": Self.caseYAML("one", rules: "[any.thing]"),
        ])
        try #require(!scratch.folder.hasPrefix(FileManager.default.currentDirectoryPath + "/"))
        let suite = scratch.load(["cases"])
        #expect(scratch.problems(suite) == [])
        #expect(suite.rules.rules.isEmpty)
        #expect(scratch.load().rules.rules.map(\.id) == ["area.rule"])
    }

    @Test func withoutACatalogueRuleIDsAreNotChecked() throws {
        let scratch = try SpecScratch(["one.yaml": Self.caseYAML("one", rules: "[any.thing]")])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(try suite.cases.count == 1)
        #expect(suite.rules.rules.isEmpty)
    }

    @Test func oneThreadOrSeveralLoadTheSameSuite() throws {
        var files = ["rules.yaml": SpecScratch.catalogue]
        for index in 0..<12 {
            let id = "case\(index < 10 ? "0" : "")\(index)"
            files["f\(index).yaml"] =
                index % 4 == 0
                ? Self.caseYAML(id).replacingOccurrences(of: "session_start", with: "oops")
                : Self.caseYAML(id)
        }
        let scratch = try SpecScratch(files)
        let alone = SuiteLoader.load(paths: [scratch.folder], jobs: 1)
        #expect(try alone.cases.count == 9)
        #expect(scratch.problems(alone).count == 3)
        for jobs in [2, 5, 64] {
            let shared = SuiteLoader.load(paths: [scratch.folder], jobs: jobs)
            #expect(try shared.cases.map(\.id) == alone.cases.map(\.id))
            #expect(try shared.cases.map(\.location) == alone.cases.map(\.location))
            #expect(shared.diagnostics == alone.diagnostics)
        }
    }

    @Test func aNonexistentPathIsADiagnostic() {
        let suite = SuiteLoader.load(paths: ["/no/such/specs"])
        #expect(
            suite.diagnostics.map(\.description) == [
                "/no/such/specs:1:1: error: no such file or folder '/no/such/specs'; expected a spec file or a folder "
                    + "of spec files"
            ]
        )
    }

    @Test func duplicateCaseIDsAreReportedAtBothPlaces() throws {
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue,
            "a.yaml": Self.caseYAML("same"),
            "b.yaml": "# comment\n" + Self.caseYAML("same"),
            "c.yaml": Self.caseYAML("other"),
        ])
        let suite = scratch.load()
        let folder = scratch.folder
        #expect(
            scratch.problems(suite) == [
                "a.yaml:1:5: error: duplicate case id 'same'; expected ids unique across the suite, also used at "
                    + "b.yaml:2:5",
                "b.yaml:2:5: error: duplicate case id 'same'; expected ids unique across the suite, also used at "
                    + "a.yaml:1:5",
            ]
        )
        #expect(try suite.cases.map(\.id) == ["other"])
        #expect(suite.diagnostics.allSatisfy { $0.location.file.hasPrefix(folder) })
    }

    @Test func casesAreInTheOrderStringComparisonGivesTheirIDs() throws {
        // Ids sharing their first 8 bytes, proper prefixes of each other, digits and punctuation.
        let ids = [
            "bench.stacking.10", "bench.stacking.9", "bench.st", "bench.s", "bench.stacking", "bench.priority.1",
            "bench.property-filters.1", "a", "a-b", "a.b", "a_b", "a0", "abcdefgh", "abcdefghi", "abcdefgg-long-tail",
            "0x", "9z", "z",
        ]
        var files = ["rules.yaml": SpecScratch.catalogue]
        for (index, id) in ids.enumerated() {
            files["case-\(index).yaml"] = Self.caseYAML(id)
        }
        let scratch = try SpecScratch(files)
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(try suite.cases.map(\.id) == ids.sorted())
    }

    @Test func idsUsedTwiceAreFoundAmongInvalidAndNonASCIIIDsAsStringEqualityFindsThem() throws {
        let scratch = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue,
            // "Bad" is no valid id, but used twice all the same; "\u{212A}" (Kelvin sign) is, as a
            // `String`, equal to "K".
            "a.yaml": Self.caseYAML("Bad") + "---\n" + Self.caseYAML("\"\u{212A}\""),
            "b.yaml": Self.caseYAML("Bad") + "---\n" + Self.caseYAML("K") + "---\n" + Self.caseYAML("fine"),
        ])
        let suite = scratch.load()
        let duplicates = scratch.problems(suite).filter { $0.contains("duplicate case id") }
        #expect(
            duplicates == [
                "a.yaml:1:5: error: duplicate case id 'Bad'; expected ids unique across the suite, also used at "
                    + "b.yaml:1:5",
                "a.yaml:6:5: error: duplicate case id '\u{212A}'; expected ids unique across the suite, also used at "
                    + "b.yaml:6:5",
                "b.yaml:1:5: error: duplicate case id 'Bad'; expected ids unique across the suite, also used at "
                    + "a.yaml:1:5",
                "b.yaml:6:5: error: duplicate case id '\u{212A}'; expected ids unique across the suite, also used at "
                    + "a.yaml:6:5",
            ]
        )
        #expect(try suite.cases.map(\.id) == ["fine"])
    }

    @Test func everyFilesDiagnosticsAreReportedInOneLoad() throws {
        var files = ["rules.yaml": SpecScratch.catalogue]
        for index in 0..<12 {
            files["f\(String(format: "%02d", index)).yaml"] =
                "id: c\(index)\ntitle: T\nrules: [area.rule]\nsteps: [oops, {expect: nothing}]\n"
        }
        let scratch = try SpecScratch(files)
        let suite = scratch.load()
        #expect(suite.diagnostics.count == 12)
        #expect(suite.diagnostics == suite.diagnostics.sorted())
        #expect(scratch.problems(suite).first?.hasPrefix("f00.yaml:4:9: error: unknown step 'oops'") == true)
        #expect(scratch.problems(suite).last?.hasPrefix("f11.yaml:4:9: error: unknown step 'oops'") == true)
    }

    @Test func aBinaryFileIsADiagnosticNotACrash() throws {
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue])
        try scratch.write("blob.yaml", Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0xFF, 0xC3, 0x28]))
        let problems = scratch.problems(scratch.load())
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("blob.yaml:1:1: error: unreadable text: ") == true)
    }

    @Test func theSamePathGivenTwiceIsLoadedOnce() throws {
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "one.yaml": Self.caseYAML("one")])
        let suite = scratch.load(["one.yaml", ".", "./one.yaml"])
        #expect(scratch.problems(suite) == [])
        #expect(try suite.cases.map(\.id) == ["one"])
    }

    @Test func catalogueProblemsAreReported() throws {
        let catalogue = """
            - id: area.rule
              title: A rule.
              kind: documented
            - id: Bad
              title: x
              kind: clarification
              source: s
            - id: area.two
              title: Two
              kind: documented
              quotes: [{seed: 001.txt, language: de, text: Regel}]
            - id: area.rule
              title: Again
              kind: clarification
              source: s
            """
        let scratch = try SpecScratch(["rules.yaml": catalogue])
        #expect(
            scratch.problems(scratch.load()) == [
                "rules.yaml:1:3: error: missing required key 'quotes' in a documented rule",
                "rules.yaml:4:7: error: expected a rule id 'area.name' of lowercase ASCII letters, digits and '-' in two "
                    + "or more '.'-separated parts for 'id', found string \"Bad\"",
                "rules.yaml:11:12: error: missing required key 'translation' in a quote whose language is 'de'",
                "rules.yaml:12:7: error: duplicate rule id 'area.rule'; first defined at line 1, column 7",
            ]
        )
    }

    @Test func aRulesNeedsAreCapabilitiesOrChoicesOfThem() throws {
        let good = try SpecScratch([
            "rules.yaml": SpecScratch.catalogue + "\n  needs: [app-lifecycle, [push-click, push-open]]"
        ])
        let loaded = good.load()
        #expect(good.problems(loaded) == [])
        #expect(loaded.rules.rules.first?.needs == [[.appLifecycle], [.pushClick, .pushOpen]])
        let bad = try SpecScratch(["rules.yaml": SpecScratch.catalogue + "\n  needs: [app-lifecycle, [push-clik], []]"])
        let problems = bad.problems(bad.load())
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.hasPrefix("rules.yaml:5:27: error: expected one of ") == true, "\(problems)")
        #expect(problems.first?.contains("for a capability in an entry of 'needs', found string \"push-clik\"") == true)
        #expect(
            problems.last
                == "rules.yaml:5:39: error: expected a non-empty list for an entry of 'needs', found an empty list"
        )
    }

    @Test func theSeedCatalogueBesideTheRulesDescribesTheSeedsTheirQuotesName() throws {
        let scratch = try Self.quoting(
            seeds: """
                - file: 001.txt
                  title: Regeln
                  language: de
                  profile: appboy-legacy
                """,
            ["area/one.yaml": Self.caseYAML("one")]
        )
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(try suite.cases.map(\.id) == ["one"], "seeds.yaml is not a case file")
        #expect(suite.seeds.seeds.map(\.title) == ["Regeln"])
        #expect(suite.seeds.seed("001.txt")?.profile == .appboyLegacy)
        #expect(suite.seedCatalogueFiles == [scratch.folder + "/seeds.yaml"])
    }

    @Test func aQuoteOfASeedTheCatalogueLacksOrInAnotherLanguageIsADiagnostic() throws {
        let scratch = try Self.quoting(
            seeds: """
                - file: 002.txt
                  title: Rules
                  language: en
                  profile: braze-swift
                """
        )
        #expect(
            scratch.problems(scratch.load()) == [
                "rules.yaml:1:3: error: rule 'area.two' quotes the seed '001.txt', which seeds.yaml "
                    + "does not describe; expected one of: 002.txt"
            ]
        )
        try scratch.write(
            "seeds.yaml",
            Data("- {file: 001.txt, title: Rules, language: en, profile: braze-swift}".utf8)
        )
        #expect(
            scratch.problems(scratch.load()) == [
                "rules.yaml:1:3: error: rule 'area.two' quotes the seed '001.txt' in 'de'; expected 'en', the seed's "
                    + "language in seeds.yaml"
            ]
        )
    }

    @Test func seedCatalogueProblemsAreReported() throws {
        let scratch = try Self.quoting(
            seeds: """
                - file: 001.txt
                  title: Regeln
                  language: de
                  profile: appboy
                - file: 001.txt
                  titel: Again
                """
        )
        #expect(
            scratch.problems(scratch.load()) == [
                "seeds.yaml:4:12: error: expected one of braze-swift, appboy-legacy for 'profile' (the SDK generation "
                    + "the seed documents), found string \"appboy\"",
                "seeds.yaml:5:3: error: missing required key 'language' in a seed",
                "seeds.yaml:5:3: error: missing required key 'profile' in a seed",
                "seeds.yaml:5:3: error: missing required key 'title' in a seed",
                "seeds.yaml:5:9: error: the seed '001.txt' is described twice; first at line 1, column 9",
                "seeds.yaml:6:3: error: unknown key 'titel' in a seed; expected one of: file, title, language, profile; "
                    + "did you mean 'title'?",
            ]
        )
    }

    /// A scratch folder with `quotingCatalogue` as rules.yaml, `seeds` as seeds.yaml, and `files`.
    static func quoting(seeds: String, _ files: [String: String] = [:]) throws -> SpecScratch {
        try SpecScratch(files.merging(["rules.yaml": quotingCatalogue, "seeds.yaml": seeds]) { $1 })
    }

    static let quotingCatalogue = """
        - id: area.two
          title: Two
          kind: documented
          quotes: [{seed: 001.txt, language: de, text: Regel, translation: Rule}]
        - id: area.rule
          title: A rule.
          kind: clarification
          source: https://example.com
        """

    @Test func anEmptyCatalogueIsADiagnostic() throws {
        let scratch = try SpecScratch(["rules.yaml": "# nothing yet\n", "one.yaml": Self.caseYAML("one")])
        #expect(
            scratch.problems(scratch.load()) == [
                "rules.yaml:1:1: error: expected a list of rules in the rule catalogue, found no document"
            ]
        )
    }

    /// A YAML-level problem in a catalogue is said alone, not followed by what the catalogue's
    /// reader makes of the document the composer could not give it ("found no document").
    @Test func aCatalogueThatIsNotYAMLIsOneDiagnostic() throws {
        let scratch = try SpecScratch(["rules.yaml": "- id: [a\n", "one.yaml": Self.caseYAML("one")])
        let problems = scratch.problems(scratch.load())
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("rules.yaml:2:1: error: YAML syntax error") == true, "\(problems)")
        let seeds = try Self.quoting(seeds: "- {file: 001.txt\n", ["one.yaml": Self.caseYAML("one")])
        let seedProblems = seeds.problems(seeds.load())
        #expect(seedProblems.count == 1, "\(seedProblems)")
        #expect(seedProblems.first?.hasPrefix("seeds.yaml:2:1: error: YAML syntax error") == true, "\(seedProblems)")
    }
}
