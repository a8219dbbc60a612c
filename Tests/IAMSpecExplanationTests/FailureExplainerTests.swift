import Foundation
import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

@testable import IAMSpecExplanation

@Suite("Failing runs explained by behaviour")
struct FailureExplainerTests {
    private static let suite: LoadedSuite = {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs").path
        return SuiteLoader.load(paths: [specs])
    }()

    /// The bundled Specs run on `engine`, and the behaviours that explain its failures (agreeing
    /// with the runs it passed, unless `checkingPasses` is false).
    private static func explained(
        on engine: any EngineProvider,
        checkingPasses: Bool = true,
        only ids: Set<String>? = nil
    ) throws -> (RunSummary, [ExplainedBehaviour]) {
        var cost = FailureExplainer.Cost()
        return try explained(on: engine, checkingPasses: checkingPasses, only: ids, cost: &cost)
    }

    /// The same, of the cases `ids` only (all when nil), with what the explanation cost.
    private static func explained(
        on engine: any EngineProvider,
        checkingPasses: Bool = true,
        only ids: Set<String>? = nil,
        cost: inout FailureExplainer.Cost
    ) throws -> (RunSummary, [ExplainedBehaviour]) {
        let cases = try suite.cases.filter { ids?.contains($0.id) ?? true }
        let summary = ConformanceRun(engine: engine, options: RunOptions(jobs: 2)).run(cases: cases, rules: suite.rules)
        let byID = Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0) })
        let failures = summary.results.filter { $0.status == .failed }.compactMap { result in
            byID[result.caseID].map { FailureExplainer.Failure(result: result, specCase: $0) }
        }
        let passes = summary.results.filter { $0.status == .passed && checkingPasses }.compactMap { result in
            byID[result.caseID].map { FailureExplainer.Pass(specCase: $0, profile: result.profile) }
        }
        let behaviours = try FailureExplainer().explain(
            failures,
            passes: passes,
            capabilities: engine.description.capabilities,
            cost: &cost,
            engines: FailureExplainer.inProcess
        )
        return (summary, behaviours)
    }

    private static func engine(_ ids: String...) throws -> BehaviourEngineProvider {
        BehaviourEngineProvider(behaviour: try #require(BehaviourCatalogue.behaviour(id: ids.joined(separator: "+"))))
    }

    /// The behaviours of the names, each once (a pair's both members), none of them open.
    private static func members(_ names: [ExplainedBehaviour]) -> Set<String> {
        #expect(names.allSatisfy { !$0.isOpen })
        return Set(names.flatMap { $0.behaviour.split(separator: "+").map(String.init) })
    }

    /// Every failed run is listed once, under a behaviour or in one difference group.
    private static func expectEachFailedRunOnce(_ summary: RunSummary, _ behaviours: [ExplainedBehaviour]) {
        var summary = summary
        summary.behaviours = behaviours
        let explained = behaviours.flatMap(\.runs)
        let grouped = summary.differences.reduce(0) { $0 + $1.runs }
        #expect(Set(explained).count == explained.count)
        #expect(explained.count + grouped == summary.results.count { $0.status == .failed })
    }

    @Test func oneChangedBehaviourIsNamedAloneWithEveryFailedRun() throws {
        let (summary, behaviours) = try Self.explained(on: Self.engine("stack-fifo"))
        #expect(behaviours.map(\.behaviour) == ["stack-fifo"])
        #expect(behaviours.first?.rule == "stack.lifo")
        #expect(behaviours.first?.runs.count == summary.results.count { $0.status == .failed })
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func twoChangedBehavioursAreNamedEachWithItsRuns() throws {
        let (summary, behaviours) = try Self.explained(on: Self.engine("stack-fifo", "click-logged-every-time"))
        #expect(Set(behaviours.map(\.behaviour)) == ["stack-fifo", "click-logged-every-time"])
        #expect(behaviours.allSatisfy { !$0.runs.isEmpty })
        Self.expectEachFailedRunOnce(summary, behaviours)
        var explained = summary
        explained.behaviours = behaviours
        #expect(explained.differences.isEmpty)
    }

    @Test func threeChangedBehavioursThatMeetInTheSameRunsAreNamedEach() throws {
        let (summary, behaviours) = try Self.explained(
            on: Self.engine("dismiss-offers-next", "impression-at-ready", "priority-ties-first")
        )
        #expect(
            Self.members(behaviours) == ["dismiss-offers-next", "impression-at-ready", "priority-ties-first"]
        )
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func whatAnEngineSaysItCannotObserveIsNoBehaviourOfIts() throws {
        // An engine that keeps its waiting messages in a queue, and lacks the no-matching-trigger
        // callback and dismissals: it makes neither observation, as it said in its capabilities.
        let lacking: Set<Capability> = [.noMatchingTrigger, .dismissals]
        let engine = Lacking(lacking, of: try Self.engine("reenqueue-at-bottom"))
        let (summary, behaviours) = try Self.explained(on: engine)
        #expect(summary.failedCount > 0)
        #expect(behaviours.map(\.behaviour) == ["reenqueue-at-bottom"])
        #expect(behaviours.first?.alternatives == [])
        var explained = summary
        explained.behaviours = behaviours
        // stack-retrigger-moves-to-top dismisses a message: its replay's `dismissed` is not the
        // engine's difference either.
        #expect(explained.differences.map(\.rule) == [])
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func aBehaviourOutsideTheCatalogueStaysUnexplained() throws {
        let (summary, behaviours) = try Self.explained(on: ClicksLoggedTwice())
        #expect(summary.failedCount > 0)
        #expect(behaviours.isEmpty)
        var explained = summary
        explained.behaviours = behaviours
        #expect(!explained.differences.isEmpty)
        #expect(explained.differences.allSatisfy { $0.rule.hasPrefix("analytics.") })
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func aNameIsNotVetoedByADifferenceOnAChannelItDoesNotChange() throws {
        // Waiting messages leave first in, first out (a behaviour of the catalogue), and every
        // impression is logged twice (none of the catalogue's): where a run shows both, the first
        // is named for what it changes, and the impressions are its residue.
        let (summary, behaviours) = try Self.explained(on: impressionsLoggedTwice(try Self.engine("stack-fifo")))
        #expect(behaviours.map(\.behaviour) == ["stack-fifo"])
        let name = try #require(behaviours.first)
        #expect(!name.residues.isEmpty)
        #expect(name.residues.allSatisfy { $0.channels == ["analytics"] })
        #expect(Set(name.residues.map(\.run)).isSubset(of: Set(name.runs)))
        var explained = summary
        explained.behaviours = behaviours
        // The runs whose only difference is the impressions stay unexplained.
        #expect(!explained.differences.isEmpty)
        Self.expectEachFailedRunOnce(summary, behaviours)
        // Each run it names is one the behaviour alone fails, and alone it replays each exactly.
        let (_, alone) = try Self.explained(on: Self.engine("stack-fifo"))
        #expect(alone.flatMap(\.residues).isEmpty)
        #expect(Set(name.runs).isSubset(of: Set(alone.flatMap(\.runs))))
    }

    @Test func aRunTheReferenceEngineFailsTooIsExplainedByNothing() throws {
        // A case whose expectation is wrong: the reference engine fails it as any engine would,
        // and a behaviour that leaves the run as it is (most of the catalogue, here) would
        // reproduce the failure without being what the engine does differently.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explainer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        - id: area.rule
          title: A rule.
          kind: clarification
          source: https://example.com
        """.write(to: folder.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        try """
        - id: a.wrong-case
          title: A message shown at session start, expected not to be
          rules: [area.rule]
          given:
            messages:
              - {id: welcome, triggers: [session_start]}
          steps:
            - session_start
            - expect: nothing
        """.write(to: folder.appendingPathComponent("case.yaml"), atomically: true, encoding: .utf8)
        let loaded = SuiteLoader.load(paths: [folder.path])
        #expect(loaded.diagnostics.isEmpty)
        let summary = ConformanceRun(engine: ReferenceEngineProvider(), options: RunOptions(jobs: 1))
            .run(cases: try loaded.cases, rules: loaded.rules)
        let specCase = try #require(try loaded.cases.first)
        let failures = summary.results.filter { $0.status == .failed }.map {
            FailureExplainer.Failure(result: $0, specCase: specCase)
        }
        #expect(failures.count == 2)
        let behaviours = try FailureExplainer().explain(failures, engines: FailureExplainer.inProcess)
        #expect(behaviours.isEmpty)
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func aBehaviourThatFailsRunsTheEnginePassedIsNotNamed() throws {
        // Flipping the SDKs' click follow-up fails the same runs under the Swift SDK as holding
        // none under either, and the runs under the legacy SDK that such an engine passes.
        let engine = try Self.engine("click-holds-no-follow-up")
        let unchecked = try Self.explained(on: engine, checkingPasses: false).1
        #expect(unchecked.map(\.behaviour) == ["click-follow-up-flipped"])
        let (summary, behaviours) = try Self.explained(on: engine)
        #expect(behaviours.map(\.behaviour) == ["click-holds-no-follow-up"])
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func twoBehavioursThatFailARunAsAThirdAloneDoesAreNamedNotTheThird() throws {
        // Together they fail one run exactly as `interval-exclusive` alone does; that behaviour
        // also fails runs this engine passes, and the pair passes them. Without the passes, the
        // names held as one engine leave it out too: the pair, named for its other runs, replays
        // that run as well, and a behaviour the others make needless is no name.
        let (summary, behaviours) = try Self.explained(
            on: Self.engine("discarded-never-retriggered", "no-match-ignores-unavailable")
        )
        #expect(Self.members(behaviours) == ["discarded-never-retriggered", "no-match-ignores-unavailable"])
        #expect(behaviours.contains { $0.behaviour == "discarded-never-retriggered+no-match-ignores-unavailable" })
        Self.expectEachFailedRunOnce(summary, behaviours)
        let unchecked = try Self.explained(
            on: Self.engine("discarded-never-retriggered", "no-match-ignores-unavailable"),
            checkingPasses: false
        ).1
        #expect(!unchecked.map(\.behaviour).contains("interval-exclusive"))
        #expect(Self.members(unchecked) == ["discarded-never-retriggered", "no-match-ignores-unavailable"])
    }

    @Test func aBehaviourThatDepartsFromAFailingRunItDoesNotClaimIsNotNamed() throws {
        // An engine that waits its interval with a margin, from display and from dismissal, whose
        // behaviour the catalogue is made to lack: queueing a trigger met within the interval
        // replays some of its runs exactly and passes every run it passed, but in another run it
        // fails, the engine observes what the reference rules observe where a queued trigger
        // would have shown its message. That run refutes it.
        let left = "interval-with-margin-from-display-and-dismissal"
        let engine = try Self.engine(left)
        let cases = try Self.suite.cases
        let summary = ConformanceRun(engine: engine, options: RunOptions(jobs: 2)).run(
            cases: cases,
            rules: Self.suite.rules
        )
        let byID = Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0) })
        let failures = summary.results.filter { $0.status == .failed }.compactMap { result in
            byID[result.caseID].map { FailureExplainer.Failure(result: result, specCase: $0) }
        }
        let passes = summary.results.filter { $0.status == .passed }.compactMap { result in
            byID[result.caseID].map { FailureExplainer.Pass(specCase: $0, profile: result.profile) }
        }
        let explainer = FailureExplainer(catalogue: BehaviourCatalogue.all.filter { $0.id != left })
        func names(_ failures: [FailureExplainer.Failure]) throws -> [ExplainedBehaviour] {
            try explainer.explain(failures, passes: passes, engines: FailureExplainer.inProcess)
        }
        let queued = "trigger-in-interval-queued"
        let named = try names(failures)
        #expect(!named.map(\.behaviour).contains(queued))
        // Given only the runs it replays, with no other failing run to contradict it, it is named.
        let queuing = try #require(BehaviourCatalogue.behaviour(id: queued))
        let queuedRuns = try FailureExplainer(catalogue: [queuing]).candidates(
            failures,
            engines: FailureExplainer.inProcess
        )
        .filter { $0.hypotheses.map(\.behaviour) == [queued] }.map(\.run)
        let own = failures.filter { queuedRuns.contains($0.recorded.run) }
        #expect(!own.isEmpty)
        let alone = try names(own)
        #expect(alone.map(\.behaviour) == [queued])
        // The line says how many failing runs could have refuted each name given.
        for name in named where name.failingRuns > 0 {
            #expect(name.line.contains("and \(name.failingRuns) other failing run"))
        }
    }

    /// Behaviours a report named as another before it checked the runs the engine passed (or,
    /// for the first two, before the other behaviour was mended to break only its own rule).
    @Test(arguments: [
        "or-group-as-and", "test-send-not-exempt", "ready-skips-eligibility", "reeligibility-at-trigger-time",
        "reeligibility-from-dismissal", "rotation-dismisses-visible", "visible-before-background",
        "control-skips-delegate", "new-user-inherits-clocks", "anonymous-held-events-dropped",
        "shown-once-per-install", "priority-ignored", "click-holds-no-follow-up",
    ])
    func eachBehaviourIsNamedAloneForItsOwnRuns(_ id: String) throws {
        let (summary, behaviours) = try Self.explained(on: Self.engine(id))
        #expect(behaviours.map(\.behaviour) == [id])
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func aBehaviourIsNamedAloneForAnEngineThatLacksTheObservationsItsReplaysMake() throws {
        // An engine without `dismissals` and `no-matching-trigger` never reports a dismissal or
        // the callback, which the reference engine's replays of its runs do: the replays leave
        // them out as the engine does, so its one difference is named alone, with no partner
        // for the lack it declared, and no run is left unexplained.
        let engine = Lacking(
            [.dismissals, .noMatchingTrigger],
            of: try Self.engine("dismiss-offers-next")
        )
        let (summary, behaviours) = try Self.explained(on: engine)
        #expect(behaviours.map(\.behaviour) == ["dismiss-offers-next"])
        #expect(behaviours.first?.alternatives == [])
        Self.expectEachFailedRunOnce(summary, behaviours)
        var explained = summary
        explained.behaviours = behaviours
        #expect(explained.differences.isEmpty)
    }

    @Test func theNamesTogetherAreOneEngineThatPassesEveryPassAndReplaysEveryRunNamed() throws {
        // An engine that displays a message triggered in the background, and drops a message
        // that meets another on screen: in the background, a message triggered while another is
        // visible is dropped, exactly as `background-drops` alone does (and that behaviour
        // passes every run this engine passed). But the engine displays in the background
        // (`background-displays`, named for its other runs): the two cannot both be what it
        // does, and the behaviours named for the rest, together, replay those runs.
        var cost = FailureExplainer.Cost()
        let (summary, behaviours) = try Self.explained(
            on: Self.engine("background-displays", "message-visible-drops"),
            cost: &cost
        )
        #expect(Self.members(behaviours) == ["background-displays", "message-visible-drops"])
        let pair = behaviours.first { $0.behaviour == "background-displays+message-visible-drops" }
        #expect(pair?.runs.map(\.caseID).contains("reenqueue-background-reason-first") == true)
        Self.expectEachFailedRunOnce(summary, behaviours)
        // The check of the names together costs less than a tenth of the search's replays.
        #expect(cost.whole > 0 && cost.whole * 10 < cost.singles + cost.combinations + cost.passes, "\(cost)")
    }

    @Test func anEngineWithoutTimeoutIsNamedByWhatItDoesBesideTheLack() throws {
        // Iterable's engine (issue 67): it queues a trigger that comes inside the interval, has no
        // display deadline, and declares `timeout` lacking. A queued message shown more than 30 s
        // after its trigger is no difference of its own: it has no timeout, as it said. The
        // replays go without a deadline too, and its one difference is named alone.
        let engine = Lacking([.timeout], of: try Self.engine("trigger-in-interval-queued", "timeout-ignored"))
        let (summary, behaviours) = try Self.explained(on: engine)
        #expect(summary.failedCount > 0)
        #expect(behaviours.map(\.behaviour) == ["trigger-in-interval-queued"])
        #expect(behaviours.first?.alternatives == [])
        Self.expectEachFailedRunOnce(summary, behaviours)
        var explained = summary
        explained.behaviours = behaviours
        #expect(explained.differences.isEmpty)
    }

    @Test func anEngineWithoutPriorityIsNeverSaidToReadItTheWrongWayUp() throws {
        // OneSignal's engine (issue 67): its messages have no priority, the first delivered wins
        // and the others wait, each observed queued after it; it declares `priority` lacking.
        // Where the first delivered has the lower priority, "the lowest priority wins" replays the
        // run too, and in a smaller hypothesis: but an engine without priority reads none, the
        // wrong way up or not. Its runs are named by what it does without priority.
        let engine = Lacking(
            [.priority],
            of: try Self.engine(
                "priority-ignored",
                "priority-ties-first",
                "priority-losers-observed-stacked-after-winner"
            )
        )
        let (summary, behaviours) = try Self.explained(on: engine)
        #expect(summary.failedCount > 0)
        let named = Self.members(behaviours)
        #expect(!named.contains("priority-lowest-wins") && !named.contains("priority-every-match-shown-highest-first"))
        #expect(named == ["priority-ignored", "priority-ties-first", "priority-losers-observed-stacked-after-winner"])
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func twoWaysOfOneDecisionThatChangeARunOnlyTogetherAreNamedTogether() throws {
        // Leanplum's re-eligibility (issue 84): counted in whole seconds, and exceeded. 60.5 s
        // after a display with a 60-s period is past the period to the millisecond, and 60 whole
        // seconds reach it: neither way alone changes that run, so no pool of "what changes the
        // run" holds either. The behaviours of the rule its failing check names are paired all
        // the same.
        let (summary, behaviours) = try Self.explained(
            on: Self.engine("reeligibility-exclusive", "reeligibility-whole-seconds"),
            only: ["reeligibility-counted-to-the-millisecond", "reeligibility-after-period"]
        )
        #expect(summary.failedCount == 4)
        #expect(Self.members(behaviours) == ["reeligibility-exclusive", "reeligibility-whole-seconds"])
        Self.expectEachFailedRunOnce(summary, behaviours)
    }

    @Test func theSameFailuresGiveTheSameBehaviours() throws {
        let first = try Self.explained(on: Self.engine("stack-fifo", "click-logged-every-time")).1
        let second = try Self.explained(on: Self.engine("stack-fifo", "click-logged-every-time")).1
        #expect(first == second)
    }
}

/// The reference engine, but each click it logs is logged twice: a behaviour no entry of the
/// catalogue has.
private struct ClicksLoggedTwice: EngineProvider {
    var description: EngineDescription {
        var description = ReferenceEngineProvider().description
        description.name = "clicks-logged-twice"
        return description
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(inner: try ReferenceEngine(setup: setup))
    }

    struct Engine: DeliveryEngine {
        var inner: ReferenceEngine

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try inner.handle(stimulus).flatMap { observation -> [Observation] in
                if case .clickLogged = observation { return [observation, observation] }
                return [observation]
            }
        }
    }
}

/// An engine of the reference rules with a behaviour, lacking capabilities whose observations it
/// then never makes, as a partial engine declares and does.
private struct Lacking: EngineProvider {
    var lacking: Set<Capability>
    var base: any EngineProvider

    init(_ lacking: Set<Capability>, of base: any EngineProvider) {
        self.lacking = lacking
        self.base = base
    }

    var description: EngineDescription {
        var description = base.description
        description.capabilities.subtract(lacking)
        return description
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(inner: try base.makeEngine(for: setup), lacking: lacking)
    }

    struct Engine: DeliveryEngine {
        var inner: any DeliveryEngine
        var lacking: Set<Capability>

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try inner.handle(stimulus).filter { observation in
                switch observation {
                case .dismissed: !lacking.contains(.dismissals)
                case .noMatchingTrigger: !lacking.contains(.noMatchingTrigger)
                case .displayed, .stacked, .discarded, .rolledBack, .impressionLogged, .clickLogged, .stack: true
                }
            }
        }
    }
}
