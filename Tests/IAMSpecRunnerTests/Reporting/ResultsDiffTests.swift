import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

@Suite("Comparing two results streams")
struct ResultsDiffTests {
    /// The summary with its results in report order (by case id, then profile), as `iamspec run`
    /// writes them.
    private func inReportOrder(_ summary: RunSummary) -> RunSummary {
        var summary = summary
        summary.results.sort { ($0.caseID, $0.profile.rawValue) < ($1.caseID, $1.profile.rawValue) }
        return summary
    }

    private func written(_ summary: RunSummary, in folder: URL, as name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(ResultsStream.encode(summary)).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Two streams read side by side give the changes the whole runs give: a run newly failing,
    /// one added, one removed, the totals of each.
    @Test func streamsReadSideBySideGiveTheChangesOfTheWholeRuns() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = inReportOrder(ReportFixtures.summary())
        var after = before
        after.results.removeAll { $0.caseID == "triggers.three" }
        var failing = ReportFixtures.failed
        failing.caseID = "triggers.one"
        after.results[after.results.firstIndex { $0.status == .passed }!] = failing
        var added = ReportFixtures.passed
        added.caseID = "triggers.zero"
        after.results.append(added)
        after = inReportOrder(after)
        let streamed = try ResultsDiff(
            oldPath: try written(before, in: folder, as: "old.jsonl"),
            newPath: try written(after, in: folder, as: "new.jsonl")
        )
        let whole = ResultsDiff(old: before, new: after)
        #expect(streamed.countsLine == whole.countsLine)
        #expect(streamed.newlyFailing.map(\.name) == ["triggers.one [braze-swift]"])
        #expect(whole.newlyFailing.map(\.name) == ["triggers.one [braze-swift]"])
        #expect(streamed.newlyPassing.map(\.name) == whole.newlyPassing.map(\.name))
        #expect(streamed.changedMessages.map(\.name) == whole.changedMessages.map(\.name))
        #expect((streamed.added, streamed.removed) == (1, 1))
        #expect((whole.added, whole.removed) == (1, 1))
        #expect(streamed.old.totalsLine == before.totalsLine)
        #expect(streamed.new.totalsLine == after.totalsLine)
    }

    /// A stream whose case records are out of report order cannot be read side by side: refused at
    /// the record out of order.
    @Test func aStreamOutOfReportOrderIsRefusedAtItsLine() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sorted = try written(inReportOrder(ReportFixtures.summary()), in: folder, as: "sorted.jsonl")
        var shuffled = inReportOrder(ReportFixtures.summary())
        shuffled.results.swapAt(0, 1)
        let path = try written(shuffled, in: folder, as: "shuffled.jsonl")
        do {
            _ = try ResultsDiff(oldPath: sorted, newPath: path)
            Issue.record("a stream out of report order was compared")
        } catch {
            #expect(
                error.description
                    == "\(path):3:1: error: found the run triggers.one [appboy-legacy] after triggers.one [braze-swift], "
                    + "expected the case records in report order (by case id, then profile), as iamspec run writes them"
            )
        }
    }
}
