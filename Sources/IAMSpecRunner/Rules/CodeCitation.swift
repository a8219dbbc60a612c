/// How a rule's `source` (or its platforms' `note`) cites code: `OWNER/REPO@VERSION:PATH#FUNCTION`
/// (Specs/README.md, "The rule catalogue"), so that a reader can fetch the very file and find the
/// function, and `lint` can refuse a citation that does not say which version it read.
///
/// `Specs/schemas/rules.schema.json` spells the same check as patterns; a text is cut into words
/// at white space and at `` ` ``, `'`, `"`, `“`, `”`, `,`, `;` and `(`, and each word is judged
/// alone.
enum CodeCitation {
    /// The endings of a code file's name.
    static let codeExtensions: Set<Substring> = ["swift", "js", "mjs", "h", "m", "java", "kt"]

    /// What is wrong with the citations of code in `text`, each in words for a diagnostic; empty
    /// when every code file the text names is cited with its repository, version or commit, and
    /// function.
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        for word in words(of: text) {
            if let citation = Citation(word) {
                if !isVersionOrCommit(citation.reference) {
                    problems.append(
                        "'\(word)' names no version or commit of \(citation.repository) (found '\(citation.reference)'); "
                            + "expected a version such as 18.2.0 or v4.8.0, or a commit of 7 to 40 lowercase hex digits"
                    )
                } else if namesCodeFile(citation.path), citation.function?.isEmpty ?? true {
                    problems.append("'\(word)' names no function; expected \(spelling)")
                }
            } else if namesCodeFile(word) {
                problems.append("'\(word)' names a code file without its repository and version; expected \(spelling)")
            }
        }
        return problems
    }

    /// How a citation of code is written, for diagnostics.
    static let spelling = "OWNER/REPO@VERSION:PATH#FUNCTION (a version or a commit)"

    /// The words of a text, as the schema's patterns cut them.
    private static func words(of text: String) -> [Substring] {
        text.split { $0.isWhitespace || "`'\"“”,;(".contains($0) }
    }

    /// Whether the word names a code file: `.swift`, `.js`, ... at its end, or before `#`, `)`,
    /// `.` or `:`.
    private static func namesCodeFile(_ word: Substring) -> Bool {
        var rest = word[...]
        while let dot = rest.firstIndex(of: ".") {
            let after = rest[rest.index(after: dot)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let next = after.dropFirst(name.count).first
            if codeExtensions.contains(name), next == nil || "#).:".contains(next!) { return true }
            rest = after
        }
        return false
    }

    /// `v` and two or more dot-separated numbers, or 7 to 40 lowercase hex digits.
    private static func isVersionOrCommit(_ reference: Substring) -> Bool {
        let numbers = (reference.first == "v" ? reference.dropFirst() : reference).split(
            separator: ".",
            omittingEmptySubsequences: false
        )
        if numbers.count >= 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) { return true }
        return (7...40).contains(reference.count)
            && reference.allSatisfy { $0.isASCIIDigit || ("a"..."f").contains($0) }
    }

    /// A word `OWNER/REPO@REFERENCE:PATH#FUNCTION`, the function optional.
    private struct Citation {
        var repository: Substring
        var reference: Substring
        var path: Substring
        var function: Substring?

        init?(_ word: Substring) {
            guard let at = word.firstIndex(of: "@") else { return nil }
            let repository = word[..<at]
            let parts = repository.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let first = parts[0].first, first.isASCII, first.isLetter || first.isNumber,
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isNameCharacter) })
            else { return nil }
            let afterAt = word[word.index(after: at)...]
            guard let colon = afterAt.firstIndex(of: ":") else { return nil }
            self.repository = repository
            reference = afterAt[..<colon]
            let located = afterAt[afterAt.index(after: colon)...]
            if let hash = located.firstIndex(of: "#") {
                path = located[..<hash]
                function = located[located.index(after: hash)...]
            } else {
                path = located
            }
        }

        private static func isNameCharacter(_ character: Character) -> Bool {
            character.isASCII && (character.isLetter || character.isNumber || "_.-".contains(character))
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
