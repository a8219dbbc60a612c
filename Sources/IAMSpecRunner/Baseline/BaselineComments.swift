import IAMSpec

/// The comments a team wrote in a YAML baseline, by where they stand, so that
/// `--update-baseline` writes them back: the file's leading comment block (in place of the
/// generated one), the comments above each entry and inside it (its own lines, and at the end of
/// its `status`, `reason` or `issue` line), the comment at the end of the `engine` line, those
/// before `cases`, and those after the last entry. An entry the refresh drops takes its comments
/// with it; an entry narrowed to `id@profile` entries keeps them on the first.
package struct BaselineComments: Sendable {
    /// What is written around one entry.
    struct EntryComments: Sendable {
        /// Whole comment lines above its key, as written.
        var above: [String] = []
        /// Whole comment lines among its fields, as written, put after them.
        var inside: [String] = []
        /// The comment at the end of a field's line (`# ...`), by field name.
        var trailing: [String: String] = [:]
    }

    private(set) var header: [String] = []
    private(set) var engineTrailing: String?
    private(set) var beforeCases: [String] = []
    private(set) var entries: [String: EntryComments] = [:]
    private(set) var footer: [String] = []

    /// The comments of the baseline text, or nil when it does not read as one mapping (the
    /// refreshed file is then written without them).
    package init?(_ bytes: [UInt8], file: String) {
        let composition = YAMLComposer(file: file).compose(bytes)
        guard composition.diagnostics.isEmpty, composition.documents.count == 1,
            let top = composition.documents.first?.mapping
        else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        let isComment = { (index: Int) in lines[index].drop { $0 == " " || $0 == "\t" }.hasPrefix("#") }
        let isBlank = { (index: Int) in lines[index].allSatisfy { $0 == " " || $0 == "\t" } }
        // Lines are 0-based here, marks 1-based.
        let firstContent = lines.indices.first { !isComment($0) && !isBlank($0) } ?? lines.count
        header = Array(lines[0..<firstContent])
        while header.last.map({ $0.allSatisfy { $0 == " " || $0 == "\t" } }) == true { header.removeLast() }
        if let engine = top.entries.first(where: { $0.name == "engine" }) {
            engineTrailing = Self.trailingComment(of: lines[engine.key.mark.line - 1])
        }
        guard let casesEntry = top.entries.first(where: { $0.name == "cases" }) else { return }
        let casesLine = casesEntry.key.mark.line - 1
        beforeCases = (firstContent..<casesLine).filter(isComment).map { lines[$0] }
        let keys = casesEntry.value.mapping?.entries.map { (name: $0.name, line: $0.key.mark.line - 1) } ?? []
        for (position, key) in keys.enumerated() {
            let indent = lines[key.line].prefix { $0 == " " }.count
            var comments = EntryComments()
            var above = key.line
            while above > casesLine + 1, isComment(above - 1) || isBlank(above - 1) {
                let line = lines[above - 1]
                if isComment(above - 1), line.prefix(while: { $0 == " " }).count > indent { break }
                above -= 1
            }
            comments.above = (above..<key.line).filter(isComment).map { lines[$0] }
            let spanEnd = position + 1 < keys.count ? keys[position + 1].line : lines.count
            var index = key.line
            while index < spanEnd {
                if isComment(index) {
                    let deeper = lines[index].prefix { $0 == " " }.count > indent
                    // A shallower comment starts the next entry's block, or the footer.
                    guard deeper else { break }
                    comments.inside.append(lines[index])
                } else if !isBlank(index), let trailing = Self.trailingComment(of: lines[index]) {
                    let field = lines[index].drop { $0 == " " }.prefix { $0 != ":" }
                    comments.trailing[index == key.line ? "" : String(field)] = trailing
                }
                index += 1
            }
            if position == keys.count - 1 { footer = (index..<lines.count).filter(isComment).map { lines[$0] } }
            entries[key.name] = comments
        }
    }

    /// The comment ending a line (with the blanks before it), outside quotes; nil when none does.
    private static func trailingComment(of line: String) -> String? {
        let scalars = Array(line.unicodeScalars)
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\", open == "\"" {
                    index += 1
                } else if scalar == open {
                    quote = nil
                }
            } else if scalar == "'" || scalar == "\"" {
                quote = scalar
            } else if scalar == "#", index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\t" {
                var start = index
                while start > 0, scalars[start - 1] == " " || scalars[start - 1] == "\t" { start -= 1 }
                var comment = ""
                comment.unicodeScalars.append(contentsOf: scalars[start...])
                return comment
            }
            index += 1
        }
        return nil
    }

    /// The comments of the entry written under `key`: its own, or those of the entry it was
    /// narrowed from (`id` for `id@profile`) when `isFirstNarrowed`.
    func comments(of key: String, caseID: String, isFirstNarrowed: Bool) -> EntryComments? {
        entries[key] ?? (isFirstNarrowed ? entries[caseID] : nil)
    }
}
