import IAMSpec

/// One loaded case, held encoded (``CaseEncoder``) in its file's bytes until its runs start,
/// with what selecting and sorting runs read without decoding it: its id, tags and profiles.
///
/// A suite holds every case at once: held as a `SpecCase`, a case is ≈ 20 objects on the heap,
/// ≈ 1.4 KB; held so, it is this value (48 bytes), its share of its file's bytes and of its
/// file's long strings (its id and title: short strings are in the bytes, and the others repeat).
/// ``decoded()`` makes the case (≈ 20 allocations; its long strings and lists of strings are
/// retains of the file's).
package struct CompactCase: Sendable {
    package let id: String
    package let tags: [String]
    package let profiles: [Profile]
    /// The bytes of the file (or of the cases encoded together) the case is in.
    private let encoding: CompactCaseFile
    /// Where the case starts in `encoding`.
    private let offset: UInt32

    /// The case.
    package func decoded() -> SpecCase {
        encoding.bytes.withUnsafeBufferPointer { bytes in
            var reader = EncodedCaseReader(
                bytes,
                at: Int(offset),
                strings: encoding.strings,
                stringLists: encoding.stringLists
            )
            return reader.specCase()
        }
    }

    /// The cases, encoded together (one byte buffer and string table for all of them), in order.
    package static func encode(_ cases: [SpecCase]) -> [CompactCase] {
        var encoder = CaseEncoder()
        var offsets: [UInt32] = []
        offsets.reserveCapacity(cases.count)
        for specCase in cases {
            offsets.append(UInt32(encoder.bytes.count))
            encoder.specCase(specCase)
        }
        let encoding = CompactCaseFile(encoder)
        return cases.indices.map { index in
            CompactCase(
                id: cases[index].id,
                tags: cases[index].tags,
                profiles: cases[index].profiles,
                encoding: encoding,
                offset: offsets[index]
            )
        }
    }
}

/// The encoded cases of one file: their bytes, and the strings and lists of strings they share.
private final class CompactCaseFile: Sendable {
    let bytes: [UInt8]
    let strings: [String]
    let stringLists: [[String]]

    /// What the encoder wrote, each array copied to its exact size (an array grown by appending
    /// has up to twice the room it needs; an array made of a whole array, or of a slice of all of
    /// it, shares its storage, room and all).
    init(_ encoder: CaseEncoder) {
        bytes = encoder.bytes.withUnsafeBufferPointer { Array($0) }
        strings = encoder.strings.withUnsafeBufferPointer { Array($0) }
        stringLists = encoder.stringLists.withUnsafeBufferPointer { Array($0) }
    }
}
