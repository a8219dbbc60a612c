/// One vendor repository's code as a catalogue behaviour's `source` cites it: the citation that
/// names the repository (`owner/name@commit, path, function`) with those after it that go on in
/// the same repository (another file and its function, without the repository), so that beside
/// an engine the site shows only the code of that engine's own vendor.
struct VendorCitation: Sendable, Equatable {
    /// The repository, `owner/name` as the citation spells it; nil for words before the source
    /// names any.
    var repository: String?
    /// The citations, as the catalogue wrote them, joined by "; " as its source joins them.
    var text: String

    /// The source cut into its repositories' citations, in its order: at each "; " that a citation
    /// naming a repository (`owner/name@...`) follows; the citations between two such go with the
    /// one before them.
    static func citations(in source: String) -> [VendorCitation] {
        var cited: [VendorCitation] = []
        for part in source.components(separatedBy: "; ") where !part.isEmpty {
            if let repository = repository(opening: part) {
                cited.append(VendorCitation(repository: repository, text: part))
            } else if !cited.isEmpty {
                cited[cited.count - 1].text += "; " + part
            } else {
                cited.append(VendorCitation(repository: nil, text: part))
            }
        }
        return cited
    }

    /// Whether this cites the code of `repository` (an engine's provenance, `owner/name`), the
    /// names compared without regard to case, as GitHub compares them.
    func isCode(of repository: String) -> Bool {
        self.repository?.lowercased() == repository.lowercased()
    }

    /// The `owner/name` a citation opens with, before `@` and what follows it; nil when it opens
    /// with anything else (a file of the repository before it).
    private static func repository(opening citation: String) -> String? {
        guard let at = citation.firstIndex(of: "@"), citation.index(after: at) < citation.endIndex,
            !citation[citation.index(after: at)].isWhitespace
        else { return nil }
        let name = citation[..<at]
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ part in
                !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }
            })
        else { return nil }
        return String(name)
    }
}
