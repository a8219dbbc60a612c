import IAMSpec
import IAMSpecRunner

/// What the documentation site shows, arranged once for both renderers (HTML and Markdown):
/// the rule areas in catalogue order, each with its rules and the cases filed under it (the area
/// of a case's first rule), the seed documents the rules quote, and the conformance matrix when
/// results were given.
struct SiteContent: Sendable {
    /// Where a quote comes from, as a reader is told: the seed's title, language and SDK
    /// generation when the seed catalogue describes it (else its file name alone), and the
    /// passage on the seed's page when the site has one.
    struct Citation: Sendable {
        /// The seed's file name.
        var file: String
        /// The seed as `seeds.yaml` describes it; nil when it does not.
        var seed: Seed?
        /// The quote's language, in English: `Portuguese`.
        var language: String
        /// The seed's page (its page name), when its text was given.
        var page: String?
        /// The passage's anchor on that page, when the text holds the quote.
        var anchor: String?
    }

    /// One rule area: a page of the site.
    struct Area: Sendable {
        var name: String
        /// The page's file name, without extension, from the name through ``DerivedFileNames``.
        var pageName: String
        var rules: [Rule]
        /// In file order (file, then line), as their authors arranged them.
        var cases: [SpecCase]
    }

    var areas: [Area]
    /// The ids of the cases that check each rule (by the case's `rules`, or an `expect` step's), sorted.
    var casesByRule: [String: [String]]
    /// The page name (``Area/pageName``) of the area each case is on.
    var pageOfCase: [String: String]
    /// The page name (``Area/pageName``) of the area of each of the catalogue's rules.
    var pageOfRule: [String: String]
    var matrix: ConformanceMatrix?
    /// The public engines' results (the field page, each rule's "In the field"), when given.
    var field: FieldView?
    var caseCount: Int
    var ruleCount: Int
    /// The seed documents, as `seeds.yaml` describes them.
    var seeds: SeedCatalogue
    /// A page per seed whose text was given, in the order of the seed catalogue, then by file name.
    var seedPages: [SeedPage]
    /// The rules that quote each seed (by file name), in catalogue order.
    var rulesQuotingSeed: [String: [String]]

    init(
        cases: [SpecCase],
        rules: RuleCatalogue,
        matrix: ConformanceMatrix?,
        field: FieldView? = nil,
        seeds: SeedCatalogue = SeedCatalogue(),
        seedTexts: [String: String] = [:]
    ) {
        var order: [String] = []
        var rulesByArea: [String: [Rule]] = [:]
        for rule in rules.rules {
            if rulesByArea[rule.area] == nil { order.append(rule.area) }
            rulesByArea[rule.area, default: []].append(rule)
        }
        var casesByArea: [String: [SpecCase]] = [:]
        var areaOfCase: [String: String] = [:]
        var casesByRule: [String: [String]] = [:]
        for specCase in cases {
            let area = specCase.rules.first.map { String($0.prefix { $0 != "." }) } ?? "uncategorized"
            casesByArea[area, default: []].append(specCase)
            areaOfCase[specCase.id] = area
            for rule in Self.rulesChecked(by: specCase) { casesByRule[rule, default: []].append(specCase.id) }
        }
        order += casesByArea.keys.filter { rulesByArea[$0] == nil }.sorted()
        let pageNames = DerivedFileNames.fileNames(for: order, fallback: "area")
        self.areas = zip(order, pageNames).map { name, pageName in
            Area(
                name: name,
                pageName: pageName,
                rules: rulesByArea[name] ?? [],
                cases: (casesByArea[name] ?? []).sorted {
                    ($0.location.file, $0.location.line, $0.id) < ($1.location.file, $1.location.line, $1.id)
                }
            )
        }
        self.casesByRule = casesByRule.mapValues { $0.sorted() }
        // `order` holds the area of every rule and of every case.
        let pageOfArea = Dictionary(uniqueKeysWithValues: zip(order, pageNames))
        self.pageOfCase = areaOfCase.mapValues { pageOfArea[$0]! }
        self.pageOfRule = Dictionary(
            rules.rules.map { ($0.id, pageOfArea[$0.area]!) },
            uniquingKeysWith: { first, _ in first }
        )
        self.matrix = matrix
        self.field = field
        self.caseCount = cases.count
        self.ruleCount = rules.rules.count
        self.seeds = seeds
        var quotesOfSeed: [String: [String]] = [:]
        var rulesQuotingSeed: [String: [String]] = [:]
        for rule in rules.rules {
            for quote in rule.quotes {
                quotesOfSeed[quote.seed, default: []].append(quote.text)
                if rulesQuotingSeed[quote.seed]?.last != rule.id {
                    rulesQuotingSeed[quote.seed, default: []].append(rule.id)
                }
            }
        }
        self.rulesQuotingSeed = rulesQuotingSeed
        let described = seeds.seeds.map(\.file).filter { seedTexts[$0] != nil }
        let files = described + seedTexts.keys.filter { !described.contains($0) }.sorted()
        let seedPageNames = DerivedFileNames.fileNames(for: files, fallback: "seed")
        self.seedPages = zip(files, seedPageNames).map { file, pageName in
            // `files` holds only seeds whose text was given.
            SeedPage(file: file, pageName: pageName, text: seedTexts[file]!, quotes: quotesOfSeed[file] ?? [])
        }
    }

