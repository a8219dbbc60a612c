import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner

/// The suite as a static site (`iamspec docs`): HTML pages with one stylesheet, the same
/// content as Markdown under `markdown/`; with the seeds' texts a page per seed under `seeds/`;
/// and with results a summary matrix (rules × engines, a few engines per table), a page per
/// engine under `engines/` and an SVG badge per engine under `badges/`; with the field's results
/// (public engines' streams and their provenance) a field page and each rule's "In the field".
///
/// The output depends only on its inputs: the same suite and results give the same bytes.
/// Times shown come from the results' headers, never from the clock.
public enum DocumentationSite {
    /// One file of the site.
    public struct File: Sendable, Hashable {
        /// Relative to the site's folder, with `/` separators.
        public var path: String
        /// The file's text: HTML, Markdown, CSS or SVG.
        public var contents: String
    }

    /// Every file of the site, sorted by path.
    ///
    /// - Parameters:
    ///   - cases: the suite's cases, each told in words on its rule area's page.
    ///   - rules: the rule catalogue, each rule with its quotes and sources.
    ///   - suitePaths: the spec paths loaded, named in each page's footer.
    ///   - results: results streams, one per engine (merge shards first).
    ///   - seeds: the seed documents the rules quote (`seeds.yaml`): a quote is cited by its
    ///     seed's title, language and SDK generation; by the seed's file name when the seed is
    ///     not described.
    ///   - seedTexts: the text of seed documents, by file name: each is written as a page with
    ///     the passages the rules quote marked, and each quote links to its passage.
    ///   - field: the public engines' results, with their provenance: a field page (a matrix of
    ///     rules by engine) and, on each rule, which engines follow it and which differ, by what.
    /// - Throws: ``SiteError`` when two results streams are for the same engine.
    public static func files(
        cases: [SpecCase],
        rules: RuleCatalogue,
        suitePaths: [String],
        results: [RunSummary] = [],
        seeds: SeedCatalogue = SeedCatalogue(),
        seedTexts: [String: String] = [:],
        field: FieldResults? = nil
    ) throws(SiteError) -> [File] {
        let matrix = results.isEmpty ? nil : try ConformanceMatrix(results: results, caseIDs: cases.map(\.id))
        let fieldView = try field.map { field throws(SiteError) in try FieldView(field, caseIDs: cases.map(\.id)) }
        let content = SiteContent(
            cases: cases,
            rules: rules,
            matrix: matrix,
            field: fieldView,
            seeds: seeds,
            seedTexts: seedTexts
        )
        let provenance =
            "Made by iamspec \(IAMSpecVersion.current) docs from \(suitePaths.joined(separator: ", "))"
            + (results.isEmpty ? "" : " and the results of \(results.count) run\(results.count == 1 ? "" : "s")")
            + (field.map { " and the field's results of \($0.engines.count) public engines" } ?? "") + "."
        var files = [File(path: "style.css", contents: SiteStylesheet.css)]
        files += HTMLSite(content: content, provenance: provenance).pages().map {
            File(path: $0.path, contents: $0.text)
        }
        files += MarkdownSite(content: content, provenance: provenance).pages().map {
            File(path: "markdown/\($0.path)", contents: $0.text)
        }
        for column in matrix?.columns ?? [] {
            files.append(
                File(
                    path: "badges/\(column.fileName).svg",
                    contents: ConformanceBadge.svg(
                        engine: column.summary.header.engine.name,
                        conformance: column.conformance
                    )
                )
            )
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Writes the files below `directory`, making folders as needed; files already there that
    /// the site does not have are left alone. A symbolic link where a folder of the site goes is
    /// replaced by the folder, as one where a file goes is replaced by the file (`AtomicFile`):
    /// what a link points at is never written. `directory` itself may be a link. The site is
    /// written whole or not at all (`AtomicFile.write(together:)`): when a page cannot be written
    /// (a full disk, a file-size limit), every file is left as it was and the folders this call
    /// made are removed.
    public static func write(_ files: [File], to directory: String) throws(AtomicFileError) {
        var made: [String] = []
        do {
            try makeFolder(directory, replacingALink: false, into: &made)
            var folders: Set<String> = []
            for file in files {
                var folder = directory
                for part in file.path.split(separator: "/").dropLast() {
                    folder += "/" + part
                    if folders.insert(folder).inserted {
                        try makeFolder(folder, replacingALink: true, into: &made)
                    }
                }
            }
            try AtomicFile.write(together: files.map { (directory + "/" + $0.path, Data($0.contents.utf8)) })
        } catch {
            // Deepest first: each is empty again once the folders below it are gone.
            for folder in made.reversed() { rmdir(folder) }
            throw error
        }
    }

    /// Makes `folder` and any folder above it that is missing; a folder already there is kept.
    /// With `replacingALink`, a symbolic link at `folder` is removed first (never what it points
    /// at), so that the folder is one of its own.
    /// The folders it makes are added to `made`, outermost first.
    private static func makeFolder(
        _ folder: String,
        replacingALink: Bool,
        into made: inout [String]
    ) throws(AtomicFileError) {
        let manager = FileManager.default
        do {
            if replacingALink, (try? manager.destinationOfSymbolicLink(atPath: folder)) != nil {
                try manager.removeItem(atPath: folder)
            }
            var missing: [String] = []
            var above = folder
            while !above.isEmpty, !manager.fileExists(atPath: above) {
                missing.append(above)
                above = String(above[..<(above.lastIndex(of: "/") ?? above.startIndex)])
            }
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            made += missing.reversed()
        } catch {
            var status = stat()
            if stat(folder, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
                throw AtomicFileError(path: folder, reason: "it is not a folder; expected a folder, or no file, there")
            }
            throw AtomicFileError(
                path: folder,
                reason: "cannot make the folder: \(FileSystemFailure.reason(of: error))"
            )
        }
    }
}
