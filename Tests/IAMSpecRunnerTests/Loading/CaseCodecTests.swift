import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// A loaded suite holds its cases encoded (``CompactCase``), but for those of its first files,
/// kept as models: decoding one gives back the very case the YAML decoder made, every stored field
/// of it (a field the codec leaves out fails here), and a suite is the same either way.
@Suite struct CaseCodecTests {
    private static let repository = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent().path

    @Test func everyBundledCaseDecodesAsItWasLoaded() throws {
        let files = try Self.yamlFiles(under: Self.repository + "/Specs") + Self.yamlFiles(under: FixturePaths.root)
        var checked = 0
        for file in files {
            for original in Self.decodedCases(file) {
                let decoded = CompactCase.encode([original])[0].decoded()
                #expect(DeepDescription.of(decoded) == DeepDescription.of(original), "\(original.id) in \(file)")
                checked += 1
            }
        }
        #expect(checked >= 245)
    }

    @Test func aCaseWithEverySettingDecodesAsItWas() {
        let original = Self.everySetting
        let compact = CompactCase.encode([
            SpecCase(id: "first", title: "t", rules: [], messages: [], steps: [], location: Self.place), original,
        ])
        #expect(compact.map(\.id) == ["first", "every-setting"])
        #expect(compact[1].tags == original.tags)
        #expect(compact[1].profiles == original.profiles)
        let decoded = compact[1].decoded()
        #expect(DeepDescription.of(decoded) == DeepDescription.of(original))
        #expect(decoded.requires == original.requires)
        #expect(decoded.messages == original.messages)
        #expect(decoded.configuration == original.configuration)
        #expect(decoded.steps.map(\.action) == original.steps.map(\.action))
        #expect(decoded.steps.map(\.location) == original.steps.map(\.location))
    }

    @Test func theComparisonSeesAChangeDeepInACase() {
        var changed = Self.everySetting
        changed.messages[1].zipOnLaterDeliveries = [.fails]
        #expect(DeepDescription.of(changed) != DeepDescription.of(Self.everySetting))
        var moved = Self.everySetting
        moved.steps[0].location.column += 1
        #expect(DeepDescription.of(moved) != DeepDescription.of(Self.everySetting))
    }

    @Test func aLoadedSuiteGivesItsCasesWholeAndTakesThemBack() {
        var suite = SuiteLoader.load(paths: [FixturePaths.root + "/loading/valid"])
        let cases = suite.cases
        #expect(cases.map(\.id) == suite.compactCases.map(\.id))
        suite.cases = [Self.everySetting] + cases
        #expect(suite.compactCases.map(\.id) == ["every-setting"] + cases.map(\.id))
        #expect(DeepDescription.of(suite.cases) == DeepDescription.of([Self.everySetting] + cases))
    }

    @Test func theSuiteIsTheSameWhetherItsCasesAreKeptOrEncoded() {
        let specs = Self.repository + "/Specs"
        let kept = SuiteLoader.load(paths: [specs], jobs: 2, stoppingWhen: { false })
        let encoded = SuiteLoader.load(paths: [specs], jobs: 2, modelBudget: 0, stoppingWhen: { false })
        let some = SuiteLoader.load(paths: [specs], jobs: 1, modelBudget: 200_000, stoppingWhen: { false })
        #expect(kept.compactCases.count >= 300)
        #expect(DeepDescription.of(kept.cases) == DeepDescription.of(encoded.cases))
        #expect(DeepDescription.of(some.cases) == DeepDescription.of(encoded.cases))
    }

    @Test func theModelBudgetKeepsTheFilesThatFit() {
        let budget = ModelBudget(bytes: 100)
        let held = CompactCase.hold([Self.everySetting], size: 60, within: budget)
        let refused = CompactCase.hold([Self.everySetting], size: 60, within: budget)
        #expect(DeepDescription.of(held[0].decoded()) == DeepDescription.of(Self.everySetting))
        #expect(DeepDescription.of(refused[0].decoded()) == DeepDescription.of(Self.everySetting))
        // The first took 60 bytes; the second did not fit, and took nothing.
        #expect(!budget.take(41))
        #expect(budget.take(40))
        #expect(!budget.take(1))
        #expect(budget.take(0))
    }

    private static let place = SourceLocation(file: "Specs/area/every.yaml", line: 3, column: 5)

