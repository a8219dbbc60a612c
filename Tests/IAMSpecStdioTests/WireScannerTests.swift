import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecStdio

/// The scanner, which reads the hot messages straight from their bytes, reads every line it
/// takes exactly as the full way (``JSONParser`` and the decoders) reads it, and leaves every line
/// the full way refuses to the full way, whose diagnostics are the ones reported.
@Suite struct WireScannerTests {
    /// Every sample request, in both versions, as one line without its line end.
    private static let requestLines: [(line: [UInt8], version: ProtocolVersion)] = ProtocolVersion.allCases.flatMap {
        version in
        WireSamples.requests.map { (Array(WireLines.text($0, seq: 7, version: version).utf8), version) }
    }

    /// Every sample answer to a stimulus or to `end_case`, in both versions.
    private static let replyLines: [(line: [UInt8], version: ProtocolVersion)] = ProtocolVersion.allCases.flatMap {
        version in
        ([.ready, .ended, .observations([]), .observations(WireSamples.observations)]
            + WireSamples.observations.map { .observations([$0]) })
            .map { (Array(WireLines.text($0, seq: 7, version: version).utf8), version) }
    }

    /// What the full way makes of a request line: the request and its `seq`, or nil when it refuses it.
    private func fullRequest(_ line: [UInt8], version: ProtocolVersion) -> (EngineRequest, Int64?)? {
        guard let message = try? JSONParser.parse(line),
            let request = try? WireCodec.decodeRequest(message, unknownKeys: .ignored, version: version)
        else { return nil }
        return (request, WireCodec.sequenceNumber(of: message))
    }

    private func fullReply(_ line: [UInt8], version: ProtocolVersion) -> (EngineReply, Int64?)? {
        guard let message = try? JSONParser.parse(line),
            let reply = try? WireCodec.decodeReply(message, unknownKeys: .ignored, version: version)
        else { return nil }
        return (reply, WireCodec.sequenceNumber(of: message))
    }

    /// The scanner takes a request line only as the full way reads it.
    private func expectAgreement(request line: [UInt8], version: ProtocolVersion) {
        guard let (request, seq) = WireCodec.scanRequest(line, version: version) else { return }
        let full = fullRequest(line, version: version)
        #expect(full?.0 == request, "\(String(decoding: line, as: UTF8.self))")
        #expect(full?.1 == seq, "\(String(decoding: line, as: UTF8.self))")
    }

    private func expectAgreement(reply line: [UInt8], version: ProtocolVersion) {
        guard let (reply, seq) = WireCodec.scanReply(line, version: version) else { return }
        let full = fullReply(line, version: version)
        #expect(full?.0 == reply, "\(String(decoding: line, as: UTF8.self))")
        #expect(full?.1 == seq, "\(String(decoding: line, as: UTF8.self))")
    }

