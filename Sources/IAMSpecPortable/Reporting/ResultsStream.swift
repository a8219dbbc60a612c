import IAMSpec

/// The results stream (`iamspec run --json FILE`): line-delimited JSON, one object per line.
///
/// Line 1 is the header (`"record": "header"`), then one `"record": "case"` line per case run,
/// in report order, then the footer (`"record": "footer"`) with the totals. Specs/schemas/
/// results.schema.json describes every line. It is the single source of the other reports:
/// `iamspec report` makes JUnit from it. The runner writes it to a file and reads it back
/// (`ResultsStream.write(_:to:)`, `ResultsStream.read(from:)`); the portable executor makes it in
/// memory (``PortableSuite``), line for line the same.
public enum ResultsStream {
    /// The version of the line format; a reader refuses other versions.
    package static let formatVersion = 1

    /// The longest line a reader takes, its line end aside: 16 MiB, YAML's limit of a spec file.
    /// A run's line stays well within it (``ObservationBudget/maximumBytes``); a longer line (a file
    /// that is no stream, `/dev/zero`) is refused once read that far, not held whole.
    package static let maximumLineBytes = 16 << 20

    /// The whole stream of a run's summary, as `iamspec run --json` writes it: a header line, a
    /// line per result, the footer, each ending with a newline.
    public static func encode(_ summary: RunSummary) -> [UInt8] {
        encode(summary, judged: summary)
    }

    /// The stream of `raw`, the run as the engine made it, whose footer records the baseline and
    /// the verdict of `judged`, the same run as its baseline judged it.
    package static func encode(_ raw: RunSummary, judged: RunSummary) -> [UInt8] {
        var bytes = line(HeaderLine(raw.header))
        for result in raw.results {
            bytes += line(CaseLine(result))
        }
        bytes += line(FooterLine(raw, judged: judged))
        return bytes
    }

    /// A line's bytes: the record as compact JSON, its keys sorted, slashes as they are
    /// (``SortedJSONEncoder``), its text made inert (`QuotedText.json(_:)`), and a newline.
    package static func line(_ record: some Encodable) -> [UInt8] {
        // Every record is made of strings, integers and Booleans: encoding one cannot fail.
        inertLine(try! SortedJSONEncoder.encode(record))
    }

    /// A case line's bytes, as ``line(_:)`` makes the others': written field by field
    /// (`CaseLine.write(to:)`), a stream having one per run.
    package static func line(_ record: CaseLine) -> [UInt8] {
        var writer = JSONLineWriter()
        record.write(to: &writer)
        return inertLine(writer.bytes)
    }

    /// The footer's line, as ``FooterLine/writeLine(in:)`` writes it in pieces.
    package static func line(_ footer: FooterLine) -> [UInt8] {
        var bytes: [UInt8] = []
        footer.writeLine { bytes += $0 }
        return bytes
    }

