import IAMSpec
import IAMSpecRunner

/// Results for the report tests: one of each status, over both profiles.
enum ReportFixtures {
    static let location = SourceLocation(file: "Specs/triggers/basic.yaml", line: 3, column: 1)
    static let stepLocation = SourceLocation(file: "Specs/triggers/basic.yaml", line: 12, column: 5)

    static func header(startedAt: String = "2026-01-31T23:59:59Z") -> RunHeader {
        RunHeader(
            engine: EngineRecord(
                name: "sample",
                version: "2.0",
                profiles: Profile.allCases,
                capabilities: [.analytics]
            ),
            suitePaths: ["Specs"],
            selection: RunSelection(filters: [GlobPattern("triggers.*")]),
            jobs: 2,
            timeoutMilliseconds: 30_000,
            startedAt: startedAt,
            invocation: RunInvocation()
        )
    }

    static let failed = CaseResult(
        caseID: "triggers.two",
        profile: .brazeSwift,
        title: "Two",
        status: .failed,
        message: "sequence on delivery: expected [displayed: promo], found []",
        kind: .sequence,
        location: stepLocation,
        durationMilliseconds: 1005,
        rules: [RuleReference(id: "triggers.session-start", sources: ["seed 003 (en)", "seed 000 (pt)"])],
        tags: ["smoke"],
        timeline: [
            TimelineEntry(
                time: "0",
                step: "session_start",
                location: location,
                observations: ["no_matching_trigger: session_start"]
            ),
            TimelineEntry(time: "0", step: "advance: 30", location: location),
            TimelineEntry(
                time: "30",
                step: "expect: {sequence: [displayed: promo]}",
                location: stepLocation,
                expected: ["displayed: promo"],
                actual: []
            ),
        ]
    )

    static let errored = CaseResult(
        caseID: "triggers.three",
        profile: .appboyLegacy,
        title: "Three",
        status: .error,
        message: "timed out after 30 s",
        kind: .timeout,
        location: location,
        durationMilliseconds: 30_000,
        rules: [RuleReference(id: "interval.minimum")],
        diagnostics: "engine log line"
    )

    static let passed = CaseResult(
        caseID: "triggers.one",
        profile: .brazeSwift,
        title: "One",
        status: .passed,
        location: location,
        durationMilliseconds: 7,
        rules: [RuleReference(id: "triggers.session-start", sources: ["seed 003 (en)"])]
    )

    static let skipped = CaseResult(
        caseID: "triggers.one",
        profile: .appboyLegacy,
        title: "One",
        status: .skipped,
        message: "the engine lacks the capability keyboard",
        location: location
    )

    /// A run of each status, in report order (by case id, then profile), as `iamspec run` keeps
    /// them and writes its results stream.
    static func summary(interrupted: Bool = false) -> RunSummary {
        RunSummary(header: header(), results: [skipped, passed, errored, failed], interrupted: interrupted)
    }
}

extension RunSummary {
    /// The summary as a results stream reads it back: its invocation a recorded one
    /// (`RunInvocation.isRecorded`), whose re-run lines show the engine command as data.
    var asRead: RunSummary {
        var read = self
        read.header.invocation?.isRecorded = true
        return read
    }
}
