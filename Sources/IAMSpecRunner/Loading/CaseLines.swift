import IAMSpec

/// Where a case is in its file: the bytes of its lines (from the line it starts on to the line the
/// file's next case starts on), the number of that first line, and a hash of those bytes, from
/// which the case is read again alone (``CaseFileReading/readAgain(_:from:expecting:)``).
///
/// A case of a file past the suite's ``ModelBudget`` is read again when its first run starts: its
/// own ≈ 650 bytes rather than its file. Reading its whole file cost ten cases' decoding for one,
/// and where case ids interleave across files (runs go in id order) a file was read again about
/// seven times a pass: `iamspec run` of 10,000 generated cases cost 551,266 instructions per case
/// run, 2.6× 1,000 cases' 209,714; read from their lines, 240,412 (1.15× 208,325). Each case past
/// the budget is still decoded twice (loaded, then run), ≈ 260,000 instructions each time, about
/// 40 % of them libyaml's.
struct CaseLines: Sendable {
    /// The bytes of the case's lines in its file.
    let bytes: Range<Int>
    /// The lines of the file before them.
    let linesBefore: Int
    /// FNV-1a, 64 bits, of those bytes.
    let hash: UInt64

    /// The lines of each of `cases` (the file's valid cases, in file order) in `file`'s bytes; nil
    /// when the file breaks lines with something else than a line feed (a carriage return, or
    /// one of the line breaks libyaml reads in UTF-8: U+0085, U+2028, U+2029), whose lines are
    /// then not told apart here as libyaml counts them: the whole file is read again instead.
    static func of(_ cases: [SpecCase], in file: [UInt8]) -> [CaseLines]? {
        var lineStarts = [0]
        for index in file.indices {
            switch file[index] {
            case UInt8(ascii: "\n"):
                lineStarts.append(index + 1)
            case UInt8(ascii: "\r"):
                return nil
            case 0x85:
                if index > 0, file[index - 1] == 0xC2 { return nil }
            case 0xA8, 0xA9:
                if index > 1, file[index - 2] == 0xE2, file[index - 1] == 0x80 { return nil }
            default:
                continue
            }
        }
        return cases.indices.map { position in
            let line = cases[position].location.line
            let start = lineStarts[line - 1]
            let end = position + 1 < cases.count ? lineStarts[cases[position + 1].location.line - 1] : file.count
            return CaseLines(bytes: start..<end, linesBefore: line - 1, hash: CaseFileStamp.hash(file[start..<end]))
        }
    }
}
