import IAMSpec
import Synchronization

/// One loaded case, held encoded (``CaseEncoder``) in its file's bytes until its runs start,
/// with what selecting and sorting runs read without decoding it: its id, tags and profiles.
///
/// A suite holds every case at once: held as a `SpecCase`, a case is ≈ 20 objects on the heap,
/// ≈ 1.4 KB; held so, it is this value (48 bytes), its share of its file's bytes and of its
/// file's long strings (its id and title: short strings are in the bytes, and the others repeat).
/// ``decoded()`` makes the case (≈ 20 allocations; its long strings and lists of strings are
/// retains of the file's). The cases of the files that fit in a suite's ``ModelBudget`` (its
/// first few megabytes of case files: every suite of a few thousand cases) are kept as they were
/// decoded instead, and ``decoded()`` hands out the model: encoding and decoding them again would
/// cost more than the run of the case itself, and the memory saved matters only for large suites.
package struct CompactCase: Sendable {
    package let id: String
    package let tags: [String]
    package let profiles: [Profile]
    /// The bytes of the file (or of the cases encoded together) the case is in.
    private let encoding: CompactCaseFile
    /// Where the case starts in `encoding`, or its index among the models kept there.
    private let offset: UInt32

    /// The case.
    package func decoded() -> SpecCase {
        switch encoding.form {
        case .kept(let models):
            return models[Int(offset)]
        case .encoded(let bytes, let strings, let stringLists):
            return bytes.withUnsafeBufferPointer { bytes in
                var reader = EncodedCaseReader(bytes, at: Int(offset), strings: strings, stringLists: stringLists)
                return reader.specCase()
            }
        }
    }

    /// The cases, kept as they are when `budget` has room for `size` bytes (of the file they were
    /// read from), encoded together otherwise, in order.
    package static func hold(_ cases: [SpecCase], size: Int, within budget: ModelBudget) -> [CompactCase] {
        guard budget.take(size) else { return encode(cases) }
        return held(cases, in: CompactCaseFile(models: cases)) { UInt32($0) }
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
        return held(cases, in: CompactCaseFile(encoder)) { offsets[$0] }
    }

    /// The cases, held in `file`, each at its `offset` there (a byte offset, or a model's index).
    private static func held(
        _ cases: [SpecCase],
        in file: CompactCaseFile,
        offset: (Int) -> UInt32
    ) -> [CompactCase] {
        cases.indices.map { index in
            CompactCase(
                id: cases[index].id,
                tags: cases[index].tags,
                profiles: cases[index].profiles,
                encoding: file,
                offset: offset(index)
            )
        }
    }
}

/// The cases of one file, held together: encoded, or kept as they were decoded.
private final class CompactCaseFile: Sendable {
    /// How the file's cases are held.
    enum Form {
        /// Encoded: their bytes, and the strings and lists of strings they share.
        case encoded(bytes: [UInt8], strings: [String], stringLists: [[String]])
        /// Kept as they were decoded, in order.
        case kept([SpecCase])
    }

    let form: Form

    init(models: [SpecCase]) {
        form = .kept(models)
    }

    /// What the encoder wrote, each array copied to its exact size (an array grown by appending
    /// has up to twice the room it needs; an array made of a whole array, or of a slice of all of
    /// it, shares its storage, room and all).
    init(_ encoder: CaseEncoder) {
        form = .encoded(
            bytes: encoder.bytes.withUnsafeBufferPointer { Array($0) },
            strings: encoder.strings.withUnsafeBufferPointer { Array($0) },
            stringLists: encoder.stringLists.withUnsafeBufferPointer { Array($0) }
        )
    }
}

/// How many bytes of case files a suite still keeps the cases of as models (``CompactCase``): the
/// first files loaded that fit, whatever thread loads them. Which files fit changes no outcome,
/// only how their cases are held.
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
