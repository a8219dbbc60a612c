import Foundation
import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

/// The cases `iamspec explore` writes (``Exploration``), explored on engines of the catalogue's
/// behaviours, in process: each reaches the difference its title names with no known difference
/// before it, or says it could not (issue 85, point 2); each is filed under the rule its
/// difference is about (point 4); none rests on what a capability the engine lacks stands for
/// (point 3).
@Suite("Exploration's cases")
struct ExplorationTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let rulesPath = root.appendingPathComponent("Specs/rules.yaml").path
    private static let catalogue = SuiteLoader.load(
        paths: [rulesPath],
        jobs: 1,
        catalogue: rulesPath,
        stoppingWhen: { false }
    ).rules

    private static func behaviours(_ ids: [String]) throws -> [Behaviour] {
        try ids.map { try #require(BehaviourCatalogue.behaviour(id: $0), "\($0)") }
    }

    /// The case of `yaml`, read back beside the rule catalogue.
    private static func readBack(_ yaml: String, id: String) throws -> SpecCase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explored-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("\(id).yaml"), atomically: true, encoding: .utf8)
        let suite = SuiteLoader.load(paths: [folder.path], jobs: 1, catalogue: rulesPath, stoppingWhen: { false })
        #expect(suite.diagnostics.isEmpty, "\(suite.diagnostics.map(\.message))\n\(yaml)")
        return try #require(suite.cases.first, "\(yaml)")
    }

    /// The cases a check saw fail on the reference engine.
    private final class FailedOnReference {
        var cases: [String] = []
    }

    /// A check as `explore` makes it, but for where the case fails: kept when, read back, it passes
    /// on the reference engine and fails on `engine`, at any step. Each case it saw fail on the
    /// reference engine is added to `failedOnReference`.
    private static func check(
        on engine: any EngineProvider,
        failedOnReference: FailedOnReference? = nil
    ) -> (String, String) -> Exploration.CaseCheck {
        { yaml, id in
            guard let specCase = try? readBack(yaml, id: id), let profile = specCase.profiles.first else {
                return .withheld("not read back")
            }
            let onReference = CaseExecutor(provider: ReferenceEngineProvider(), rules: []).execute(
                specCase,
                profile: profile
            )
            guard onReference.status == .passed else {
                failedOnReference?.cases.append(yaml)
                return .withheld("failed on the reference engine: \(onReference.message)")
            }
            let onEngine = CaseExecutor(provider: engine, rules: []).execute(specCase, profile: profile)
            return onEngine.status == .failed ? .kept : .withheld("\(onEngine.status)")
        }
    }

    /// The line of the last `expect` of a case: the check of its difference.
    private static func lastExpectation(of specCase: SpecCase) throws -> IAMSpec.SourceLocation {
        try #require(specCase.steps.last { if case .expectation = $0.action { true } else { false } }).location
    }

    // MARK: Point 2: a case reaches its own difference, no known one first

    /// An engine with two behaviours, one known: Firebase's impression logged after 5 s on screen
    /// (known), and waiting messages that leave first in, first out. Most scenarios that reach the
    /// second show a message first, whose impression the reference rules log at once: the case
    /// would fail there, at the known difference. Each written case fails on the engine first at
    /// the check of its difference, its title saying what the reference rules observe there: the
    /// impression logged later checked with the display once time has passed; where no scenario
    /// avoids the known one, it says so and names it.
    @Test func eachCaseReachesItsDifferenceWithNoKnownOneFirst() throws {
        let firebase = "impression-after-5-seconds-on-screen+reeligibility-from-impression"
        let known = try Self.behaviours([firebase])
        let engine = FailureExplainer.inProcess(try Self.behaviours([firebase, "stack-fifo"]))
        let exploration = Exploration(engine: engine, known: known, rules: Self.catalogue, count: 300, repeats: 1)
        let outcome = exploration.run(checking: Self.check(on: engine))
        let kept = outcome.differences.filter { $0.withheld == nil }
        #expect(!kept.isEmpty, "\(outcome.differences.map(\.signature))")
        for difference in kept {
            let specCase = try Self.readBack(difference.yaml, id: difference.caseID)
            let profile = try #require(specCase.profiles.first)
            let onEngine = CaseExecutor(provider: engine, rules: []).execute(specCase, profile: profile)
            #expect(onEngine.status == .failed)
            #expect(
                onEngine.location == (try Self.lastExpectation(of: specCase)),
                "fails first at its own difference, not a known one: \(onEngine.message)\n\(difference.yaml)"
            )
            #expect(specCase.title == difference.signature)
            #expect(!difference.signature.contains("known behaviours"), "\(difference.signature)")
            #expect(!difference.knownFirst)
        }
        // The impression the engine logs later is checked with the display, in one `expect` after
        // time passed: the case reaches its difference past it.
        #expect(
            kept.contains { difference in
                let lines = difference.yaml.split(separator: "\n")
                return zip(lines, lines.dropFirst()).contains { step, next in
                    // A message of no delay, shown before the advance: its display checked after it.
                    guard step.hasPrefix("    - advance: "), next.hasPrefix("    - expect: {sequence: [{displayed: "),
                        let id = next.dropFirst("    - expect: {sequence: [{displayed: ".count).split(separator: "}")
                            .first
                    else { return false }
                    return lines.contains { $0.hasPrefix("      - {id: \(id),") && !$0.contains("delay:") }
                }
            },
            "\(kept.map(\.yaml))"
        )
        let unavoided = outcome.differences.filter(\.knownFirst)
        #expect(!unavoided.isEmpty, "some differences need a message shown first")
        for difference in unavoided {
            let reason = try #require(difference.withheld)
            #expect(
                reason.hasPrefix(
                    "it could not be made to reach its difference with no known difference before it or at its step: "
                ),
                "\(reason)"
            )
            #expect(reason.hasSuffix("(known: \(firebase))"), "\(reason)")
            #expect(difference.signature.contains(" the reference rules with its known behaviours observe "))
        }
    }

    // MARK: Point 4: the rule of its subject

    /// A rule proposed for what the difference is about, not for the kind of its step: each
    /// behaviour's differences under its own rule.
    @Test(
        arguments: [
            // A foreground or relaunch that starts a session: not `reenqueue.background`.
            (
                "session-start-fired-at-app-foreground+app-foreground-fetches-messages", "triggers.session-start",
                ["at foreground", "at relaunch"]
            ),
            // Messages kept after a user change, shown by a later event: not the event's trigger.
            ("change-user-keeps-delivered", "stack.change-user-clears", ["at custom_event", "at purchase"]),
            // Waiting messages first in, first out: not the trigger of the step that shows one.
            ("stack-fifo", "stack.lifo", ["at purchase", "at custom_event", "at push_click"]),
        ]
    )
    func eachDifferenceIsFiledUnderTheRuleOfItsSubject(behaviour: String, rule: String, steps: [String]) throws {
        let engine = FailureExplainer.inProcess(try Self.behaviours([behaviour]))
        let outcome = Exploration(engine: engine, rules: Self.catalogue, count: 300, repeats: 1)
            .run(checking: Self.check(on: engine))
        let atSteps = outcome.differences.filter { difference in
            steps.contains { difference.signature.hasPrefix($0 + ",") }
        }
        #expect(!atSteps.isEmpty, "\(outcome.differences.map(\.signature))")
        for difference in atSteps {
            #expect(difference.rule == rule, "\(difference.signature)")
            #expect(!difference.ruleIsProposed, "a behaviour answers as the engine: \(difference.signature)")
            #expect(difference.yaml.contains("\n  rules: [\(rule)"), "\(difference.yaml)")
        }
    }

    /// An engine that logs a click on each message it shows, unclicked: no behaviour of the
    /// catalogue does, so the rule each case is filed under is only proposed, and the case says so.
    @Test func aDifferenceNoBehaviourAnswersIsFiledUnderAProposedRuleTheCaseNames() throws {
        let engine = Rewritten.clickedAtDisplay(ReferenceEngineProvider())
        let outcome = Exploration(engine: engine, rules: Self.catalogue, count: 100, repeats: 1)
            .run(checking: Self.check(on: engine))
        let kept = outcome.differences.filter { $0.withheld == nil }
        #expect(!kept.isEmpty, "\(outcome.differences.map(\.signature))")
        for difference in kept {
            #expect(difference.ruleIsProposed, "\(difference.signature)")
            #expect(
                difference.yaml.contains(
                    "\n# Filed under \(difference.rule) as proposed: no behaviour of the catalogue"
                ),
                "\(difference.yaml)"
            )
        }
    }

    /// An engine whose click closes the message (known) and observes its dismissal and the
    /// click's log in the other order: the order is no case of its own (the reference rules observe the click's log
    /// alone, and its dismissal is the known difference), its title says what the reference rules
    /// observe, and it is filed under the rule of a dismissal's observation, not the rule that a
    /// dismissal shows nothing more.
    @Test func aClickObservedInAnotherOrderIsFiledUnderTheDismissalAndSaysWhatTheReferenceObserves() throws {
        let known = try Self.behaviours(["click-closes-message"])
        let engine = Rewritten.dismissedBeforeTheClick(FailureExplainer.inProcess(known))
        let outcome = Exploration(engine: engine, known: known, rules: Self.catalogue, count: 300, repeats: 1)
            .run(checking: Self.check(on: engine))
        let atClick = outcome.differences.filter { $0.signature.hasPrefix("at click,") }
        #expect(!atClick.isEmpty, "\(outcome.differences.map(\.signature))")
        for difference in atClick {
            #expect(difference.rule == "stack.dismissal-observed", "\(difference.signature)")
            #expect(difference.knownFirst, "\(difference.withheld ?? "held")")
            let title = try #require(difference.yaml.split(separator: "\n").first { $0.hasPrefix("  title: ") })
            #expect(
                title.hasSuffix("where the reference rules observe nothing\""),
                "the reference rules observe the click's log alone: \(title)"
            )
        }
    }

    // MARK: Point 3: nothing that rests on a capability the engine lacks

    /// An engine that declares no `assets` and still discards a legacy full message without an
    /// image (`missing_image`), as the Python kit's example engine does: the reference rules of an
    /// engine without `assets` show it, the reference engine, which has them, does not. No case
    /// rests on it: none is written that fails on the reference engine, and the engine, the
    /// reference engine in every other way, differs in nothing.
    @Test func noCaseRestsOnWhatALackedCapabilityStandsFor() throws {
        let engine = ObservedByTheEngine(
            base: ReferenceEngineProvider(),
            capabilities: Set(Capability.allCases).subtracting([.assets]),
            declaring: true,
            goingWithoutWhatItLacks: false
        )
        let failedOnReference = FailedOnReference()
        let outcome = Exploration(engine: engine, rules: Self.catalogue, count: 1_000, repeats: 1)
            .run(checking: Self.check(on: engine, failedOnReference: failedOnReference))
        #expect(failedOnReference.cases.isEmpty, "\(failedOnReference.cases)")
        #expect(outcome.differences.isEmpty, "\(outcome.differences.map(\.signature))")
    }
}

