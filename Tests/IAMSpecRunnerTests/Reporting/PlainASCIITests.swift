import Testing

@testable import IAMSpecRunner

@Suite("Plain ASCII runs")
struct PlainASCIITests {
    /// Every byte value, at every place of a text longer than two words (so in a word read eight
    /// bytes at a time and in the bytes after the last), ends the run exactly when it is not
    /// printable ASCII or is one of the two named.
    @Test func everyByteEndsTheRunExactlyWhenItIsNotPlain() {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        for byte in UInt8.min...UInt8.max {
            let isPlain = byte >= 0x20 && byte < 0x7F && byte != quote && byte != backslash
            for place in 0..<19 {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                text[place] = byte
                let end = text.withUnsafeBufferPointer { PlainASCII.end(of: $0, excluding: quote, backslash) }
                #expect(end == (isPlain ? 19 : place), "byte \(byte) at \(place)")
            }
        }
    }

    @Test func theRunStartsWhereItIsAskedTo() {
        let text = Array("#ab#cdefghijklmn#".utf8)
        let hash = UInt8(ascii: "#")
        text.withUnsafeBufferPointer { bytes in
            #expect(PlainASCII.end(of: bytes, excluding: hash, hash) == 0)
            #expect(PlainASCII.end(of: bytes, from: 1, excluding: hash, hash) == 3)
            #expect(PlainASCII.end(of: bytes, from: 4, excluding: hash, hash) == 16)
            #expect(PlainASCII.end(of: bytes, from: 17, excluding: hash, hash) == 17)
        }
        #expect([UInt8]().withUnsafeBufferPointer { PlainASCII.end(of: $0, excluding: hash, hash) } == 0)
    }
}
