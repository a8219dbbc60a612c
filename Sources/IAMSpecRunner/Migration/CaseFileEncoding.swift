/// How a case file's text is written as bytes, as libyaml tells it from the byte order mark:
/// UTF-8 (with or without its mark), or UTF-16 little- or big-endian behind its mark (what
/// Notepad's "Unicode" and PowerShell 5's `>` write). A migrated file is written back as it was
/// read, mark included.
enum CaseFileEncoding: Sendable, Equatable {
    case utf8(byteOrderMark: Bool)
    case utf16LittleEndian
    case utf16BigEndian

    /// The encoding the bytes' byte order mark names (UTF-8 without one).
    init(of bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xFE]) {
            self = .utf16LittleEndian
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            self = .utf16BigEndian
        } else {
            self = .utf8(byteOrderMark: bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        }
    }

    /// The byte order mark written first.
    private var byteOrderMark: [UInt8] {
        switch self {
        case .utf8(let marked): marked ? [0xEF, 0xBB, 0xBF] : []
        case .utf16LittleEndian: [0xFF, 0xFE]
        case .utf16BigEndian: [0xFE, 0xFF]
        }
    }

    /// The text after the byte order mark (which libyaml's marks do not count), or nil when the
    /// bytes are not valid in this encoding.
    func text(of bytes: [UInt8]) -> String? {
        let body = bytes.dropFirst(byteOrderMark.count)
        switch self {
        case .utf8:
            let text = String(decoding: body, as: UTF8.self)
            return text.utf8.elementsEqual(body) ? text : nil
        case .utf16LittleEndian, .utf16BigEndian:
            guard body.count.isMultiple(of: 2) else { return nil }
            let units = stride(from: body.startIndex, to: body.endIndex, by: 2).map { index in
                self == .utf16LittleEndian
                    ? UInt16(body[index]) | UInt16(body[index + 1]) << 8
                    : UInt16(body[index]) << 8 | UInt16(body[index + 1])
            }
            let text = String(decoding: units, as: UTF16.self)
            return text.utf16.elementsEqual(units) ? text : nil
        }
    }

    /// The text's bytes in this encoding, its byte order mark first.
    func bytes(of text: String) -> [UInt8] {
        switch self {
        case .utf8:
            return byteOrderMark + Array(text.utf8)
        case .utf16LittleEndian:
            return byteOrderMark + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
        case .utf16BigEndian:
            return byteOrderMark + text.utf16.flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        }
    }

    /// The encoding's name in a message.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16 little-endian"
        case .utf16BigEndian: "UTF-16 big-endian"
        }
    }
}
