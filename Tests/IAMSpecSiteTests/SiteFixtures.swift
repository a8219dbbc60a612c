import IAMSpec
import IAMSpecRunner

@testable import IAMSpecSite

/// A small suite for the site's tests: two areas, a clarification, a non-English quote, and
/// texts full of characters that HTML and Markdown must escape.
enum SiteFixtures {
    static let location = SourceLocation(file: "Specs/stack/cases.yaml", line: 1, column: 1)

    static let rules = RuleCatalogue(rules: [
        Rule(
            id: "stack.lifo",
            title: "Waiting messages show <last> in & first out",
            kind: .documented,
            quotes: [
                Rule.Quote(
                    seed: "000_seed.txt",
                    language: "pt",
                    text: "A pilha é `LIFO` <b>sempre</b>",
                    translation: "The stack is `LIFO` <b>always</b>"
                )
            ],
            note: "Top first.",
            platforms: Rule.Platforms(web: .differs, note: "No stack: `showInAppMessage` shows them <side> by side."),
            location: location
        ),
        Rule(
            id: "interval.default",
            title: "At most one message every 30 s",
            kind: .clarification,
            source: "Braze Web SDK \"trigger manager\"",
            location: location
        ),
        Rule(id: "interval.unused", title: "A rule no case checks", kind: .documented, location: location),
    ])

    static func specCase(_ id: String, title: String, rules: [String], line: Int) -> SpecCase {
        SpecCase(
            id: id,
            title: title,
            rules: rules,
            tags: ["smoke"],
            configuration: EngineConfiguration(minimumTriggerInterval: .seconds(30)),
            messages: [
                InAppMessage(
                    id: "promo",
                    priority: 2,
                    triggers: [.sessionStart, .customEvent(name: "<one>", filters: PropertyFilters())]
                )
            ],
            steps: [
                Step(.stimulus(.sessionStarted(syncPending: false)), location: location),
                Step(.stimulus(.timeAdvanced(by: .seconds(31))), location: location),
                Step(.expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])), location: location),
            ],
            location: SourceLocation(file: "Specs/\(rules[0].prefix { $0 != "." })/cases.yaml", line: line, column: 3)
        )
    }

    static let cases = [
        specCase("stack-one", title: "Shows <script>alert(\"x\")</script> & more", rules: ["stack.lifo"], line: 3),
        specCase(
            "interval-two",
            title: "Interval | pipes * and _stars_",
            rules: ["interval.default", "stack.lifo"],
            line: 9
        ),
    ]

    /// A results stream of these runs; `messages` gives a run's message by `id@profile`.
    static func results(
        engine: String,
        version: String = "1.0",
        _ statuses: [(String, Profile, CaseStatus)],
        messages: [String: String] = [:]
    ) -> RunSummary {
        let header = RunHeader(
            engine: EngineRecord(name: engine, version: version, profiles: Profile.allCases, capabilities: []),
            suitePaths: ["Specs"],
            selection: RunSelection(),
            jobs: 2,
            timeoutMilliseconds: 30_000,
            startedAt: "2026-02-03T04:05:06Z"
        )
        return RunSummary(
            header: header,
            results: statuses.map { id, profile, status in
                CaseResult(
                    caseID: id,
                    profile: profile,
                    title: id,
                    status: status,
                    message: messages["\(id)@\(profile.rawValue)"] ?? "",
                    location: location
                )
            }
        )
    }

    static func files(results: [RunSummary] = []) throws -> [String: String] {
        let files = try DocumentationSite.files(cases: cases, rules: rules, suitePaths: ["Specs"], results: results)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }
}