    @Test func plainRequestsOfARunAreScannedAsTheFullWayReadsThem() throws {
        var scanned = 0
        for (line, version) in Self.requestLines {
            expectAgreement(request: line, version: version)
            let isRunRequest = ["\"case\"", "\"stimulus\"", "\"end_case\""].contains {
                line.starts(with: Array("{\"type\":\($0)".utf8))
            }
            // Lines with escapes are left to the full way; every other request of a run is scanned.
            if isRunRequest && !line.contains(UInt8(ascii: "\\")) && fullRequest(line, version: version) != nil {
                #expect(
                    WireCodec.scanRequest(line, version: version) != nil,
                    "\(String(decoding: line, as: UTF8.self))"
                )
                scanned += 1
            }
        }
        #expect(scanned > 60)
    }

    @Test func plainAnswersAreScannedAsTheFullWayReadsThem() {
        var scanned = 0
        for (line, version) in Self.replyLines {
            expectAgreement(reply: line, version: version)
            if !line.contains(UInt8(ascii: "\\")) && fullReply(line, version: version) != nil {
                #expect(WireCodec.scanReply(line, version: version) != nil, "\(String(decoding: line, as: UTF8.self))")
                scanned += 1
            }
        }
        #expect(scanned > 40)
    }

    /// Every line cut short, or with one byte left out, or with one byte doubled: the scanner
    /// takes none the full way refuses, and reads the ones it takes the same.
    @Test func damagedLinesAreScannedOnlyAsTheFullWayReadsThem() {
        for (line, version) in Self.requestLines + Self.replyLines {
            for position in line.indices {
                var shortened = line
                shortened.remove(at: position)
                var doubled = line
                doubled.insert(line[position], at: position)
                for damaged in [Array(line[..<position]), shortened, doubled] {
                    expectAgreement(request: damaged, version: version)
                    expectAgreement(reply: damaged, version: version)
                }
            }
        }
    }

    /// A string that is not UTF-8 is left to the full way, which refuses it; UTF-8 beyond ASCII is
    /// scanned.
    @Test func aStringThatIsNotUTF8IsLeftToTheFullWay() {
        let head = Array(#"{"type":"stimulus","seq":3,"stimulus":{"kind":"change_user","user":"é"#.utf8)
        let tail = Array(#""}}"#.utf8)
        #expect(WireCodec.scanRequest(head + tail, version: .v2) != nil)
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x8E]] {
            #expect(WireCodec.scanRequest(head + bad + tail, version: .v2) == nil)
            #expect(fullRequest(head + bad + tail, version: .v2) == nil)
        }
    }

    @Test(arguments: [
        // Whitespace between tokens, and keys in another order (the discriminator still first).
        (#" { "type" : "stimulus" , "stimulus" : { "kind" : "advance" , "by_ms" : 5 } , "seq" : 3 } "#, true),
        (#"{"type":"end_case","seq":3}"#, true),
        // Each left to the full way.
        (#"{"seq":3,"type":"end_case"}"#, false),
        (#"{"type":"end_case","seq":3,"seq":3}"#, false),
        (#"{"type":"end_case","seq":3.0}"#, false),
        (#"{"type":"end_case","seq":03}"#, false),
        (#"{"type":"end_case","seq":3,"extra":1}"#, false),
        (#"{"type":"end_case"}"#, false),
        (#"{"type":"end_case","seq":3} x"#, false),
        (#"{"type":"stimulus","seq":3,"stimulus":{"kind":"advance","by_ms":0}}"#, false),
        (#"{"type":"stimulus","seq":3,"stimulus":{"kind":"advance","by_ms":1e3}}"#, false),
        (#"{"type":"stimulus","seq":3,"stimulus":{"kind":"change_user","user":"a\"b"}}"#, false),
        (#"{"type":"stimulus","seq":3,"stimulus":{"kind":"dismiss","message":""}}"#, false),
        (
            #"{"type":"stimulus","seq":3,"stimulus":{"kind":"custom_event","name":"e","properties":{"a":1,"a":2},"source":"sdk"}}"#,
            false
        ),
        (#"{"type":"stimulus","seq":3,"stimulus":{"by_ms":5,"kind":"advance"}}"#, false),
    ])
    func requestShapes(_ text: String, scanned: Bool) {
        let line = Array(text.utf8)
        #expect((WireCodec.scanRequest(line, version: .v2) != nil) == scanned)
        expectAgreement(request: line, version: .v2)
    }

    @Test func aNumberIsReadAsTheFullWayReadsIt() throws {
        for price in ["2", "-0", "2.50", "1e3", "-1.5E-2", "9223372036854775807", "9223372036854775808.0", "1.2e20"] {
            let line = Self.purchase(price: price)
            let scanned = try #require(WireCodec.scanRequest(line, version: .v2))
            #expect(fullRequest(line, version: .v2)?.0 == scanned.request)
        }
    }

    /// An integer beyond 64 bits is refused, never rounded to the nearest real: the scanner
    /// leaves it to the full way, which refuses the line.
    @Test func anIntegerBeyond64BitsIsRefusedByBothWays() {
        for price in ["9223372036854775808", "-9223372036854775809", "123456789012345678901"] {
            let line = Self.purchase(price: price)
            #expect(WireCodec.scanRequest(line, version: .v2) == nil)
            #expect(fullRequest(line, version: .v2) == nil)
        }
    }

    /// A purchase whose price and property `v` are both written `price`.
    private static func purchase(price: String) -> [UInt8] {
        Array(
            #"{"type":"stimulus","seq":3,"stimulus":{"kind":"purchase","price":\#(price),"product":"p","properties":{"v":\#(price)},"source":"sdk"}}"#
                .utf8
        )
    }

    /// A control character or a backslash anywhere in a long string (the scanner looks at eight
    /// bytes at a time) leaves the line to the full way.
    @Test func aSpecialByteAnywhereInAStringIsNoticed() {
        let prefix = Array(#"{"type":"stimulus","seq":3,"stimulus":{"kind":"change_user","user":""#.utf8)
        let suffix = Array(#""}}"#.utf8)
        for special: UInt8 in [0x01, 0x09, 0x1F, UInt8(ascii: "\\")] {
            for position in 0..<24 {
                var user = Array(repeating: UInt8(ascii: "u"), count: 24)
                user[position] = special
                let line = prefix + user + suffix
                #expect(WireCodec.scanRequest(line, version: .v2) == nil)
                #expect(fullRequest(line, version: .v2) == nil)
            }
        }
        let plain = prefix + Array(repeating: UInt8(ascii: "u"), count: 24) + suffix
        #expect(
            WireCodec.scanRequest(plain, version: .v2)?.request
                == .stimulus(.userChanged(to: String(repeating: "u", count: 24)))
        )
    }
}
