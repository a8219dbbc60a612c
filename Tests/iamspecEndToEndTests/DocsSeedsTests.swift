import Foundation
import Testing

/// `iamspec docs --seeds DIR`: a page per seed with the quoted passages marked, each quote's
/// citation linking to its passage; a seed the rules quote but the folder lacks is a usage error.
@Suite("iamspec docs --seeds")
struct DocsSeedsTests {
    /// A copy of Fixtures/specs/passing (whose rules quote the seed `003`) with a seeds.yaml, and a
    /// seed folder whose `003` holds two of the three quotes, the first across a line break.
    static func scratch() throws -> (folder: URL, suite: String, seeds: String) {
        let folder = try IAMSpecExecutable.scratchFolder()
        let suite = folder.appendingPathComponent("specs")
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/specs/passing"),
            to: suite
        )
        try """
        - file: "003"
          title: In-App Message Delivery
          language: en
          profile: appboy-legacy
        """.write(to: suite.appendingPathComponent("seeds.yaml"), atomically: true, encoding: .utf8)
        let seeds = folder.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try """
        # In-App Message Delivery

        Our in-app message product allows you to trigger in-app message display as a result of
        several different event types: `Any Purchase`, `Specific Purchase`, `Session Start`, `Custom Event`, `Push Click`.

        When a trigger event has more than one eligible in-app message associated with it, only the in-app message with the highest priority will be delivered.
        """.write(to: seeds.appendingPathComponent("003"), atomically: true, encoding: .utf8)
        return (folder, suite.path, seeds.path)
    }

    @Test func eachSeedGetsAPageAndEachQuoteLinksToItsPassage() throws {
        let (folder, suite, seeds) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, suite, "--seeds", seeds)
        #expect(docs.status == 0, "\(docs.standardError)")
        let page = try String(contentsOfFile: site + "/seeds/003.html", encoding: .utf8)
        #expect(page.contains("<h1>In-App Message Delivery</h1>"))
        #expect(page.contains("English · legacy Appboy SDK · 2 passages quoted by the rules"))
        #expect(
            page.contains(
                "<mark>Our in-app message product allows you to trigger in-app message display as a result of</mark>\n<mark>several"
            )
        )
        let anchors = page.components(separatedBy: "<span id=\"quote-").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(anchors.count == 2)
        let html = try FileManager.default.subpathsOfDirectory(atPath: site + "/areas")
            .map { try String(contentsOfFile: site + "/areas/" + $0, encoding: .utf8) }.joined()
        for anchor in anchors {
            #expect(
                html.contains(
                    "<a href=\"../seeds/003.html#quote-\(anchor)\"><cite lang=\"en\">In-App Message Delivery</cite></a>"
                )
            )
        }
        // The third quote is not in this text: its citation links to the page, not to a passage.
        #expect(html.contains("<a href=\"../seeds/003.html\"><cite lang=\"en\">In-App Message Delivery</cite></a>"))
        #expect(FileManager.default.fileExists(atPath: site + "/markdown/seeds/003.md"))
    }

    @Test func aSeedTheFolderLacksIsAUsageError() throws {
        let (folder, suite, _) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, suite, "--seeds", empty)
        #expect(docs.status == 2)
        #expect(
            docs.standardError.contains(
                "error: --seeds \(empty): cannot read \(empty)/003: No such file or directory; expected the seed 003, which the rules quote"
            )
        )
        #expect(!FileManager.default.fileExists(atPath: site), "nothing written")
    }

    /// A file beside the seeds folder whose bytes no site may hold.
    private static func plantSecret(in folder: URL) throws -> String {
        let secret = folder.appendingPathComponent("secret.txt")
        try "IAMSPEC_SECRET_TOKEN=not-for-the-site\n".write(to: secret, atomically: true, encoding: .utf8)
        return secret.path
    }

    /// Every byte of every file of the site, as text.
    private static func siteText(_ site: String) -> String {
        let files = FileManager.default.subpaths(atPath: site) ?? []
        return files.compactMap { try? String(contentsOfFile: site + "/" + $0, encoding: .utf8) }.joined()
    }

    @Test func aSeedNameThatLeavesTheFolderIsALintError() throws {
        let (folder, suite, seeds) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.plantSecret(in: folder)
        let catalogue = suite + "/seeds.yaml"
        try """
        - file: "003"
          title: In-App Message Delivery
          language: en
          profile: appboy-legacy
        - file: ../secret.txt
          title: Not a seed
          language: en
          profile: appboy-legacy
        """.write(toFile: catalogue, atomically: true, encoding: .utf8)
        let lint = try IAMSpecExecutable.run("lint", suite)
        #expect(lint.status == 2)
        #expect(
            lint.standardError.contains(
                "\(catalogue):5:9: error: 'file' is ../secret.txt; expected the name of a file in the seeds folder "
                    + "(no '/', not '.' or '..')"
            ),
            "\(lint.standardError)"
        )
        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, suite, "--seeds", seeds)
        #expect(docs.status == 2)
        #expect(!Self.siteText(site).contains("IAMSPEC_SECRET_TOKEN"))
    }

    @Test func aSeedThatLinksOutOfTheFolderIsRefusedAndTheSiteHoldsNoByteOfIt() throws {
        let (folder, suite, seeds) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = try Self.plantSecret(in: folder)
        try FileManager.default.removeItem(atPath: seeds + "/003")
        try FileManager.default.createSymbolicLink(atPath: seeds + "/003", withDestinationPath: "../secret.txt")
        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, suite, "--seeds", seeds)
        #expect(docs.status == 2)
        let resolvedSeeds = URL(fileURLWithPath: seeds).resolvingSymlinksInPath().path
        let resolvedSecret = URL(fileURLWithPath: secret).resolvingSymlinksInPath().path
        #expect(
            docs.standardError.contains(
                "\(suite)/seeds.yaml:1:3: error: the seed 003 is \(resolvedSecret), outside --seeds \(resolvedSeeds); "
                    + "expected a plain file inside the seeds folder"
            ),
            "\(docs.standardError)"
        )
        #expect(!Self.siteText(site).contains("IAMSPEC_SECRET_TOKEN"))

        // A link inside the folder to a file inside it is followed.
        try FileManager.default.moveItem(atPath: secret, toPath: seeds + "/real-003")
        try "# In-App Message Delivery\n".write(toFile: seeds + "/real-003", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: seeds + "/003")
        try FileManager.default.createSymbolicLink(atPath: seeds + "/003", withDestinationPath: "real-003")
        let followed = try IAMSpecExecutable.run("docs", "--out", site, suite, "--seeds", seeds)
        #expect(followed.status == 0, "\(followed.standardError)")
    }
}
