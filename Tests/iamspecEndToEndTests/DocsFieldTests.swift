import Foundation
import Testing

/// `iamspec docs --field DIR` and `iamspec list --digest`: the field's committed results render as
/// a page of nine engines, each marked when it ran other Specs and shown only its own vendor's
/// code; a provenance line that cannot be read is a usage error at its line and column.
@Suite("iamspec docs --field")
struct DocsFieldTests {
    static var specs: String { IAMSpecExecutable.packageRoot.appendingPathComponent("Specs").path }
    static var field: URL { IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/field") }

    @Test func theDigestIsTheSuitesWhereverItLies() throws {
        let digest = try IAMSpecExecutable.run("list", "--digest", Self.specs)
        #expect(digest.status == 0, "\(digest.standardError)")
        #expect(digest.standardOutput.wholeMatch(of: /fnv1a64:[0-9a-f]{16}\n/) != nil, "\(digest.standardOutput)")
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("elsewhere")
        try FileManager.default.copyItem(atPath: Self.specs, toPath: copy.path)
        #expect(try IAMSpecExecutable.run("list", "--digest", copy.path).standardOutput == digest.standardOutput)
        let caseFile = copy.appendingPathComponent("stack/lifo.yaml")
        let text = try String(contentsOf: caseFile, encoding: .utf8)
        try (text + "# one more comment\n").write(to: caseFile, atomically: true, encoding: .utf8)
        #expect(try IAMSpecExecutable.run("list", "--digest", copy.path).standardOutput != digest.standardOutput)
    }

    @Test func theCommittedFieldRendersNineEnginesAndMarksOnlyThoseThatRanOtherSpecs() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("field")
        try FileManager.default.copyItem(at: Self.field, to: copy)
        let digest = try IAMSpecExecutable.run("list", "--digest", Self.specs).standardOutput
            .trimmingCharacters(in: .newlines)
        // Every engine ran these Specs but the first, which ran others.
        let lines = try String(contentsOf: copy.appendingPathComponent("provenance.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { line -> String in
                var entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                entry["specs_digest"] = digest
                return String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self)
            }
        #expect(lines.count == 9)
        let other = lines[0].replacingOccurrences(of: digest, with: "fnv1a64:0000000000000000")
        try ([other] + lines.dropFirst()).joined(separator: "\n")
            .write(to: copy.appendingPathComponent("provenance.jsonl"), atomically: true, encoding: .utf8)
        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, Self.specs, "--field", copy.path)
        #expect(docs.status == 0, "\(docs.standardError)")
        let page = try String(contentsOfFile: site + "/field.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<td class=\"stale\" data-label=\"Specs\">").count - 1 == 1)
        #expect(page.contains("<code>fnv1a64:0000000000000000</code>, these are <code>\(digest)</code>"))
        #expect(page.components(separatedBy: "<tr id=\"engine-").count - 1 == 9)
        #expect(!page.contains(folder.path), "the page names no path of this machine")
    }

    @Test func eachEngineIsShownOnlyItsOwnVendorsCode() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, Self.specs, "--field", Self.field.path)
        #expect(docs.status == 0, "\(docs.standardError)")
        var repositories: [String: String] = [:]
        for line in try String(contentsOf: Self.field.appendingPathComponent("provenance.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        {
            let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            repositories[entry["adapter"] as! String] = (entry["repository"] as! String).lowercased()
        }
        #expect(repositories.count == 9)
        var shown = 0
        var noneOfTheVendor = 0
        for area in try FileManager.default.contentsOfDirectory(atPath: site + "/areas") where area.hasSuffix(".html") {
            let page = try String(contentsOfFile: site + "/areas/" + area, encoding: .utf8)
            for engine in page.matches(of: /<li><span class="label">([^<]*)<\/span> (.*?)<\/li>/) {
                let adapter = String(engine.output.1)
                // Each name's part after "vendor code: ", up to the engine's next name.
                for name in engine.output.2.split(separator: ". by ") {
                    noneOfTheVendor += name.contains("; no code of this vendor cited for this name") ? 1 : 0
                    guard let code = name.firstRange(of: "; vendor code: ") else { continue }
                    for cited in name[code.upperBound...].matches(of: /([A-Za-z0-9][\w.-]*\/[\w.-]+)@[0-9a-f]{7,40}/) {
                        shown += 1
                        #expect(
                            cited.output.1.lowercased() == repositories[adapter],
                            "\(area): \(adapter) is shown \(cited.output.0), another vendor's code"
                        )
                    }
                }
            }
        }
        #expect(shown > 0, "the committed field's names cite their vendors' code")
        #expect(noneOfTheVendor > 0, "some name of the committed field cites only other vendors' code")
    }

    @Test func aProvenanceLineItCannotReadIsAUsageErrorAtItsPlace() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let field = folder.appendingPathComponent("field")
        try FileManager.default.createDirectory(at: field, withIntermediateDirectories: true)
        try "\n{\"adapter\": \"a\", \"vendor\": 3}\n"
            .write(to: field.appendingPathComponent("provenance.jsonl"), atomically: true, encoding: .utf8)
        let docs = try IAMSpecExecutable.run(
            "docs",
            "--out",
            folder.appendingPathComponent("site").path,
            Self.specs,
            "--field",
            field.path
        )
        #expect(docs.status == 2)
        #expect(
            docs.standardError.contains(
                "\(field.path)/provenance.jsonl:2:1: error: found 3, expected \"vendor\" a string that is not empty"
            ),
            "\(docs.standardError)"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }
}
