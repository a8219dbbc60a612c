import Dispatch
import IAMSpec
import IAMSpecPlatform
import Synchronization

/// Everything loaded from a set of spec paths: the cases, the rule catalogue, and every problem found.
public struct LoadedSuite: Sendable {
    /// The valid cases, sorted by id.
    ///
    /// The suite keeps the models of its first few megabytes of case files only
    /// (`LoadedCase`): reading this property reads the other files again, and holds every case
    /// at once, each time it is read. The runner reads a case only when its runs start. A case
    /// file changed since the suite was loaded is an error naming it.
    public var cases: [SpecCase] {
        get throws(SuiteLoadingError) {
            var cases: [SpecCase] = []
            cases.reserveCapacity(loadedCases.count)
            var last: (file: ObjectIdentifier, cases: [SpecCase])?
            for loaded in loadedCases {
                do {
                    cases.append(try loaded.decoded(after: &last))
                } catch {
                    throw SuiteLoadingError(diagnostics: [error.diagnostic])
                }
            }
            return cases
        }
    }
    /// Calls `body` with every valid case, as ``cases`` reads them but one at a time and each
    /// file's cases together (the files in the order of their first case, a file read again once
    /// at most): what judges each case alone reads, without holding every case at once.
    ///
    /// - Throws: `CaseFileChanged` when a case file changed since the suite was loaded.
    package func forEachCase(_ body: (SpecCase) -> Void) throws(CaseFileChanged) {
        var last: (file: ObjectIdentifier, cases: [SpecCase])?
        for loaded in loadedCases.keptTogether(by: \.fileIdentity) {
            body(try loaded.decoded(after: &last))
        }
    }

    /// The valid cases, in the order of ``cases``, each with its id, tags and profiles.
    package var loadedCases: [LoadedCase]
    /// The rule catalogue (`rules.yaml` found at the root of a loaded folder), empty when none was found.
    public var rules: RuleCatalogue
    /// The seed documents the rules quote (`seeds.yaml` beside `rules.yaml`), empty when there is none.
    public var seeds = SeedCatalogue()
    /// Every problem in every file, sorted by location. The suite is usable only when this is empty.
    public var diagnostics: [Diagnostic]
    /// The case files read, as paths starting with the path given, in load order.
    package var caseFiles: [String] = []
    /// The rule catalogues read.
    package var catalogueFiles: [String] = []
    /// The seed catalogues read (a `seeds.yaml` beside a rule catalogue).
    package var seedCatalogueFiles: [String] = []

    package init(cases: [SpecCase], rules: RuleCatalogue, diagnostics: [Diagnostic]) {
        self.init(loadedCases: LoadedCase.kept(cases), rules: rules, diagnostics: diagnostics)
    }

    package init(loadedCases: [LoadedCase], rules: RuleCatalogue, diagnostics: [Diagnostic]) {
        self.loadedCases = loadedCases
        self.rules = rules
        self.diagnostics = diagnostics
    }
}