    /// Where the quote comes from, for its caption.
    func citation(of quote: Rule.Quote) -> Citation {
        let page = seedPages.first { $0.file == quote.seed }
        return Citation(
            file: quote.seed,
            seed: seeds.seed(quote.seed),
            language: Self.languageName(quote.language),
            page: page?.pageName,
            anchor: page?.anchor(ofQuote: quote.text)
        )
    }

    /// The rules the case checks: its own, then those its `expect` steps name that it does not.
    static func rulesChecked(by specCase: SpecCase) -> [String] {
        var rules = specCase.rules
        for step in specCase.steps {
            guard case .expectation(let expectation) = step.action else { continue }
            for rule in expectation.rules where !rules.contains(rule) { rules.append(rule) }
        }
        return rules
    }

    /// Every case, area by area, in page order.
    var casesInPageOrder: [SpecCase] {
        areas.flatMap(\.cases)
    }

    /// The English name of a BCP 47 language code the seeds use.
    static func languageName(_ code: String) -> String {
        switch code {
        case "en": "English"
        case "de": "German"
        case "ja": "Japanese"
        case "ko": "Korean"
        case "pt": "Portuguese"
        case "fr": "French"
        case "es": "Spanish"
        case "zh": "Chinese"
        default: code
        }
    }

    /// `Braze Swift SDK`, `legacy Appboy SDK`.
    static func profileName(_ profile: Profile) -> String {
        switch profile {
        case .brazeSwift: "Braze Swift SDK"
        case .appboyLegacy: "legacy Appboy SDK"
        }
    }

    /// The SDK generations, in words: `both SDK generations` when all.
    static func profilesText(_ profiles: [Profile]) -> String {
        Set(profiles) == Set(Profile.allCases)
            ? "both SDK generations" : profiles.sorted().map(profileName).joined(separator: ", ")
    }

    /// What the rule's `platforms` say of Braze's Web SDK, in words (Specs/README.md, "Platforms").
    static func webVerdictText(_ verdict: Rule.Platforms.Verdict) -> String {
        switch verdict {
        case .follows: "follows this rule."
        case .differs: "differs by design."
        case .unknown: "not compared with its code."
        }
    }

    /// `1 case`, `3 cases`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The text of a run for a results cell: `pass`, or per profile when they differ.
    static func runsText(_ runs: [CaseResult]) -> String {
        runs.map { "\($0.profile.rawValue): \(word($0.status))" + ($0.message.isEmpty ? "" : " (\($0.message))") }
            .joined(separator: "; ")
    }

    /// `pass`, `fail`, `error`, `skip`.
    static func word(_ status: CaseStatus) -> String {
        switch status {
        case .passed: "pass"
        case .failed: "fail"
        case .error: "error"
        case .skipped: "skip"
        }
    }
}
