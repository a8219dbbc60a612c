import Foundation
import Testing

@testable import IAMSpecRunner

/// A rule's source that cites code names its repository, version or commit, file and function
/// (`OWNER/REPO@VERSION:PATH#FUNCTION`), and the bundled catalogue says for every rule whether
/// Braze's Web SDK follows it (Specs/README.md, "The rule catalogue" and "Platforms").
@Suite struct RuleCitationTests {
    static let specs = FixturePaths.root.replacingOccurrences(of: "/Fixtures", with: "/Specs")

    static func catalogue(source: String, platforms: String = "") -> String {
        """
        - id: area.rule
          title: A rule.
          kind: clarification
          source: '\(source)'\(platforms)
        """
    }

    @Test(arguments: [
        "braze-inc/braze-swift-sdk@18.2.0:Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift#presentNext()",
        "owner/repo@v4.8.0:dist/BrazeKit.common.js#gr.je (what it does)",
        "see (owner/repo@8080981b0ae3:a/b.h#f), and semantics notes, point 1",
        "Braze docs on campaign priority; a.json and e.g. the CHANGELOG.md",
    ])
    func aCitationWithItsVersionFileAndFunctionIsAccepted(_ source: String) throws {
        #expect(CodeCitation.problems(in: source) == [])
        let scratch = try SpecScratch(["rules.yaml": Self.catalogue(source: source)])
        #expect(scratch.problems(scratch.load()) == [])
    }

    @Test func aCodeSourceWithoutAVersionIsRefusedAtItsPlace() throws {
        let source =
            "mparticle-integrations/mparticle-javascript-integration-braze@master-v4:dist/BrazeKit.common.js#gr.je"
        let scratch = try SpecScratch(["rules.yaml": Self.catalogue(source: source)])
        #expect(
            scratch.problems(scratch.load()) == [
                "rules.yaml:4:11: error: a source that cites code must name what it read: '\(source)' names no version "
                    + "or commit of mparticle-integrations/mparticle-javascript-integration-braze (found 'master-v4'); "
                    + "expected a version such as 18.2.0 or v4.8.0, or a commit of 7 to 40 lowercase hex digits"
            ]
        )
    }

    @Test func aCodeFileNamedWithoutItsRepositoryIsRefused() throws {
        let scratch = try SpecScratch([
            "rules.yaml": Self.catalogue(source: "braze-swift-sdk, Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift")
        ])
        #expect(
            scratch.problems(scratch.load()) == [
                "rules.yaml:4:11: error: a source that cites code must name what it read: "
                    + "'Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift' names a code file without its repository "
                    + "and version; expected OWNER/REPO@VERSION:PATH#FUNCTION (a version or a commit)"
            ]
        )
    }

    @Test(arguments: [
        ("owner/repo@18.2.0:Sources/A.swift", "names no function"),
        ("owner/repo@18.2.0:Sources/A.swift# and more", "names no function"),
        ("owner/repo@main:Sources/A.swift#f", "names no version or commit"),
        ("owner/repo@12345:Sources/A.swift#f", "names no version or commit"),
        ("in `ABKInAppMessageUIController.m`", "without its repository"),
        ("(InAppMessageUIExt.swift#createMessageView)", "without its repository"),
    ])
    func eachWayOfLeavingSomethingOutIsNamed(_ source: String, _ words: String) {
        let problems = CodeCitation.problems(in: source)
        #expect(problems.count == 1)
        #expect(problems.first?.contains(words) == true, "\(problems)")
    }

    @Test func platformsAreReadAndADifferenceNeedsItsCode() throws {
        let follows = "\n  platforms:\n    web: follows"
        var scratch = try SpecScratch(["rules.yaml": Self.catalogue(source: "s", platforms: follows)])
        var suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        #expect(suite.rules.rule("area.rule")?.platforms == Rule.Platforms(web: .follows))

        scratch = try SpecScratch([
            "rules.yaml": Self.catalogue(source: "s", platforms: "\n  platforms:\n    web: differs")
        ])
        suite = scratch.load()
        #expect(
            scratch.problems(suite) == [
                "rules.yaml:6:5: error: missing required key 'note' in 'platforms' whose 'web' is 'differs': show the code"
            ]
        )
    }

    @Test func everyBundledRuleSaysWhetherTheWebSDKFollowsIt() throws {
        let suite = SuiteLoader.load(paths: [Self.specs])
        #expect(suite.diagnostics.isEmpty)
        #expect(suite.rules.rules.count >= 80)
        for rule in suite.rules.rules {
            let platforms = try #require(rule.platforms, "\(rule.id) has no platforms entry")
            if platforms.web == .differs { #expect(platforms.note != nil, "\(rule.id)") }
        }
    }

    @Test func everyBundledCitationOfCodeNamesItsVersion() throws {
        let suite = SuiteLoader.load(paths: [Self.specs])
        let cited = suite.rules.rules.compactMap(\.source).filter { $0.contains("@") && $0.contains("#") }
        #expect(cited.count >= 30)
        for source in suite.rules.rules.compactMap(\.source) { #expect(CodeCitation.problems(in: source) == []) }
    }
}
