import Foundation
import Testing

/// A report path that names something the command reads (a spec file, a `*.yaml` a spec folder
/// would load, the rule catalogue, the baseline, a results stream) is a usage error before any
/// case runs, and the input is left as it was; `--update-baseline` may still refresh the
/// baseline it read.
@Suite("Reports never replace their inputs")
struct ReportInputTests {
    /// A copy of the passing fixture suite in a scratch folder, a repository (a case file given
    /// alone finds the catalogue above it there), with its case file's path.
    private func copiedSuite() throws -> (folder: URL, specs: String, caseFile: String) {
        let folder = try IAMSpecExecutable.scratchFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"),
            withIntermediateDirectories: true
        )
        let specs = folder.appendingPathComponent("Specs")
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/specs/passing"),
            to: specs
        )
        return (folder, specs.path, specs.path + "/delivery/basics.yaml")
    }

    @Test(arguments: ["", "./", "delivery/../", "link"])
    func aReportOverASpecFileExits2AndLeavesItUnchanged(spelling: String) throws {
        let suite = try copiedSuite()
        defer { try? FileManager.default.removeItem(at: suite.folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: suite.caseFile))
        try FileManager.default.createSymbolicLink(
            atPath: suite.specs + "/link",
            withDestinationPath: suite.specs + "/delivery"
        )
        let junit = suite.specs + "/" + (spelling == "link" ? "link/" : spelling + "delivery/") + "basics.yaml"
        let outcome = try IAMSpecExecutable.run("run", suite.caseFile, "--junit", junit)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError == "error: --junit \(junit) is an input (a spec file): choose another path\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: suite.caseFile)) == before)
    }

    @Test func aYAMLFileASpecFolderWouldLoadIsRefusedOtherFilesThereAreNot() throws {
        let suite = try copiedSuite()
        defer { try? FileManager.default.removeItem(at: suite.folder) }
        let refused = try IAMSpecExecutable.run("run", suite.specs, "--json", suite.specs + "/new/results.yaml")
        #expect(refused.status == 2)
        #expect(
            refused.standardError
                == "error: --json \(suite.specs)/new/results.yaml is an input (a spec file of the folder \(suite.specs)): choose another path\n"
        )
        #expect(!FileManager.default.fileExists(atPath: suite.specs + "/new"), "no folder is made")
        let catalogue = try IAMSpecExecutable.run("run", suite.caseFile, "--summary", suite.specs + "/rules.yaml")
        #expect(catalogue.status == 2)
        #expect(catalogue.standardError.contains("is an input (the rule catalogue)"))
        let accepted = try IAMSpecExecutable.run(
            "run",
            suite.specs,
            "--json",
            suite.specs + "/results.jsonl",
            "--junit",
            suite.specs + "/.reports/junit.yaml"
        )
        #expect(accepted.status == 0, "\(accepted.standardError)")
    }

    @Test func aReportOverTheBaselineIsRefusedButUpdateBaselineRefreshesIt() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("engine.baseline.yaml").path
        let made = try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--update-baseline", baseline)
        #expect(made.status == 0, "\(made.standardError)")
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        let refused = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/failing",
            "--baseline",
            baseline,
            "--junit",
            baseline
        )
        #expect(refused.status == 2)
        #expect(refused.standardError == "error: --junit \(baseline) is an input (the baseline): choose another path\n")
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == written)
        let refreshed = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/failing",
            "--baseline",
            baseline,
            "--update-baseline",
            baseline
        )
        #expect(refreshed.status == 0, "\(refreshed.standardError)")
        #expect(refreshed.standardError.contains("wrote the baseline \(baseline)"))
    }

    @Test func reportMergeDiffAndDocsRefuseToWriteOverAResultsStream() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", results).status == 0)
        let stream = try Data(contentsOf: URL(fileURLWithPath: results))
        let report = try IAMSpecExecutable.run("report", "--junit", results, results)
        #expect(
            report.standardError == "error: --junit \(results) is an input (the results stream): choose another path\n"
        )
        let merge = try IAMSpecExecutable.run("merge", results, results)
        #expect(
            merge.standardError
                == "error: the merged stream \(results) is an input (a results stream): choose another path\n"
        )
        let diff = try IAMSpecExecutable.run("diff", results, results, "--markdown", folder.path + "/./results.jsonl")
        #expect(diff.standardError.contains("is an input (the earlier results stream)"))
        let site = folder.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: false)
        let styleSheet = site + "/style.css"
        try FileManager.default.linkItem(atPath: results, toPath: styleSheet)
        let docs = try IAMSpecExecutable.run("docs", "--out", site, "Fixtures/specs/passing", "--results", styleSheet)
        #expect(
            docs.standardError == "error: --out \(styleSheet) is an input (a results stream): choose another path\n"
        )
        #expect([report, merge, diff, docs].allSatisfy { $0.status == 2 })
        #expect(try Data(contentsOf: URL(fileURLWithPath: results)) == stream)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site) == ["style.css"])
    }

    @Test func compileRefusesToWriteOverItsBaseline() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("engine.baseline.yaml").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--update-baseline", baseline).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: baseline))
        let compile = try IAMSpecExecutable.run(
            "compile",
            "Fixtures/specs/failing",
            "--baseline",
            baseline,
            "-o",
            baseline
        )
        #expect(compile.status == 2)
        #expect(
            compile.standardError == "error: --output \(baseline) is an input (the baseline): choose another path\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == written)
    }

    /// `--junit-dir` removes an earlier run's suite files (`TEST-iamspec.*.xml`) from its folder;
    /// an input of that name there is refused, not removed.
    @Test func junitDirRefusesToRemoveAnInputNamedAsASuiteFile() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("TEST-iamspec.stream.xml").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", results).status == 0)
        let stream = try Data(contentsOf: URL(fileURLWithPath: results))
        let report = try IAMSpecExecutable.run("report", "--junit-dir", folder.path, results)
        #expect(report.status == 2)
        #expect(
            report.standardError
                == "error: --junit-dir \(folder.resolvingSymlinksInPath().path) would remove \(results), an input "
                + "(the results stream): its name is that of an earlier run's suite file; choose another folder\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: results)) == stream)
    }
}