    /// Every kind of step, stimulus, pattern, trigger, filter and value, and every message setting
    /// away from its default.
    private static let everySetting: SpecCase = {
        let filters = PropertyFilters(groups: [
            [
                PropertyCondition(property: "s", comparison: .equals(.string("x"))),
                PropertyCondition(property: "i", comparison: .notEquals(.integer(-7))),
            ],
            [
                PropertyCondition(property: "r", comparison: .greaterThan(1.5)),
                PropertyCondition(property: "r", comparison: .lessThan(-2.25)),
                PropertyCondition(property: "r", comparison: .atLeast(0)),
                PropertyCondition(property: "r", comparison: .atMost(1e300)),
            ],
            [
                PropertyCondition(property: "m", comparison: .matches(regex: "^a.*")),
                PropertyCondition(property: "m", comparison: .doesNotMatch(regex: "b+")),
                PropertyCondition(property: "e", comparison: .exists),
                PropertyCondition(property: "d", comparison: .doesNotExist),
            ],
            [
                PropertyCondition(property: "t", comparison: .withinLast(.seconds(5))),
                PropertyCondition(property: "t", comparison: .moreThanAgo(VirtualTime(milliseconds: 1))),
                PropertyCondition(property: "t", comparison: .lessThanInFuture(.seconds(7))),
                PropertyCondition(property: "t", comparison: .moreThanInFuture(.seconds(86_400))),
                PropertyCondition(property: "b", comparison: .equals(.boolean(true))),
                PropertyCondition(property: "v", comparison: .equals(.real(-0.0))),
                PropertyCondition(property: "w", comparison: .equals(.time(.seconds(-3)))),
            ],
        ])
        let plain = InAppMessage(id: "plain")
        let everything = InAppMessage(
            id: "everything",
            type: .modalImage,
            priority: -2.5,
            triggers: [
                .anyPurchase, .specificPurchase(product: "p", filters: filters), .sessionStart,
                .customEvent(name: "e", filters: PropertyFilters()), .pushClick(campaign: nil),
                .pushClick(campaign: "c"),
            ],
            orientation: .landscape,
            image: .pending,
            zip: .fails,
            extras: ["k": "v", "é": "ü"],
            delay: VirtualTime(milliseconds: 1_500),
            timeout: .seconds(9),
            reeligibility: .zero,
            isTestSend: true,
            minimumTriggerInterval: .seconds(4),
            start: .seconds(-1),
            end: .seconds(99),
            isControl: true,
            imageOnLaterDeliveries: [.fails, .succeeds],
            zipOnLaterDeliveries: [.pending]
        )
        let local = InAppMessage(id: "local", type: .html, triggers: [], image: .succeeds)
        let stimuli: [Stimulus] = [
            .sessionStarted(syncPending: true), .sessionStarted(syncPending: false), .sessionSyncCompleted,
            .sessionEnded, .appRelaunched,
            .customEvent(
                CustomEvent(name: "e", properties: ["a": .integer(Int64.min), "b": .string("")], source: .api)
            ),
            .purchase(Purchase(product: "p", price: 9.99, properties: ["q": .real(.infinity)], source: .sdk)),
            .pushClicked(campaign: nil), .pushClicked(campaign: "c"), .appOpenedFromPush(campaign: "d"),
            .appOpenedFromPush(campaign: nil), .timeAdvanced(by: VirtualTime(milliseconds: Int64.max)),
            .appBackgrounded,
            .appForegrounded, .deviceRotated(to: .landscape), .keyboardShown, .keyboardHidden,
            .assetDownloadSettled(message: "everything", succeeded: false),
            .delegateChoiceSet(message: "plain", choice: .rollback), .messageDismissed("plain"),
            .messageClicked("everything"), .displayNextRequested, .localMessagePresented(local),
            .userChanged(to: "u"), .stackInspected,
        ]
        let expectations = [
            Expectation(sequence: []),
            Expectation(
                sequence: [
                    .displayed(.id("plain"), extras: nil), .displayed(.any, extras: ["k": "v"]),
                    .stacked(.any, reason: nil), .stacked(.id("a"), reason: .delegateLater),
                    .discarded(.id("b"), reason: .missingImage), .discarded(.any, reason: nil),
                    .rolledBack(.id("c")), .dismissed(.any), .noMatchingTrigger(nil),
                    .noMatchingTrigger(.sessionStart), .noMatchingTrigger(.customEvent(name: "n")),
                    .noMatchingTrigger(.purchase(product: "p")), .noMatchingTrigger(.pushClick(campaign: nil)),
                    .noMatchingTrigger(.pushClick(campaign: "c")), .impressionLogged(.id("i")), .clickLogged(.any),
                ],
                contains: [.dismissed(.id("x"))],
                absent: [.clickLogged(.id("y"))],
                stack: ["plain", "everything"]
            ),
            Expectation(absent: []),
            Expectation(stack: []),
        ]
        var steps = stimuli.enumerated().map { index, stimulus in
            Step(.stimulus(stimulus), location: SourceLocation(file: place.file, line: 10 + index, column: 3))
        }
        steps += expectations.map {
            Step(.expectation($0), location: SourceLocation(file: "other.yaml", line: 1, column: 1))
        }
        // A location beyond 32 bits, which a step stores on the heap.
        steps.append(
            Step(.stimulus(.stackInspected), location: SourceLocation(file: "wide", line: -1, column: 1 << 40))
        )
        return SpecCase(
            id: "every-setting",
            title: "Every setting, “quoted”",
            rules: ["a.rule", "b.rule"],
            tags: ["x", "y"],
            profiles: [.appboyLegacy],
            requires: [.keyboard, .assets, .pushOpen],
            configuration: EngineConfiguration(
                minimumTriggerInterval: VirtualTime(milliseconds: 2_500),
                device: .tablet,
                orientation: .landscape,
                delegate: .implemented
            ),
            messages: [plain, everything],
            steps: steps,
            location: place
        )
    }()

    /// The cases the YAML decoder makes of a file, before the loader encodes them.
    private static func decodedCases(_ file: String) -> [SpecCase] {
        guard let bytes = FileManager.default.contents(atPath: file) else { return [] }
        var decoder = CaseDecoder(file: file, catalogue: nil)
        let problems = YAMLComposer(file: file).compose([UInt8](bytes)) { decoder.decode(document: $0) }
        return problems.isEmpty ? decoder.cases : []
    }

    private static func yamlFiles(under folder: String) throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder)
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
    }
}

/// Every stored value of a value, written out in full (private fields and objects' fields too),
/// a dictionary's or set's entries sorted: two values are written alike exactly when they hold
/// the same, whatever their types' `Equatable` (`SpecCase` has none) compares.
enum DeepDescription {
    static func of(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case nil:
            return String(reflecting: value)
        case .dictionary?, .set?:
            return "[" + mirror.children.map { of($0.value) }.sorted().joined(separator: ", ") + "]"
        case .enum? where mirror.children.isEmpty:
            return "\(mirror.subjectType).\(value)"
        default:
            let children = mirror.children.map { "\($0.label ?? "_"): \(of($0.value))" }
            return "\(mirror.subjectType)(\(children.joined(separator: ", ")))"
        }
    }
}
