/// Positions in a YAML file's bytes, counted as libyaml counts them, and the file's first byte
/// that is not UTF-8.
///
/// Lines end at `\n`, `\r\n`, `\r`, U+0085, U+2028 and U+2029 (libyaml, a YAML 1.1 parser, breaks
/// lines at all six; the diagnostic renderer splits lines the same way); columns count Unicode
/// scalars, from 1.
struct YAMLSourceText {
    let bytes: UnsafeBufferPointer<UInt8>

    /// A raw line break YAML 1.2 reads as an ordinary character, with its name.
    struct YAML11LineBreak {
        let scalar: Unicode.Scalar
        let name: String
        let mark: YAMLMark
    }

    /// The line and column of a byte offset.
    func mark(atByteOffset offset: Int) -> YAMLMark {
        var mark = YAMLMark(line: 1, column: 1)
        var position = 0
        let end = min(offset, bytes.count)
        while position < end {
            let (length, isBreak) = lineBreak(at: position)
            if isBreak {
                mark = YAMLMark(line: mark.line + 1, column: 1)
                position += length
            } else {
                mark.column += 1
                position += scalarLength(at: position)
            }
        }
        return mark
    }

    /// The byte offset of a line and column, or the end of the text when it is beyond it.
    func byteOffset(of mark: YAMLMark) -> Int {
        var position = 0
        var line = 1
        var column = 1
        while position < bytes.count, line < mark.line || column < mark.column {
            let (length, isBreak) = lineBreak(at: position)
            if isBreak {
                if line == mark.line { return position }
                line += 1
                column = 1
                position += length
            } else {
                column += 1
                position += scalarLength(at: position)
            }
        }
        return position
    }

    /// The scalars of a line, without its line break.
    func line(_ number: Int) -> [Unicode.Scalar] {
        line(startingAt: byteOffset(of: YAMLMark(line: number, column: 1)))
    }

    /// The byte offset where each line starts, in one pass over the text.
    func lineStarts() -> [Int] {
        var starts = [0]
        var position = 0
        while position < bytes.count {
            let (length, isBreak) = lineBreak(at: position)
            position += length
            if isBreak { starts.append(position) }
        }
        return starts
    }

    /// The scalars of the line that starts at a byte offset, without its line break.
    func line(startingAt start: Int) -> [Unicode.Scalar] {
        var position = start
        var scalars: [Unicode.Scalar] = []
        while position < bytes.count, !lineBreak(at: position).isBreak {
            let length = scalarLength(at: position)
            var decoder = UTF8()
            var iterator = bytes[position..<(position + length)].makeIterator()
            // Bytes that are not UTF-8 show where they are, as U+FFFD each (the loader's
            // diagnostic names them), so the caret never points past the end of what is shown.
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                scalars.append(scalar)
            } else {
                scalars.append("\u{FFFD}")
            }
            position += length
        }
        return scalars
    }

    /// Whether a line before line `number` starts with the prefix, found in one pass over the text.
    func anyLine(before number: Int, startsWith prefix: String) -> Bool {
        var position = 0
        var line = 1
        var atLineStart = true
        while position < bytes.count, line < number {
            if atLineStart, bytes[position...].starts(with: prefix.utf8) { return true }
            let (length, isBreak) = lineBreak(at: position)
            atLineStart = isBreak
            if isBreak { line += 1 }
            position += isBreak ? length : scalarLength(at: position)
        }
        return false
    }

    /// The first U+0085, U+2028 or U+2029 before a byte offset.
    func firstYAML11LineBreak(before offset: Int) -> YAML11LineBreak? {
        var position = 0
        while position < min(offset, bytes.count) {
            if bytes[position] >= 0x80, let scalar = scalar(at: position), let name = Self.yaml11LineBreaks[scalar] {
                return YAML11LineBreak(scalar: scalar, name: name, mark: mark(atByteOffset: position))
            }
            position += scalarLength(at: position)
        }
        return nil
    }

    private static let yaml11LineBreaks: [Unicode.Scalar: String] = [
        "\u{85}": "U+0085 (next line)", "\u{2028}": "U+2028 (line separator)",
        "\u{2029}": "U+2029 (paragraph separator)",
    ]

    /// The length of the line break at an offset, if one starts there.
    private func lineBreak(at position: Int) -> (length: Int, isBreak: Bool) {
        switch bytes[position] {
        case UInt8(ascii: "\n"): return (1, true)
        case UInt8(ascii: "\r"):
            return (position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n") ? 2 : 1, true)
        case 0..<0x80: return (1, false)
        default:
            guard let scalar = scalar(at: position) else { return (1, false) }
            let isBreak = scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
            return (scalarLength(at: position), isBreak)
        }
    }

    /// The scalar at an offset, when valid UTF-8 starts there.
    private func scalar(at position: Int) -> Unicode.Scalar? {
        var decoder = UTF8()
        let end = min(bytes.count, position + 4)
        var iterator = bytes[position..<end].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// The bytes of the scalar starting at an offset (1 for a byte that starts none).
    private func scalarLength(at position: Int) -> Int {
        let length = max(1, UTF8Violation.sequenceLength(leadingWith: bytes[position]))
        return min(length, bytes.count - position)
    }
}