/// The base engine with its answers rewritten: `rewrite` is given each stimulus and the base's
/// answer to it, and says what the engine observes instead.
private struct Rewritten: EngineProvider {
    var base: any EngineProvider
    var rewrite: @Sendable (Stimulus, [Observation]) -> [Observation]

    var description: EngineDescription { base.description }

    /// An engine that observes a click's dismissal and its log in the other order.
    static func dismissedBeforeTheClick(_ base: any EngineProvider) -> Rewritten {
        Rewritten(base: base) { stimulus, observed in
            guard case .messageClicked = stimulus else { return observed }
            return observed.reversed()
        }
    }

    /// An engine that logs a click on each message it shows, as no engine of the catalogue does.
    static func clickedAtDisplay(_ base: any EngineProvider) -> Rewritten {
        Rewritten(base: base) { _, observed in
            observed.flatMap { observation -> [Observation] in
                guard case .displayed(let id, _) = observation else { return [observation] }
                return [observation, .clickLogged(id)]
            }
        }
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(base: try base.makeEngine(for: setup), rewrite: rewrite)
    }

    private struct Engine: DeliveryEngine {
        var base: any DeliveryEngine
        let rewrite: @Sendable (Stimulus, [Observation]) -> [Observation]

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            rewrite(stimulus, try base.handle(stimulus))
        }

        mutating func endCase() throws {
            try base.endCase()
        }
    }
}
