extension String {
    /// Whether the two strings have the same Unicode scalars (the same UTF-8 bytes), as JSON
    /// readers of other languages compare an object's keys; Swift's `==` is canonical equivalence,
    /// under which `"caf\u{E9}"` and `"cafe\u{301}"` are one string. A native string's bytes are
    /// compared where they lie.
    package func hasTheScalars(of other: String) -> Bool {
        let (mine, theirs) = (utf8, other.utf8)
        // Strings with the same scalars are equal to Swift too, which compares ASCII fastest:
        // only keys Swift finds equal have their bytes compared.
        guard mine.count == theirs.count, self == other else { return false }
        let compared = mine.withContiguousStorageIfAvailable { mine in
            theirs.withContiguousStorageIfAvailable { theirs in mine.elementsEqual(theirs) }
        }
        if let compared = compared ?? nil { return compared }
        return mine.elementsEqual(theirs)
    }
}
