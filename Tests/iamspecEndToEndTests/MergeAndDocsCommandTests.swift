import Foundation
import Testing

@Suite("iamspec merge and iamspec docs")
struct MergeAndDocsCommandTests {
    @Test func shardsMergeIntoOneStreamThatReportsAndDocumentsLikeAWholeRun() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var shards: [String] = []
        for index in 1...3 {
            let path = folder.appendingPathComponent("shard-\(index).jsonl").path
            _ = try IAMSpecExecutable.run("run", "Specs", "--shard", "\(index)/3", "--json", path)
            shards.append(path)
        }
        let merged = folder.appendingPathComponent("merged.jsonl").path
        let merge = try IAMSpecExecutable.run(["merge", merged] + shards)
        #expect(merge.status == 0)
        let whole = try IAMSpecExecutable.run("run", "Specs", "--jobs", "2")
        #expect(merge.lastLine == whole.lastLine)

        let junit = folder.appendingPathComponent("junit.xml").path
        let report = try IAMSpecExecutable.run("report", "--junit", junit, merged)
        #expect(report.status == 0)
        #expect(report.lastLine == whole.lastLine)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite name=\"iamspec.braze-swift\""))

        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, "Specs", "--results", merged)
        #expect(docs.status == 0)
        let matrix = try String(contentsOfFile: site + "/matrix.html", encoding: .utf8)
        #expect(matrix.contains("<th scope=\"col\"><a href=\"engines/iamspec-reference.html\">iamspec-reference"))
        #expect(FileManager.default.fileExists(atPath: site + "/badges/iamspec-reference.svg"))
        #expect(FileManager.default.fileExists(atPath: site + "/engines/iamspec-reference.html"))
        // The bundled seeds.yaml names each quote's seed by its title, language and SDK generation.
        let delivery = try String(contentsOfFile: site + "/areas/delivery.html", encoding: .utf8)
        #expect(
            delivery.contains(
                "From <cite lang=\"en\">In-App Message Delivery</cite> (English, legacy Appboy SDK; "
                    + "<code>003_f6e7def5ea936cc6.txt</code>)"
            )
        )
    }

    /// `--results` takes each stream up to the next option, as a list reads, or repeated; a stream
    /// given as a spec path is refused as a stream, with the option to pass it with.
    @Test func docsTakesEveryResultsStreamAfterResults() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("reference.jsonl").path
        let example = folder.appendingPathComponent("example.jsonl").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", reference).status == 0)
        let made = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--engine-command",
            "python3 Fixtures/engines/example_engine.py",
            "--json",
            example
        )
        #expect(made.status == 0, "\(made.standardError)")
        for arguments in [["--results", reference, example], ["--results", reference, "--results", example]] {
            let site = folder.appendingPathComponent("site-\(arguments.count)").path
            let docs = try IAMSpecExecutable.run(["docs", "--out", site, "Fixtures/specs/passing"] + arguments)
            #expect(docs.status == 0, "\(docs.standardError)")
            let matrix = try String(contentsOfFile: site + "/matrix.html", encoding: .utf8)
            #expect(matrix.contains("href=\"engines/iamspec-reference.html\""))
            #expect(matrix.contains("href=\"engines/python-example.html\""))
        }
        let misplaced = try IAMSpecExecutable.run(
            "docs",
            "--out",
            folder.appendingPathComponent("site").path,
            "Fixtures/specs/passing",
            example
        )
        #expect(misplaced.status == 2)
        #expect(
            misplaced.standardError.contains(
                "\(example):1:1: error: '\(example)' is a results stream (iamspec run --json), expected a spec file "
                    + "or a folder of spec files; pass it with --results"
            ),
            "\(misplaced.standardError)"
        )
    }

    @Test func mergingTheSameShardTwiceOrMissingShardsIsReported() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one.jsonl").path
        _ = try IAMSpecExecutable.run("run", "Fixtures/baseline/specs", "--shard", "2/2", "--json", one)
        let out = folder.appendingPathComponent("out.jsonl").path
        let twice = try IAMSpecExecutable.run("merge", out, one, one)
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("again, already in \(one); expected each case run in one stream only"))
        let partial = try IAMSpecExecutable.run("merge", out, one)
        #expect(partial.status == 0)
        #expect(partial.standardError.contains("warning: the merge lacks shard 1/2"))
    }

    /// A merge lacking a shard records it in the merged stream, whose verdict fails: `report`
    /// fails on it, as on one shard's stream, unless --partial says partial results are wanted.
    @Test func aStreamLackingAShardFailsReportUnlessPartialResultsAreWanted() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one.jsonl").path
        let shard = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--shard", "2/2", "--json", one)
        #expect(shard.status == 0)
        let merged = folder.appendingPathComponent("merged.jsonl").path
        #expect(try IAMSpecExecutable.run("merge", merged, one).status == 0)
        let footer = try #require(try String(contentsOfFile: merged, encoding: .utf8).split(separator: "\n").last)
        #expect(footer.contains(#""missing_shards":["1/2"]"#))
        #expect(footer.contains(#""outcome":"lacks shard 1/2""#) && footer.contains(#""succeeded":false"#))
        let summary = folder.appendingPathComponent("summary.md").path

        let lacking = try IAMSpecExecutable.run("report", "--summary", summary, merged)
        #expect(lacking.status == 1)
        #expect(
            lacking.standardError.contains(
                "error: the results stream lacks shard 1/2: the run is not complete; give --partial to report the runs "
                    + "it holds"
            )
        )
        #expect(try IAMSpecExecutable.run("report", "--summary", summary, "--partial", merged).status == 0)

        let lone = try IAMSpecExecutable.run("report", "--summary", summary, one)
        #expect(lone.status == 1)
        #expect(lone.standardError.contains("lacks shard 1/2 (it holds shard 2/2 of its selection only)"))
        let wanted = try IAMSpecExecutable.run("report", "--summary", summary, "--partial", one)
        #expect(wanted.status == 0)
        #expect(wanted.standardError.contains("note: the reports hold shard 2/2 of its selection only (--partial)"))
    }

    @Test func docsRenderEveryRuleAndCaseOfTheBundledSuiteTheSameEachTime() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first").path
        let second = folder.appendingPathComponent("second").path
        let outcome = try IAMSpecExecutable.run("docs", "--out", first)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("wrote "))
        _ = try IAMSpecExecutable.run("docs", "--out", second)

        let files = try FileManager.default.subpathsOfDirectory(atPath: first).filter { !$0.hasSuffix("/") }.sorted()
        #expect(files.contains("index.html") && files.contains("style.css") && files.contains("markdown/README.md"))
        var html = ""
        var markdown = ""
        for file in files {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: first + "/" + file, isDirectory: &isFolder)
            if isFolder.boolValue { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: first + "/" + file))
            #expect(data == (try Data(contentsOf: URL(fileURLWithPath: second + "/" + file))), "\(file) differs")
            if file.hasSuffix(".html") { html += String(decoding: data, as: UTF8.self) }
            if file.hasSuffix(".md") { markdown += String(decoding: data, as: UTF8.self) }
        }
        let ids = try IAMSpecExecutable.run("list", "Specs").standardOutput.split(separator: "\n")
        for id in ids {
            #expect(html.contains("id=\"case-\(id)\""), "case \(id)")
            #expect(markdown.contains("<a id=\"case-\(id)\"></a>"), "case \(id)")
        }
        let coverage = try IAMSpecExecutable.run("coverage", "Specs").standardOutput
        let rules = coverage.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains(": ") }
            .map { String($0.prefix { $0 != ":" }) }
        #expect(rules.count > 50)
        for rule in rules {
            #expect(html.contains("id=\"rule-\(rule)\""), "rule \(rule)")
        }
    }

    @Test func unreadableResultsAreUsageErrors() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try IAMSpecExecutable.run("docs", "--out", folder.path, "Specs", "--results", "nowhere.jsonl")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("nowhere.jsonl:1:1: error: cannot read the results file"))
    }

    @Test func anOutputThatIsAFileIsSaidToBeNoFolder() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("site").path
        try Data("not a site".utf8).write(to: URL(fileURLWithPath: file))
        let outcome = try IAMSpecExecutable.run("docs", "--out", file, "Specs")
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "\(file): error: it is not a folder; expected a folder, or no file, there\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a site")
    }
}
