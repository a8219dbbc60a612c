import IAMSpec
import IAMSpecPlatform
import IAMSpecPortable
import Synchronization

/// One loaded case, with what selecting and sorting runs read without its model: its id, tags
/// and profiles; the model itself kept, or read again from its file when its runs start.
///
/// A suite holds every case at once: held as a `SpecCase`, a case is ≈ 20 objects on the heap,
/// ≈ 1.4 KB. The cases of the files that fit in a suite's ``ModelBudget`` (its first few
/// megabytes of case files: every suite of a few thousand cases) are kept as they were decoded;
/// those of the other files are not held at all: ``decoded()`` reads the case's own lines of its
/// file again through the same reader (``CaseFileReading``, ``CaseLines``), after checking that
/// the file is the one loaded and the lines its bytes loaded.
package struct LoadedCase: Sendable {
    package let id: String
    package let tags: [String]
    package let profiles: [Profile]
    /// The file the case is in, with its models when they are kept.
    private let file: LoadedCaseFile
    /// The case's position among the valid cases of its file.
    private let index: Int

    /// The case: the model kept, or its own lines of its file read again (its whole file when
    /// they do not read as the case alone; a few files read whole keep their models, so that a
    /// file's next case reads nothing). A file changed since it was loaded (another file at its
    /// path, another size, other bytes in the case's lines, unreadable) is an error naming it,
    /// never read as another case.
    package func decoded() throws(CaseFileChanged) -> SpecCase {
        try file.specCase(at: index, id: id)
    }

    /// The identity of the case's file, shared by every case of it.
    var fileIdentity: ObjectIdentifier { ObjectIdentifier(file) }

    /// The case, its file read again unless it is `last`'s (the file read for the case before),
    /// leaving the files read last as they are: how ``LoadedSuite/cases`` reads every case.
    func decoded(after last: inout (file: ObjectIdentifier, cases: [SpecCase])?) throws(CaseFileChanged) -> SpecCase {
        if let last, last.file == fileIdentity { return last.cases[index] }
        let cases = try file.cases(keepingRecent: false)
        last = (fileIdentity, cases)
        return cases[index]
    }

    /// The case, as ``decoded()`` reads it, where no error can be thrown (``CaseRun/specCase`` of
    /// a run not given its case by `withCaseDecoded(sharingWith:)`, which throws: the runner and
    /// an explanation's replays read their cases that way): a file changed since the suite was
    /// loaded ends the process with the error and exit status 2, as a problem in a spec file does,
    /// rather than read another case; the temporary file of a report being written (`iamspec
    /// compile` reads each case again as it writes it) is removed first, so nothing is left.
    package func decodedOrExit() -> SpecCase {
        do {
            return try decoded()
        } catch {
            AtomicFile.removeTemporaryFiles()
            let line = Array("\(error.diagnostic)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(2)
        }
    }

    /// The file's valid cases, decoded from `bytes`: kept as they are when `budget` has room for
    /// the file's bytes (or when the file cannot be read again: a FIFO), read again when their
    /// runs start otherwise, each from its own lines.
    static func hold(
        _ cases: [SpecCase],
        of file: CaseFileReading,
        bytes: [UInt8],
        within budget: ModelBudget
    ) -> [LoadedCase] {
        guard CaseFileStamp.isRegularFile(file.file), !budget.take(bytes.count) else {
            return each(of: cases, in: LoadedCaseFile(.kept(cases)))
        }
        let stamp = CaseFileStamp(of: file.file, bytes: bytes)
        return each(of: cases, in: LoadedCaseFile(.readAgain(file, stamp, CaseLines.of(cases, in: bytes))))
    }

    /// Cases made in code, kept as they are.
    package static func kept(_ cases: [SpecCase]) -> [LoadedCase] {
        each(of: cases, in: LoadedCaseFile(.kept(cases)))
    }

    /// A loaded case for each of `cases`, at its index in `file`.
    private static func each(of cases: [SpecCase], in file: LoadedCaseFile) -> [LoadedCase] {
        cases.indices.map { index in
            LoadedCase(
                id: cases[index].id,
                tags: cases[index].tags,
                profiles: cases[index].profiles,
                file: file,
                index: index
            )
        }
    }
}

/// A case file changed between loading the suite and reading a case of it again.
package struct CaseFileChanged: Error, Sendable {
    /// `path:1:1: error: ...`, naming the file and what changed.
    package let diagnostic: Diagnostic
}

/// The cases of one file: kept, or read again.
private final class LoadedCaseFile: Sendable {
    enum Form {
        case kept([SpecCase])
        /// Read again: each case from its lines (``CaseLines``, by the case's index; nil when the
        /// file's lines cannot be told apart as libyaml counts them), or the whole file.
        case readAgain(CaseFileReading, CaseFileStamp, [CaseLines]?)
    }

    let form: Form
    /// The models of the file's last reading, while it is among the files read last.
    let recent = Mutex<[SpecCase]?>(nil)

    init(_ form: Form) {
        self.form = form
    }

    /// The case at `index`, whose id is `id`: kept, read again from its lines, or from the
    /// whole file when they do not read as the case alone.
    func specCase(at index: Int, id: String) throws(CaseFileChanged) -> SpecCase {
        if case .readAgain(let reading, let stamp, let lines?) = form,
            let specCase = try reading.readAgain(id, from: lines[index], expecting: stamp)
        {
            return specCase
        }
        return try cases()[index]
    }

    /// The file's cases; read again, they are kept among the files read last when
    /// `keepingRecent` says so.
    func cases(keepingRecent: Bool = true) throws(CaseFileChanged) -> [SpecCase] {
        switch form {
        case .kept(let cases):
            return cases
        case .readAgain(let reading, let stamp, _):
            guard keepingRecent else { return try reading.readAgain(expecting: stamp) }
            if let cases = recent.withLock({ $0 }) { return cases }
            let cases = try reading.readAgain(expecting: stamp)
            recent.withLock { $0 = cases }
            RecentCaseFiles.shared.keep(self, size: stamp.size)
            return cases
        }
    }

    func forget() {
        recent.withLock { $0 = nil }
    }
}

/// The files read again whole most recently, whose models stay until ``limit`` bytes of files
/// read after them push them out: the next case of a file whose cases are not read from their
/// own lines, when runs take its cases one after another, is read from there.
private final class RecentCaseFiles: Sendable {
    static let shared = RecentCaseFiles()
    /// 256 KiB of case files: ≈ 400 cases of ≈ 650 bytes, ≈ 0.6 MB of models.
    static let limit = 256 << 10
    private let files = Mutex<(held: [(file: LoadedCaseFile, size: Int)], bytes: Int)>(([], 0))

    func keep(_ file: LoadedCaseFile, size: Int) {
        let forgotten = files.withLock { files -> [LoadedCaseFile] in
            files.held.append((file, size))
            files.bytes += size
            var forgotten: [LoadedCaseFile] = []
            while files.bytes > Self.limit && files.held.count > 1 {
                let oldest = files.held.removeFirst()
                files.bytes -= oldest.size
                forgotten.append(oldest.file)
            }
            return forgotten
        }
        for file in forgotten { file.forget() }
    }
}

/// What a case file was when loaded: the file at its path (its resolved path), its size and a
/// hash of its bytes, which a reading again must find unchanged.
struct CaseFileStamp: Sendable {
    /// The file's path with every symbolic link resolved, as loaded.
    let identity: String
    let size: Int
    /// FNV-1a, 64 bits, of the file's bytes.
    let hash: UInt64

    init(of path: String, bytes: [UInt8]) {
        identity = SpecFiles.identity(of: path)
        size = bytes.count
        hash = Self.hash(bytes)
    }

    /// Whether the file at `path` can be read again (a FIFO cannot).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash = StableHash.offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* StableHash.prime
        }
        return hash
    }
}

/// How many bytes of case files a suite still keeps the cases of as models (``LoadedCase``): the
/// first files loaded that fit, whatever thread loads them. Which files fit changes no outcome,
/// only whether their cases are read again when their runs start.
package final class ModelBudget: Sendable {
    /// 4 MiB of case files: ≈ 6,000 cases of ≈ 650 bytes, ≈ 9 MB of models.
    package static let suiteDefault = 4 << 20
    private let left: Atomic<Int>

    package init(bytes: Int = ModelBudget.suiteDefault) {
        left = Atomic(bytes)
    }

    /// Takes `size` bytes of the budget when they fit, and says whether they did.
    func take(_ size: Int) -> Bool {
        var current = left.load(ordering: .relaxed)
        while current >= size {
            let (exchanged, found) = left.compareExchange(
                expected: current,
                desired: current - size,
                ordering: .relaxed
            )
            if exchanged { return true }
            current = found
        }
        return false
    }
}
