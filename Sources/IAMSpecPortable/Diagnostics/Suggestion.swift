/// "Did you mean" suggestions: the closest known word to a misspelt one, in a spec file's
/// diagnostics, on the command line, and in what an engine answers over the stdio protocol.
package enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when it is close enough to be a likely typo
    /// (at most a third of the word's length, and at most 3 edits).
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = min(3, max(1, word.count / 3))
        let length = word.unicodeScalars.count
        var best: (candidate: String, distance: Int)?
        // The distance is at least the difference in length: a long word is compared with nothing.
        for candidate in candidates where abs(candidate.unicodeScalars.count - length) <= limit {
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `"; did you mean 'x'?"`, or nothing when no candidate is close.
    package static func hint(for word: String, among candidates: [String]) -> String {
        guard let candidate = closest(to: word, among: candidates) else { return "" }
        return "; did you mean '\(candidate)'?"
    }

    /// The edit distance between two words, by Unicode scalar: insertions, deletions,
    /// substitutions and swaps of two neighbours (`lnit` is one edit from `lint`), each counting
    /// one (the optimal string alignment distance).
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var beforePrevious = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for (row, leftScalar) in left.enumerated() {
            current[0] = row + 1
            for (column, rightScalar) in right.enumerated() {
                let substitution = previous[column] + (leftScalar == rightScalar ? 0 : 1)
                current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
                if row > 0, column > 0, leftScalar == right[column - 1], left[row - 1] == rightScalar {
                    current[column + 1] = min(current[column + 1], beforePrevious[column - 1] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[right.count]
    }
}
