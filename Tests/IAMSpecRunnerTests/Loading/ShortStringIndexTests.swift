import Testing

@testable import IAMSpecRunner

@Suite struct ShortStringIndexTests {
    /// Every string is found at the position it was first recorded at, however many the index
    /// holds (it grows past its first 64 slots), and strings that differ only in length (trailing
    /// NUL bytes) or in their last byte stay apart.
    @Test func eachStringIsFoundWhereItWasFirstRecorded() {
        var index = ShortStringIndex()
        var strings = (0..<2_000).map { "id-\($0)" }
        strings += ["", "\0", "\0\0", "a", "a\0", String(repeating: "x", count: ShortStringIndex.longest)]
        for (position, string) in strings.enumerated() {
            #expect(lookUp(string, in: &index, orInsertAt: position) == nil, "\(string) recorded once")
        }
        for (position, string) in strings.enumerated() {
            #expect(lookUp(string, in: &index, orInsertAt: -1) == position, "\(string) found")
        }
    }

    private func lookUp(_ string: String, in index: inout ShortStringIndex, orInsertAt position: Int) -> Int? {
        var string = string
        return string.withUTF8 { index.position(of: $0, orInsertAt: position) }
    }
}
