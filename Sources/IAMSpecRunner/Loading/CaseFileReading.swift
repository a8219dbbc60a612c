import IAMSpec

/// How one case file is read, the same way when the suite is loaded and when a case of it is read
/// again (``LoadedCase/decoded()``): its bytes, composed by libyaml, decoded by ``CaseDecoder``
/// against the catalogue its path found.
struct CaseFileReading: Sendable {
    let file: String
    let catalogue: (rules: RuleCatalogue, file: String)?
    /// Whether cases are read as written for 0.1.0 (`CaseDecoder.readsEarlierFormat`).
    let readsEarlierFormat: Bool

    /// What one reading yields.
    struct Read {
        /// The file's bytes; nil when it could not be read.
        var bytes: [UInt8]?
        /// The valid cases, in file order.
        var cases: [SpecCase]
        var identities: [CaseDecoder.CaseIdentity]
        /// Every problem: a file with a YAML-level problem (a duplicate key dropped, an unknown
        /// tag, a syntax error) may say something else than it seems to, so its cases are not used.
        var diagnostics: [Diagnostic]
    }

    /// Reads the file (a regular file or a FIFO, waiting for its writer); nil when `isStopped`
    /// ends the wait for a FIFO's writer.
    func read(stoppingWhen isStopped: () -> Bool) -> Read? {
        let unreadable = SuiteLoader.unreadable(file)
        switch YAMLFile.contents(ofCaseFile: file, unreadable: unreadable, stoppingWhen: isStopped) {
        case nil: return nil
        case .bytes(let bytes)?: return decode(bytes)
        case .problem(let problem)?: return Read(bytes: nil, cases: [], identities: [], diagnostics: [problem])
        }
    }

    /// The file's valid cases read again, when it is the file `stamp` describes (the same file
    /// at its path, the same bytes).
    func readAgain(expecting stamp: CaseFileStamp) throws(CaseFileChanged) -> [SpecCase] {
        try checkIdentity(against: stamp)
        let bytes: [UInt8]
        switch YAMLFile.contents(of: file, unreadable: { $0 }) {
        case .bytes(let read): bytes = read
        case .problem(let problem): throw changed(problem.message)
        }
        guard bytes.count == stamp.size, CaseFileStamp.hash(bytes) == stamp.hash else {
            throw changed("it changed since the suite was loaded")
        }
        return decode(bytes).cases
    }

    /// The case `id` read again alone from its `lines`, when the file is the file `stamp`
    /// describes (the same file at its path, of the same size) and the lines are the bytes
    /// loaded; nil when they do not read as that case alone (a case that uses an anchor defined
    /// before it, or that shares a line with another case): the whole file is read then.
    func readAgain(
        _ id: String,
        from lines: CaseLines,
        expecting stamp: CaseFileStamp
    ) throws(CaseFileChanged)
        -> SpecCase?
    {
        try checkIdentity(against: stamp)
        let bytes: [UInt8]
        switch YAMLFile.part(lines.bytes, of: file, size: stamp.size, unreadable: { $0 }) {
        case .bytes(let read)?: bytes = read
        case .problem(let problem)?: throw changed(problem.message)
        case nil: throw changed("it changed since the suite was loaded")
        }
        guard CaseFileStamp.hash(bytes) == lines.hash else { throw changed("it changed since the suite was loaded") }
        let read = decode(bytes, linesBefore: lines.linesBefore)
        guard read.diagnostics.isEmpty, read.cases.count == 1, read.cases[0].id == id else { return nil }
        return read.cases[0]
    }

    /// Throws unless the file's path leads to the file loaded.
    private func checkIdentity(against stamp: CaseFileStamp) throws(CaseFileChanged) {
        guard SpecFiles.identity(of: file) == stamp.identity else {
            throw changed("its path now leads to another file")
        }
    }

    /// The error of a file that is not what the suite loaded, for what was `found`.
    private func changed(_ found: String) -> CaseFileChanged {
        CaseFileChanged(
            diagnostic: Diagnostic(
                "cannot read the case file again: \(found); expected it as the suite loaded it, "
                    + "unchanged while iamspec runs (run the command again)",
                at: SourceLocation(file: file, line: 1, column: 1)
            )
        )
    }

    /// The cases of `bytes`: the file's, or lines of it after its first `linesBefore` lines.
    private func decode(_ bytes: [UInt8], linesBefore: Int = 0) -> Read {
        var decoder = CaseDecoder(file: file, catalogue: catalogue)
        decoder.readsEarlierFormat = readsEarlierFormat
        var composer = YAMLComposer(file: file)
        composer.linesBefore = linesBefore
        let problems = composer.compose(bytes) { decoder.decode(document: $0) }
        return Read(
            bytes: bytes,
            cases: problems.isEmpty ? decoder.cases : [],
            identities: decoder.identities,
            diagnostics: problems + decoder.reader.diagnostics
        )
    }
}