/// Loads spec files and folders.
public enum SuiteLoader {
    /// Loads every `*.yaml` file below each path (a file or a folder), reporting all problems.
    ///
    /// The catalogue for a path is the `rules.yaml` in the nearest folder at or above it; rule ids
    /// in its cases are checked against it. Files are read on `jobs` threads (the calling thread
    /// alone when it is 1); the result is the same whatever the order they finish in.
    public static func load(
        paths: [String],
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> LoadedSuite {
        load(paths: paths, jobs: jobs, stoppingWhen: { false })
    }

    /// Loads as ``load(paths:jobs:)``, but takes no file more once `isStopped` says so (the tool
    /// asks whether it was interrupted before each file): the suite is then partial, and only
    /// what it says of the files (``LoadedSuite/caseFiles``, ``LoadedSuite/catalogueFiles``) may
    /// be used. The cases of the first `modelBudget` bytes of case files are kept as models, the
    /// others read again when their runs start (``LoadedCase``).
    ///
    /// Without `readsFIFOs`, a path that is a FIFO is a problem, as one found in a folder is
    /// (`iamspec migrate` reads each file twice and writes it back). With `readingEarlierFormat`,
    /// cases are read as written for 0.1.0 (what `iamspec migrate` reads to rewrite): see
    /// `CaseDecoder.readsEarlierFormat`. A `catalogue` given is the rule catalogue of every path,
    /// in place of the `rules.yaml` found near each (`iamspec migrate --rules`: a folder kept from
    /// 0.1.0 holds 0.1.0's catalogue).
    package static func load(
        paths: [String],
        jobs: Int,
        modelBudget: Int = ModelBudget.suiteDefault,
        readsFIFOs: Bool = true,
        readingEarlierFormat: Bool = false,
        catalogue givenCatalogue: String? = nil,
        stoppingWhen isStopped: @escaping @Sendable () -> Bool
    ) -> LoadedSuite {
        var diagnostics: [Diagnostic] = []
        var caseFiles: [CaseFileJob] = []
        var catalogueFiles: [String] = []
        var seenFiles: Set<String> = []
        for path in paths {
            let selection = SpecFiles.select(path, readsFIFO: readsFIFOs)
            diagnostics += selection.problems
            var catalogueIndex: Int?
            if let catalogue = givenCatalogue ?? selection.catalogue {
                if let known = catalogueFiles.firstIndex(of: catalogue) {
                    catalogueIndex = known
                } else {
                    catalogueIndex = catalogueFiles.count
                    catalogueFiles.append(catalogue)
                }
            }
            for file in selection.caseFiles where seenFiles.insert(SpecFiles.identity(of: file)).inserted {
                caseFiles.append(CaseFileJob(file: file, catalogueIndex: catalogueIndex))
            }
        }
        let catalogues = catalogueFiles.map { loadCatalogue($0) }
        var rules: [Rule] = []
        var ruleIDs: Set<String> = []
        var seeds: [Seed] = []
        var seedFiles: Set<String> = []
        for catalogue in catalogues {
            diagnostics += catalogue.diagnostics
            rules += catalogue.rules.rules.filter { ruleIDs.insert($0.id).inserted }
            seeds += catalogue.seeds.seeds.filter { seedFiles.insert($0.file).inserted }
        }
        let checkedCatalogues = catalogues.indices.map { index -> (rules: RuleCatalogue, file: String)? in
            catalogues[index].diagnostics.isEmpty ? (catalogues[index].rules, catalogueFiles[index]) : nil
        }
        var results = loadCaseFiles(
            caseFiles,
            jobs: max(1, jobs),
            catalogues: checkedCatalogues,
            budget: ModelBudget(bytes: modelBudget),
            readingEarlierFormat: readingEarlierFormat,
            stoppingWhen: isStopped
        )
        var cases: [LoadedCase] = []
        cases.reserveCapacity(results.reduce(0) { $0 + ($1?.cases.count ?? 0) })
        var identities: [CaseDecoder.CaseIdentity] = []
        // In file order, whatever the order the files were read in; each file's result is let go
        // once its cases are moved, so the suite is never held twice.
        for index in results.indices {
            guard let result = results[index].take() else { continue }
            cases += result.cases
            identities += result.identities
            diagnostics += result.diagnostics
        }
        let duplicated = duplicateCaseIDs(identities, diagnostics: &diagnostics)
        if !duplicated.isEmpty {
            cases.removeAll { duplicated.contains($0.id) }
        }
        diagnostics.sort()
        var suite = LoadedSuite(
            loadedCases: sortedByID(cases),
            rules: RuleCatalogue(rules: rules),
            diagnostics: diagnostics
        )
        suite.seeds = SeedCatalogue(seeds: seeds)
        suite.caseFiles = caseFiles.map(\.file)
        suite.catalogueFiles = catalogueFiles
        suite.seedCatalogueFiles = catalogues.compactMap(\.seedFile)
        return suite
    }

    /// The cases sorted by id, as `String` orders ids (their ids are unique by now).
    private static func sortedByID(_ cases: [LoadedCase]) -> [LoadedCase] {
        guard let ids = PackedIDs(count: cases.count, { cases[$0].id }) else {
            return cases.sorted { $0.id < $1.id }
        }
        return ids.sortedPositions().map { cases[$0] }
    }

    /// Loads the case files on `jobs` threads, each taking the next file not yet taken until
    /// `isStopped`; the results are in file order (nil for a file not loaded).
    private static func loadCaseFiles(
        _ files: [CaseFileJob],
        jobs: Int,
        catalogues: [(rules: RuleCatalogue, file: String)?],
        budget: ModelBudget,
        readingEarlierFormat: Bool,
        stoppingWhen isStopped: @escaping @Sendable () -> Bool
    ) -> [CaseFileResult?] {
        let progress = Mutex(LoadProgress(results: Array(repeating: nil, count: files.count)))
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, files.count))) { _ in
            while true {
                guard !isStopped() else { return }
                let position = progress.withLock { $0.takeNext() }
                guard position < files.count else { return }
                let job = files[position]
                let loaded = loadCases(
                    job.file,
                    catalogue: job.catalogueIndex.flatMap { catalogues[$0] },
                    budget: budget,
                    readingEarlierFormat: readingEarlierFormat,
                    stoppingWhen: isStopped
                )
                progress.withLock { $0.results[position] = loaded }
            }
        }
        return progress.withLock { state in
            defer { state.results = [] }
            return state.results
        }
    }

    /// Reports each case id used more than once, at every place it is used; returns those ids.
    private static func duplicateCaseIDs(
        _ identities: [CaseDecoder.CaseIdentity],
        diagnostics: inout [Diagnostic]
    ) -> Set<String> {
        // Locations are gathered for the ids used twice only: a suite of 100,000 cases has
        // 100,000 ids, and a location list for each would add ≈ 100 bytes per case to the peak.
        var locations: [String: [SourceLocation]] = [:]
        if let ids = PackedIDs(count: identities.count, { identities[$0].id }) {
            for positions in ids.repeatedPositions() {
                locations[identities[positions[0]].id] = positions.map { identities[$0].location }
            }
        } else {
            var seen: Set<String> = []
            var repeated: Set<String> = []
            seen.reserveCapacity(identities.count)
            for identity in identities where !seen.insert(identity.id).inserted {
                repeated.insert(identity.id)
            }
            seen = []
            for identity in identities where repeated.contains(identity.id) {
                locations[identity.id, default: []].append(identity.location)
            }
        }
        var duplicated: Set<String> = []
        for (id, places) in locations where places.count > 1 {
            duplicated.insert(id)
            for place in places {
                let others = places.filter { $0 != place }.map(\.description).joined(separator: ", ")
                diagnostics.append(
                    Diagnostic(
                        "duplicate case id '\(id)'; expected ids unique across the suite, also used at \(others)",
                        at: place
                    )
                )
            }
        }
        return duplicated
    }

    /// A rule catalogue, with the seed catalogue beside it when there is one (whose seeds its
    /// quotes must name, each in its seed's language).
    private static func loadCatalogue(_ file: String) -> LoadedCatalogue {
        let bytes: [UInt8]
        switch YAMLFile.contents(of: file, unreadable: unreadable(file)) {
        case .bytes(let read): bytes = read
        case .problem(let problem): return LoadedCatalogue(rules: RuleCatalogue(), diagnostics: [problem])
        }
        let composition = YAMLComposer(file: file).compose(bytes)
        // As for a case file, a YAML-level problem may change what the rules say: it alone is said.
        guard composition.diagnostics.isEmpty else {
            return LoadedCatalogue(rules: RuleCatalogue(), diagnostics: composition.diagnostics)
        }
        var decoder = RuleCatalogueDecoder(file: file)
        var loaded = LoadedCatalogue(
            rules: decoder.decode(composition.documents),
            diagnostics: composition.diagnostics + decoder.reader.diagnostics
        )
        let folderEnd = file.lastIndex(of: "/").map { file.index(after: $0) } ?? file.startIndex
        let seedFile = String(file[..<folderEnd]) + SpecFiles.seedCatalogueName
        guard FileManager.default.fileExists(atPath: seedFile) else { return loaded }
        if let refusal = LinkBoundary.refusal(
            of: seedFile,
            within: LinkBoundary.parent(of: seedFile),
            role: "a seed catalogue",
            isNamed: SpecFiles.isSpecFileName
        ) {
            loaded.diagnostics.append(SpecFiles.unquoted(refusal, at: seedFile))
            return loaded
        }
        loaded.seedFile = seedFile
        let seedBytes: [UInt8]
        switch YAMLFile.contents(of: seedFile, unreadable: unreadable(seedFile)) {
        case .bytes(let read): seedBytes = read
        case .problem(let problem):
            loaded.diagnostics.append(problem)
            return loaded
        }
        let seedComposition = YAMLComposer(file: seedFile).compose(seedBytes)
        guard seedComposition.diagnostics.isEmpty else {
            loaded.diagnostics += seedComposition.diagnostics
            return loaded
        }
        var seedDecoder = SeedCatalogueDecoder(file: seedFile)
        loaded.seeds = seedDecoder.decode(seedComposition.documents)
        loaded.diagnostics += seedDecoder.reader.diagnostics
        if loaded.diagnostics.isEmpty {
            loaded.diagnostics = SeedCatalogueDecoder.checkQuotes(
                of: loaded.rules,
                against: loaded.seeds,
                seedFile: seedFile
            )
        }
        return loaded
    }

    /// The cases of one file, held as the budget allows (``LoadedCase``); nil when `isStopped`
    /// ends the wait for a FIFO's writer.
    private static func loadCases(
        _ file: String,
        catalogue: (rules: RuleCatalogue, file: String)?,
        budget: ModelBudget,
        readingEarlierFormat: Bool,
        stoppingWhen isStopped: () -> Bool
    ) -> CaseFileResult? {
        let reading = CaseFileReading(file: file, catalogue: catalogue, readsEarlierFormat: readingEarlierFormat)
        guard let read = reading.read(stoppingWhen: isStopped) else { return nil }
        guard let bytes = read.bytes else {
            return CaseFileResult(cases: [], identities: read.identities, diagnostics: read.diagnostics)
        }
        return CaseFileResult(
            cases: LoadedCase.hold(read.cases, of: reading, bytes: bytes, within: budget),
            identities: read.identities,
            diagnostics: read.diagnostics
        )
    }

    /// The message for a file of the suite that cannot be read, for the reason.
    static func unreadable(_ file: String) -> (_ reason: String) -> String {
        { reason in "cannot read '\(file)': \(reason); expected a readable file" }
    }
}

/// A rule catalogue as loaded, with the seed catalogue beside it (if any) and every problem of both.
private struct LoadedCatalogue {
    var rules: RuleCatalogue
    var seeds = SeedCatalogue()
    /// The `seeds.yaml` beside the rule catalogue, when there is one.
    var seedFile: String?
    var diagnostics: [Diagnostic]
}

/// A case file to load, with the catalogue its path found.
private struct CaseFileJob: Sendable {
    let file: String
    let catalogueIndex: Int?
}

/// The files handed out so far, and what each loaded file yielded.
private struct LoadProgress: Sendable {
    var next = 0
    var results: [CaseFileResult?]

    /// The position of the next file to load; the file count once all are taken.
    mutating func takeNext() -> Int {
        defer { next += 1 }
        return next
    }
}

/// What one case file yields.
private struct CaseFileResult: Sendable {
    /// The file's valid cases, kept or to be read again.
    let cases: [LoadedCase]
    let identities: [CaseDecoder.CaseIdentity]
    let diagnostics: [Diagnostic]
}