    /// `encoded`, its text made inert, and a line end.
    static func inertLine(_ encoded: [UInt8]) -> [UInt8] {
        var bytes = QuotedText.json(encoded)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

/// The first line: what ran, on what, when.
package struct HeaderLine: Codable {
    package var record = "header"
    package var formatVersion: Int
    package var iamspecVersion: String
    package var engine: EngineRecord
    package var suitePaths: [String]
    package var selection: RunSelection
    package var jobs: Int
    package var timeoutMilliseconds: Int64
    package var startedAt: String
    package var invocation: RunInvocation?
    package var executor: RunExecutor?

    package enum CodingKeys: String, CodingKey {
        case record
        case formatVersion = "format_version"
        case iamspecVersion = "iamspec_version"
        case engine
        case suitePaths = "suite_paths"
        case selection
        case jobs
        case timeoutMilliseconds = "timeout_ms"
        case startedAt = "started_at"
        case invocation
        case executor
    }

    package init(_ header: RunHeader) {
        formatVersion = ResultsStream.formatVersion
        iamspecVersion = header.iamspecVersion
        engine = header.engine
        suitePaths = header.suitePaths
        selection = header.selection
        jobs = header.jobs
        timeoutMilliseconds = header.timeoutMilliseconds
        startedAt = header.startedAt
        invocation = header.invocation
        executor = header.executor
    }

    package var header: RunHeader {
        RunHeader(
            engine: engine,
            suitePaths: suitePaths,
            selection: selection,
            jobs: jobs,
            timeoutMilliseconds: timeoutMilliseconds,
            startedAt: startedAt,
            iamspecVersion: iamspecVersion,
            invocation: invocation,
            executor: executor
        )
    }
}

/// One case run. A stream's case lines are written by `write(to:)` and read by `init(reading:)`
/// (CaseLine+JSON.swift); its `Encodable` is the check that they read as Foundation's
/// `JSONEncoder` writes them.
package struct CaseLine: Encodable {
    package var record = "case"
    package var id: String
    package var profile: Profile
    package var title: String
    package var status: CaseStatus
    package var message: String
    package var kind: CaseResult.Kind?
    package var location: SourceLocation
    package var durationMilliseconds: Int64
    package var rules: [RuleReference]
    package var tags: [String]
    package var timeline: [TimelineEntry]
    package var diagnostics: String
    package var skipReason: String?
    package var difference: Difference?
    /// The case's `given` (``CaseResult/given``), for a failed or errored run; absent otherwise.
    package var given: [String]?
    /// The checks skipped while the rest of the run was judged (``CaseResult/skippedChecks``);
    /// absent when there are none (and in streams written before they were).
    package var skippedChecks: [SkippedCheck]?
    /// For a nondeterministic run: its first repeat and the first that differed.
    package var nondeterminism: Nondeterminism?

    package enum CodingKeys: String, CodingKey {
        case record
        case id
        case profile
        case title
        case status
        case message
        case kind
        case location
        case durationMilliseconds = "duration_ms"
        case rules
        case tags
        case timeline
        case diagnostics
        case skipReason = "skip_reason"
        case difference
        case given
        case skippedChecks = "skipped_checks"
        case nondeterminism
    }

    package init(_ result: CaseResult) {
        id = result.caseID
        profile = result.profile
        title = result.title
        status = result.status
        message = result.message
        kind = result.kind
        location = result.location
        durationMilliseconds = result.durationMilliseconds
        rules = result.rules
        tags = result.tags
        timeline = result.timeline
        diagnostics = result.diagnostics
        skipReason = result.skipReason
        difference = result.difference
        given = result.given.isEmpty ? nil : result.given
        skippedChecks = result.skippedChecks.isEmpty ? nil : result.skippedChecks
        nondeterminism = result.nondeterminism
    }

    package var result: CaseResult {
        CaseResult(
            caseID: id,
            profile: profile,
            title: title,
            status: status,
            message: message,
            kind: kind,
            location: location,
            durationMilliseconds: durationMilliseconds,
            rules: rules,
            tags: tags,
            timeline: timeline,
            diagnostics: diagnostics,
            given: given ?? [],
            difference: difference,
            skippedChecks: skippedChecks ?? [],
            nondeterminism: nondeterminism
        )
    }
}

/// The last line: the totals, the differences, whether the run was cut short, what the engine
/// wrote after a case had ended, the baseline that judged it and its verdict. `not_run` and
/// `stopped_at_first_failure` came with `--fail-fast`, `differences`, `late_lines`, `baseline`
/// and `verdict` later; a stream without them had none (and no recorded verdict to check;
/// `late_lines` is written only when there are some). The differences and the verdict are derived
/// from the case lines (and the baseline and the late lines), so a reader recomputes them.
package struct FooterLine: Codable {
    package var record = "footer"
    package var totals: Totals
    package var differences: [DifferenceRecord]?
    package var behaviours: [BehaviourRecord]?
    /// ``RunSummary/refutedNames``, when there are some.
    package var refuted: [BehaviourRecord]?
    /// ``RunSummary/smallestCases``, when there are some, sorted by run.
    package var smallestCases: [SmallestCaseRecord]?
    package var interrupted: Bool
    package var stoppedAtFirstFailure: Bool?
    package var notRun: Int?
    package var lateLines: [String]?
    /// ``RunSummary/capabilityWarnings``, when there are some.
    package var warnings: [String]?
    /// ``RunSummary/missingShards``, as `I/N`, when there are some.
    package var missingShards: [String]?
    package var baseline: BaselineRecord?
    package var verdict: VerdictRecord?

    package enum CodingKeys: String, CodingKey {
        case record
        case totals
        case differences
        case behaviours
        case refuted
        case smallestCases = "smallest_cases"
        case interrupted
        case stoppedAtFirstFailure = "stopped_at_first_failure"
        case notRun = "not_run"
        case lateLines = "late_lines"
        case warnings
        case missingShards = "missing_shards"
        case baseline
        case verdict
    }

    /// The run's ``RunVerdict``: what its reports said, the totals line's counts, and what the
    /// baseline found.
    package struct VerdictRecord: Codable, Equatable {
        package var succeeded: Bool
        package var outcome: String
        package var passed: Int
        package var failed: Int
        package var errors: Int
        package var skipped: Int
        package var staleEntries: Int
        package var expectedFailures: Int
        package var unexpectedPasses: Int

        package enum CodingKeys: String, CodingKey {
            case succeeded
            case outcome
            case passed
            case failed
            case errors
            case skipped
            case staleEntries = "stale_entries"
            case expectedFailures = "expected_failures"
            case unexpectedPasses = "unexpected_passes"
        }

        package init(_ verdict: RunVerdict) {
            succeeded = verdict.succeeded
            outcome = verdict.outcome
            passed = verdict.passed
            failed = verdict.failed
            errors = verdict.errors
            skipped = verdict.skipped
            staleEntries = verdict.staleEntries
            expectedFailures = verdict.expectedFailures
            unexpectedPasses = verdict.unexpectedPasses
        }

        /// `verdict: the footer says failed, the case lines give passed`, one per field that
        /// differs.
        package func disagreements(with computed: VerdictRecord) -> [String] {
            let pairs: [(String, String, String)] = [
                ("verdict", succeeded ? "passed" : "failed", computed.succeeded ? "passed" : "failed"),
                ("verdict.outcome", outcome, computed.outcome),
                ("verdict.passed", String(passed), String(computed.passed)),
                ("verdict.failed", String(failed), String(computed.failed)),
                ("verdict.errors", String(errors), String(computed.errors)),
                ("verdict.skipped", String(skipped), String(computed.skipped)),
                ("verdict.stale_entries", String(staleEntries), String(computed.staleEntries)),
                ("verdict.expected_failures", String(expectedFailures), String(computed.expectedFailures)),
                ("verdict.unexpected_passes", String(unexpectedPasses), String(computed.unexpectedPasses)),
            ]
            return pairs.filter { $0.1 != $0.2 }.map { "\($0.0): the footer says \($0.1), the case lines give \($0.2)" }
        }
    }

    /// An ``AppliedBaseline``: the file, its engine, every entry, which of them are stale, and
    /// whether unexpected passes were allowed.
    package struct BaselineRecord: Codable {
        package var file: String
        package var engine: String
        package var allowUnexpectedPass: Bool
        package var entries: [Entry]
        /// The keys of the stale entries, each one of `entries`.
        package var stale: [String]

        package enum CodingKeys: String, CodingKey {
            case file
            case engine
            case allowUnexpectedPass = "allow_unexpected_pass"
            case entries
            case stale
        }

        /// One ``BaselineEntry``.
        package struct Entry: Codable {
            package var caseID: String
            package var profile: Profile?
            package var status: String
            package var reason: String
            package var issue: String?
            package var location: SourceLocation?

            package enum CodingKeys: String, CodingKey {
                case caseID = "case"
                case profile
                case status
                case reason
                case issue
                case location
            }
        }

        /// A record's problem: what does not fit.
        package struct Problem: Error {
            package var reason: String
        }

        package init(_ applied: AppliedBaseline) {
            file = applied.file
            engine = applied.baseline.engine
            allowUnexpectedPass = applied.allowsUnexpectedPasses
            entries = applied.baseline.entries.map {
                Entry(
                    caseID: $0.caseID,
                    profile: $0.profile,
                    status: $0.status.rawValue,
                    reason: $0.reason,
                    issue: $0.issue,
                    location: $0.location
                )
            }
            stale = applied.staleEntries.map(\.key)
        }

        /// The baseline the record describes.
        package func applied() throws(Problem) -> AppliedBaseline {
            var decoded: [BaselineEntry] = []
            for entry in entries {
                guard let status = BaselineStatus(rawValue: entry.status) else {
                    throw Problem(
                        reason: "at baseline.entries: found the status \"\(entry.status)\", expected one of "
                            + BaselineStatus.allCases.map(\.rawValue).joined(separator: ", ")
                    )
                }
                decoded.append(
                    BaselineEntry(
                        caseID: entry.caseID,
                        profile: entry.profile,
                        status: status,
                        reason: entry.reason,
                        issue: entry.issue,
                        location: entry.location
                    )
                )
            }
            let byKey = Dictionary(decoded.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            var staleEntries: [BaselineEntry] = []
            for key in stale {
                guard let entry = byKey[key] else {
                    throw Problem(
                        reason: "at baseline.stale: found the key \"\(key)\", expected the key of one of its entries"
                    )
                }
                staleEntries.append(entry)
            }
            return AppliedBaseline(
                Baseline(engine: engine, entries: decoded),
                file: file,
                staleEntries: staleEntries,
                allowsUnexpectedPasses: allowUnexpectedPass
            )
        }
    }

    /// One ``DifferenceGroup``: its rule, its mismatch, its cases, its runs, and the re-run line
    /// of one of them.
    package struct DifferenceRecord: Codable {
        package var rule: String
        package var mismatch: String
        package var cases: [String]
        package var runs: Int
        /// The rules the group's blocked runs left unchecked; nil (left out) when none is blocked.
        package var blocked: [String]?
        package var rerun: String

        package init(_ group: DifferenceGroup, header: RunHeader) {
            rule = group.rule
            mismatch = group.mismatch
            cases = group.cases
            runs = group.runs
            blocked = group.blocked.isEmpty ? nil : group.blocked
            rerun = RerunCommand.text(for: group.example, header: header)
        }
    }

    /// The smallest case of one difference group: the group's example run, and the case as YAML.
    package struct SmallestCaseRecord: Codable {
        package var `case`: String
        package var profile: Profile
        package var yaml: String
    }

    /// One ``ExplainedBehaviour``: the behaviour, its words, its rule, its runs, its proof (the
    /// passes it was checked against, the alternatives told apart and those still open), and the
    /// re-run line of its first run. `with`, the partners of streams from before names were
    /// hypotheses, is read and dropped.
    package struct BehaviourRecord: Codable {
        package var behaviour: String
        package var summary: String
        package var rule: String
        package var runs: [RunRecord]
        package var passes: Int?
        package var failingRuns: Int?
        package var alternatives: [AlternativeRecord]?
        package var toldApart: [AlternativeRecord]?
        package var toTellApart: String?
        package var predictions: Int?
        package var inconclusive: [InconclusiveRecord]?
        package var untestedOn: [String]?
        package var refutation: RefutationRecord?
        package var residues: [ResidueRecord]?
        package var completes: String?
        package var rerun: String

        package enum CodingKeys: String, CodingKey {
            case behaviour, summary, rule, runs, passes, alternatives, predictions, inconclusive, refutation
            case residues, completes, rerun
            case toldApart = "told_apart"
            case toTellApart = "to_tell_apart"
            case failingRuns = "failing_runs"
            case untestedOn = "untested_on"
        }

        package init(_ explained: ExplainedBehaviour, summary: RunSummary) {
            behaviour = explained.behaviour
            self.summary = explained.summary
            rule = explained.rule
            runs = explained.runs.map { RunRecord(case: $0.caseID, profile: $0.profile) }
            passes = explained.passes
            failingRuns = explained.failingRuns == 0 ? nil : explained.failingRuns
            alternatives = explained.alternatives.isEmpty ? nil : explained.alternatives.map(AlternativeRecord.init)
            toldApart = explained.toldApart.isEmpty ? nil : explained.toldApart.map(AlternativeRecord.init)
            toTellApart = explained.toTellApart
            predictions = explained.predictions
            inconclusive = explained.inconclusive.isEmpty ? nil : explained.inconclusive.map(InconclusiveRecord.init)
            untestedOn = explained.untestedOn.isEmpty ? nil : explained.untestedOn
            refutation = explained.refutation.map(RefutationRecord.init)
            residues =
                explained.residues.isEmpty
                ? nil
                : explained.residues.map {
                    ResidueRecord(case: $0.run.caseID, profile: $0.run.profile, channels: $0.channels)
                }
            completes = explained.completes
            rerun =
                summary.example(of: explained).map { RerunCommand.text(for: $0, header: summary.header) }
                ?? ""
        }

        /// The behaviour as the summary holds it.
        package var explained: ExplainedBehaviour {
            ExplainedBehaviour(
                behaviour: behaviour,
                summary: summary,
                rule: rule,
                runs: runs.map { ExplainedBehaviour.Run(caseID: $0.case, profile: $0.profile) },
                passes: passes ?? 0,
                failingRuns: failingRuns ?? 0,
                alternatives: (alternatives ?? []).map(\.alternative),
                toldApart: (toldApart ?? []).map(\.alternative),
                toTellApart: toTellApart,
                predictions: predictions,
                inconclusive: (inconclusive ?? []).compactMap(\.inconclusive),
                untestedOn: untestedOn ?? [],
                refutation: refutation?.refutation,
                residues: (residues ?? []).map {
                    ExplainedBehaviour.Residue(
                        run: ExplainedBehaviour.Run(caseID: $0.case, profile: $0.profile),
                        channels: $0.channels
                    )
                },
                completes: completes
            )
        }

        /// A run the name replays in part: the run, and the channels on which the engine differs
        /// from the name.
        package struct ResidueRecord: Codable {
            package var `case`: String
            package var profile: Profile
            package var channels: [String]
        }

        /// The experiment that refuted a name: the rival it was designed against (with the
        /// experiment: the engine's answer, and the name's prediction as `other`), and the rival's
        /// prediction.
        package struct RefutationRecord: Codable {
            package var rival: AlternativeRecord
            package var rivalAnswer: String

            package enum CodingKeys: String, CodingKey {
                case rival
                case rivalAnswer = "rival_answer"
            }

            init(_ refutation: ExplainedBehaviour.Refutation) {
                rival = AlternativeRecord(refutation.rival, carrying: refutation.experiment)
                rivalAnswer = refutation.rivalAnswer
            }

            var refutation: ExplainedBehaviour.Refutation? {
                rival.carried.map {
                    ExplainedBehaviour.Refutation(rival: $0.rival, experiment: $0.experiment, rivalAnswer: rivalAnswer)
                }
            }
        }

        /// An experiment that tested a name and concluded nothing: the rival it was designed against
        /// (with the experiment: the engine's answer, and the name's prediction as `other`), the
        /// rival's prediction, and why it concluded nothing.
        package struct InconclusiveRecord: Codable {
            package var rival: AlternativeRecord
            package var rivalAnswer: String
            package var reason: ExplainedBehaviour.Inconclusive.Reason

            package enum CodingKeys: String, CodingKey {
                case rival, reason
                case rivalAnswer = "rival_answer"
            }

            init(_ inconclusive: ExplainedBehaviour.Inconclusive) {
                rival = AlternativeRecord(inconclusive.rival, carrying: inconclusive.experiment)
                rivalAnswer = inconclusive.rivalAnswer
                reason = inconclusive.reason
            }

            var inconclusive: ExplainedBehaviour.Inconclusive? {
                rival.carried.map {
                    ExplainedBehaviour.Inconclusive(
                        rival: $0.rival,
                        experiment: $0.experiment,
                        rivalAnswer: rivalAnswer,
                        reason: reason
                    )
                }
            }
        }

        /// Another hypothesis that fits the runs: open, or told apart by its experiment.
        package struct AlternativeRecord: Codable {
            package var behaviour: String
            package var summary: String
            package var rule: String
            package var experiment: ExperimentRecord?

            init(_ alternative: ExplainedBehaviour.Alternative) {
                behaviour = alternative.behaviour
                summary = alternative.summary
                rule = alternative.rule
                experiment = alternative.experiment.map {
                    ExperimentRecord(steps: $0.steps, engine: $0.engineAnswer, other: $0.otherAnswer, yaml: $0.yaml)
                }
            }

            /// A rival as a refutation's and an inconclusive experiment's records keep it: with the
            /// experiment designed against it.
            init(_ rival: ExplainedBehaviour.Alternative, carrying experiment: ExplainedBehaviour.Experiment) {
                var carrying = rival
                carrying.experiment = experiment
                self.init(carrying)
            }

            /// The rival such a record keeps, and the experiment it carries; nil without one.
            var carried: (rival: ExplainedBehaviour.Alternative, experiment: ExplainedBehaviour.Experiment)? {
                var rival = alternative
                guard let experiment = rival.experiment else { return nil }
                rival.experiment = nil
                return (rival, experiment)
            }

            var alternative: ExplainedBehaviour.Alternative {
                ExplainedBehaviour.Alternative(
                    behaviour: behaviour,
                    summary: summary,
                    rule: rule,
                    experiment: experiment.map {
                        ExplainedBehaviour.Experiment(
                            steps: $0.steps,
                            engineAnswer: $0.engine,
                            otherAnswer: $0.other,
                            yaml: $0.yaml
                        )
                    }
                )
            }
        }

        /// The scenario that told an alternative apart: its steps, the engine's answer, the
        /// alternative's, and the case it writes.
        package struct ExperimentRecord: Codable {
            package var steps: [String]
            package var engine: String
            package var other: String
            package var yaml: String
        }

        /// One run: a case and its profile.
        package struct RunRecord: Codable {
            package var `case`: String
            package var profile: Profile
        }
    }

    /// Errors are counted in `failed` and also given apart in `errors`.
    package struct Totals: Codable {
        package var runs: Int
        package var passed: Int
        package var failed: Int
        package var errors: Int
        package var skipped: Int

        package init(runs: Int, passed: Int, failed: Int, errors: Int, skipped: Int) {
            self.runs = runs
            self.passed = passed
            self.failed = failed
            self.errors = errors
            self.skipped = skipped
        }

        package init(_ summary: RunSummary) {
            runs = summary.runCount
            passed = summary.passedCount
            failed = summary.failedCount
            errors = summary.errorCount
            skipped = summary.skippedCount
        }

        /// `runs: the footer says 372, the case lines count 99`, one per total that differs.
        package func disagreements(with counted: Totals) -> [String] {
            let pairs = [
                ("runs", runs, counted.runs), ("passed", passed, counted.passed), ("failed", failed, counted.failed),
                ("errors", errors, counted.errors), ("skipped", skipped, counted.skipped),
            ]
            return pairs.filter { $0.1 != $0.2 }.map {
                "\($0.0): the footer says \($0.1), the case lines count \($0.2)"
            }
        }
    }

    /// The footer of `raw` (the run as the engine did it), with the verdict of `judged` (the
    /// same run as its baseline, if any, judged it).
    package init(_ raw: RunSummary, judged: RunSummary) {
        self.init(raw)
        take(verdictOf: judged)
    }

    /// The footer of `raw` (the run as the engine did it), with its own verdict until
    /// ``take(verdictOf:)`` takes the verdict of the run as its baseline judged it: so that the
    /// results need not be held both raw and judged to write it.
    package init(_ raw: RunSummary) {
        totals = Totals(raw)
        differences = raw.differences.map { DifferenceRecord($0, header: raw.header) }
        behaviours = raw.behaviours.isEmpty ? nil : raw.behaviours.map { BehaviourRecord($0, summary: raw) }
        refuted = raw.refutedNames.isEmpty ? nil : raw.refutedNames.map { BehaviourRecord($0, summary: raw) }
        smallestCases =
            raw.smallestCases.isEmpty
            ? nil
            : raw.smallestCases.sorted { $0.key < $1.key }.map {
                SmallestCaseRecord(case: $0.key.caseID, profile: $0.key.profile, yaml: $0.value)
            }
        interrupted = raw.interrupted
        stoppedAtFirstFailure = raw.stoppedAtFirstFailure
        notRun = raw.notRun
        lateLines = raw.lateLines.isEmpty ? nil : raw.lateLines
        warnings = raw.capabilityWarnings.isEmpty ? nil : raw.capabilityWarnings
        missingShards = raw.missingShards.isEmpty ? nil : raw.missingShards.map(\.description)
        take(verdictOf: raw)
    }

    /// Takes the baseline and verdict of `judged`: the run this footer's totals count, as its
    /// baseline, if any, judged it.
    package mutating func take(verdictOf judged: RunSummary) {
        take(judged.verdict, judgedBy: judged.baseline)
    }

    /// Takes `verdict`, that of the run this footer's totals count as `baseline` (nil for none)
    /// judged it, counted without judging its results (``RunVerdict/count(_:)``).
    package mutating func take(_ verdict: RunVerdict, judgedBy baseline: AppliedBaseline?) {
        self.baseline = baseline.map(BaselineRecord.init)
        self.verdict = VerdictRecord(verdict)
    }
}
