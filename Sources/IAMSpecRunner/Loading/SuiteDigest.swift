import IAMSpecPlatform

/// What a suite was, as one short text a results stream's provenance records beside it (the
/// field's results, `Fixtures/field/`): FNV-1a 64 of every file the suite was loaded from (its
/// case files, rule catalogue and seed catalogue), each named by its path inside the spec path
/// given and followed by its bytes, in that path's order. Any change to a file the suite reads
/// changes it, and nothing else does: where the suite lies, nor the order the loader read it in.
package enum SuiteDigest {
    /// `fnv1a64:` and 16 lowercase hexadecimal digits; nil when a file can no longer be read.
    package static func of(_ suite: LoadedSuite, paths: [String]) -> String? {
        let files = suite.caseFiles + suite.catalogueFiles + suite.seedCatalogueFiles
        var named: [(name: String, path: String)] = []
        for file in files {
            named.append((inside(file, paths: paths), file))
        }
        var hash = StableHash.offsetBasis
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* StableHash.prime
            }
        }
        for file in named.sorted(by: { $0.name < $1.name }) {
            guard let bytes = FileManager.default.contents(atPath: file.path) else { return nil }
            mix(file.name.utf8)
            mix([0])
            mix(bytes)
            mix([0])
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The file's path inside the spec path it was found under (`analytics/x.yaml` for
    /// `Specs/analytics/x.yaml` under `Specs`), its name alone for a path given as a file.
    private static func inside(_ file: String, paths: [String]) -> String {
        for path in paths {
            let folder = path.hasSuffix("/") ? path : path + "/"
            if file.hasPrefix(folder) { return String(file.dropFirst(folder.count)) }
        }
        return String(file.split(separator: "/").last ?? Substring(file))
    }
}
