extension Array where Element: Hashable {
    /// The first element equal to an earlier one, `(at, earlier)`: its position and that of the
    /// first element it equals; nil when each element is there once.
    ///
    /// Pair by pair for a few elements (no table to build), else in one pass with a table of the
    /// elements seen, so linear in the count: a search of the elements before each one took
    /// quadratic time, and an engine's `hello_reply` listing 100,000 capabilities, or a compiled
    /// suite's `requires` edited by hand, kept iamspec busy for hours before it said what was wrong.
    package func firstRepeat() -> (at: Int, earlier: Int)? {
        guard count > 16 else {
            for position in indices.dropFirst() {
                if let earlier = self[..<position].firstIndex(of: self[position]) { return (position, earlier) }
            }
            return nil
        }
        var firstPositions: [Element: Int] = [:]
        firstPositions.reserveCapacity(count)
        for (position, element) in enumerated() {
            if let earlier = firstPositions[element] { return (position, earlier) }
            firstPositions[element] = position
        }
        return nil
    }
}
