import Dispatch
import IAMSpec
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything loaded from a set of spec paths: the cases, the rule catalogue, and every problem found.
public struct LoadedSuite: Sendable {
    /// The valid cases, sorted by id.
    ///
    /// The suite holds its cases encoded (a case takes a few hundred bytes so, against ≈ 1.4 KB
    /// as a `SpecCase`): reading this property decodes every case, and holds them all at once,
    /// each time it is read; setting it encodes them. The runner decodes a case only when its
    /// runs start.
    public var cases: [SpecCase] {
        get { compactCases.map { $0.decoded() } }
        set { compactCases = CompactCase.encode(newValue) }
    }
    /// The valid cases, each held encoded, in the order of ``cases``.
    package var compactCases: [CompactCase]
    /// The rule catalogue (`rules.yaml` found at the root of a loaded folder), empty when none was found.
    public var rules: RuleCatalogue
    /// Every problem in every file, sorted by location. The suite is usable only when this is empty.
    public var diagnostics: [Diagnostic]

    package init(cases: [SpecCase], rules: RuleCatalogue, diagnostics: [Diagnostic]) {
        self.init(compactCases: CompactCase.encode(cases), rules: rules, diagnostics: diagnostics)
    }

    package init(compactCases: [CompactCase], rules: RuleCatalogue, diagnostics: [Diagnostic]) {
        self.compactCases = compactCases
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
        var diagnostics: [Diagnostic] = []
        var caseFiles: [CaseFileJob] = []
        var catalogueFiles: [String] = []
        var seenFiles: Set<String> = []
        for path in paths {
            let selection = SpecFiles.select(path)
            diagnostics += selection.problems
            var catalogueIndex: Int?
            if let catalogue = selection.catalogue {
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
        for catalogue in catalogues {
            diagnostics += catalogue.diagnostics
            rules += catalogue.rules.rules.filter { ruleIDs.insert($0.id).inserted }
        }
        let checkedCatalogues = catalogues.indices.map { index -> (rules: RuleCatalogue, file: String)? in
            catalogues[index].diagnostics.isEmpty ? (catalogues[index].rules, catalogueFiles[index]) : nil
        }
        var results = loadCaseFiles(caseFiles, jobs: max(1, jobs), catalogues: checkedCatalogues)
        var cases: [CompactCase] = []
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
        return LoadedSuite(
            compactCases: sortedByID(cases),
            rules: RuleCatalogue(rules: rules),
            diagnostics: diagnostics
        )
    }

    /// The cases sorted by id, as `String` orders ids (their ids are unique by now).
    private static func sortedByID(_ cases: [CompactCase]) -> [CompactCase] {
        guard let ids = PackedIDs(count: cases.count, { cases[$0].id }) else {
            return cases.sorted { $0.id < $1.id }
        }
        return ids.sortedPositions().map { cases[$0] }
    }

    /// Loads the case files on `jobs` threads, each taking the next file not yet taken; the
    /// results are in file order.
    private static func loadCaseFiles(
        _ files: [CaseFileJob],
        jobs: Int,
        catalogues: [(rules: RuleCatalogue, file: String)?]
    ) -> [CaseFileResult?] {
        let progress = Mutex(LoadProgress(results: Array(repeating: nil, count: files.count)))
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, files.count))) { _ in
            while true {
                let position = progress.withLock { $0.takeNext() }
                guard position < files.count else { return }
                let job = files[position]
                let loaded = loadCases(job.file, catalogue: job.catalogueIndex.flatMap { catalogues[$0] })
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

    private static func loadCatalogue(_ file: String) -> (rules: RuleCatalogue, diagnostics: [Diagnostic]) {
        guard let bytes = FileManager.default.contents(atPath: file) else {
            return (RuleCatalogue(), [unreadable(file)])
        }
        let composition = YAMLComposer(file: file).compose([UInt8](bytes))
        var decoder = RuleCatalogueDecoder(file: file)
        let rules = decoder.decode(composition.documents)
        return (rules, composition.diagnostics + decoder.reader.diagnostics)
    }

    /// The cases of one file. A YAML-level problem (a duplicate key dropped, an unknown tag, a
    /// syntax error) may change what the cases say, so a file with one yields diagnostics only.
    private static func loadCases(
        _ file: String,
        catalogue: (rules: RuleCatalogue, file: String)?
    ) -> CaseFileResult {
        guard let bytes = FileManager.default.contents(atPath: file) else {
            return CaseFileResult(cases: [], identities: [], diagnostics: [unreadable(file)])
        }
        var decoder = CaseDecoder(file: file, catalogue: catalogue)
        let problems = YAMLComposer(file: file).compose([UInt8](bytes)) { decoder.decode(document: $0) }
        return CaseFileResult(
            cases: problems.isEmpty ? CompactCase.encode(decoder.cases) : [],
            identities: decoder.identities,
            diagnostics: problems + decoder.reader.diagnostics
        )
    }

    private static func unreadable(_ file: String) -> Diagnostic {
        Diagnostic(
            "cannot read '\(file)'; expected a readable file",
            at: SourceLocation(file: file, line: 1, column: 1)
        )
    }
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
    /// The file's valid cases, encoded together.
    let cases: [CompactCase]
    let identities: [CaseDecoder.CaseIdentity]
    let diagnostics: [Diagnostic]
}

/// Ids side by side as their UTF-8 bytes, to sort them and to find those used twice without
/// `String`'s comparison and hashing (which cost several times a comparison of bytes).
///
/// For ASCII ids only, as every valid case id is (an invalid one may not be): `String` orders
/// strings by their Unicode scalars after canonical normalization, and an ASCII string is its own
/// normal form, one scalar per byte of the same value; so two ASCII ids compare, and are equal,
/// as their bytes do (a proper prefix first).
private struct PackedIDs {
    /// Every id's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Where each id starts in `bytes`, and after the last one, where it ends.
    private var starts: [Int] = [0]

    /// The ids `id(0)`, ..., `id(count - 1)`; nil when one is not ASCII.
    init?(count: Int, _ id: (Int) -> String) {
        starts.reserveCapacity(count + 1)
        for position in 0..<count {
            var id = id(position)
            id.withUTF8 { bytes.append(contentsOf: $0) }
            starts.append(bytes.count)
        }
        // ASCII when no byte has its high bit set, read 8 bytes at a time.
        let highBits = bytes.withUnsafeBytes { raw in
            var union: UInt64 = 0
            var offset = 0
            while offset + 8 <= raw.count {
                union |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < raw.count {
                union |= UInt64(raw[offset])
                offset += 1
            }
            return union & 0x8080_8080_8080_8080
        }
        guard highBits == 0 else { return nil }
    }

    /// The positions of the ids, sorted by id; equal ids in the order they were given.
    ///
    /// A three-way radix quicksort (Bentley and Sedgewick): the positions are split by one byte
    /// of their ids at a time, so that ids sharing a long prefix (`bench.stacking.0…`) are not
    /// compared from their first byte again and again.
    func sortedPositions() -> [Int] {
        var order = Array(0..<starts.count - 1)
        bytes.withUnsafeBufferPointer { bytes in
            order.withUnsafeMutableBufferPointer { order in
                sort(order, from: 0, to: order.count, depth: 0, bytes)
            }
        }
        return order
    }

    /// Sorts `order[low..<high]`, ids that agree on their first `depth` bytes.
    private func sort(
        _ order: UnsafeMutableBufferPointer<Int>,
        from low: Int,
        to high: Int,
        depth: Int,
        _ bytes: UnsafeBufferPointer<UInt8>
    ) {
        var low = low
        var high = high
        var depth = depth
        while high - low > 1 {
            let pivot = byte(depth, of: order[low + (high - low) / 2], bytes)
            // order[low..<less] below the pivot, order[less..<greater] at it, order[greater...] above.
            var less = low
            var greater = high
            var next = low
            while next < greater {
                let byte = byte(depth, of: order[next], bytes)
                if byte < pivot {
                    order.swapAt(less, next)
                    less += 1
                    next += 1
                } else if byte > pivot {
                    greater -= 1
                    order.swapAt(next, greater)
                } else {
                    next += 1
                }
            }
            sort(order, from: low, to: less, depth: depth, bytes)
            sort(order, from: greater, to: high, depth: depth, bytes)
            guard pivot >= 0 else {
                // Equal ids, all ended at this depth: in the order given.
                var equal = UnsafeMutableBufferPointer(rebasing: order[less..<greater])
                equal.sort()
                return
            }
            low = less
            high = greater
            depth += 1
        }
    }

    /// The byte of the id at `position` at `depth`; -1 past its end (so a prefix sorts first).
    private func byte(_ depth: Int, of position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let index = starts[position] + depth
        return index < starts[position + 1] ? Int(bytes[index]) : -1
    }

    /// The positions of each id given more than once, in the order given; the ids in the order
    /// of their first use.
    func repeatedPositions() -> [[Int]] {
        // Open addressing: each slot holds a position + 1 (0 for an empty slot), the first
        // position of its id.
        var slotCount = 16
        while slotCount < starts.count * 2 { slotCount <<= 1 }
        var slots = [Int](repeating: 0, count: slotCount)
        var repeats: [Int: [Int]] = [:]
        var firstUses: [Int] = []
        bytes.withUnsafeBufferPointer { bytes in
            for position in 0..<starts.count - 1 {
                var slot = hash(position, bytes) & (slotCount - 1)
                while slots[slot] != 0 {
                    let first = slots[slot] - 1
                    if areEqual(first, position, bytes) {
                        if repeats[first] == nil { firstUses.append(first) }
                        repeats[first, default: [first]].append(position)
                        break
                    }
                    slot = (slot + 1) & (slotCount - 1)
                }
                if slots[slot] == 0 { slots[slot] = position + 1 }
            }
        }
        return firstUses.map { repeats[$0]! }
    }

    /// FNV-1a of the id's bytes.
    private func hash(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes[starts[position]..<starts[position + 1]] {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }

    private func areEqual(_ one: Int, _ other: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = starts[one + 1] - starts[one]
        return count == starts[other + 1] - starts[other]
            && (count == 0 || memcmp(bytes.baseAddress! + starts[one], bytes.baseAddress! + starts[other], count) == 0)
    }
}
