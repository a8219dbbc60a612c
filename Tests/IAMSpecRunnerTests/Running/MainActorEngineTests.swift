import IAMSpec
import IAMSpecRunner
import IAMSpecTesting
import Testing

@Suite("Running the suite from an async caller")
struct MainActorEngineTests {
    /// With the blocking `run(cases:)`, the main actor would wait for the runs while each engine
    /// waits for the main actor: every run would hang until its timeout.
    @MainActor @Test func anEngineOnTheMainActorRunsFromATestOnTheMainActor() async {
        let summary = await ConformanceRun(engine: MainActorEngineProvider(), options: RunOptions(jobs: 2))
            .run(cases: ["a", "b", "c"].map { CaseFixtures.displaysPromo($0) })
        #expect(summary.passedCount == 3, "\(summary.totalsLine)")
        #expect(!summary.interrupted)
    }

    @Test func cancellingTheTaskInterruptsTheRun() async {
        let provider = ScriptedEngineProvider { _, _ in .hang }
        let run = Task {
            await ConformanceRun(engine: provider, options: RunOptions(jobs: 1))
                .run(cases: [CaseFixtures.displaysPromo("hangs"), CaseFixtures.displaysPromo("never")])
        }
        while provider.recorder.runs.first?.stimuli.isEmpty ?? true {
            await Task.yield()
        }
        run.cancel()
        let summary = await run.value
        #expect(summary.interrupted)
        #expect(summary.results.map(\.status) == [.error])
        #expect(summary.notRun == 1)
    }
}
