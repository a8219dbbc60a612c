import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecStdio

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e3, true, false, null, "x\u00e9\ud83c\udf89\n"], "b": {}} "#)
        #expect(
            value
                == .object([
                    "a": .array([.integer(1), .number(-2500), .boolean(true), .boolean(false), .null, .string("xé🎉\n")]
                    ),
                    "b": .object([:]),
                ])
        )
    }

    @Test func serializingAndParsingIsTheIdentity() throws {
        let value = JSONValue.object([
            "text": .string("quote \" backslash \\ control \u{01} line\u{2028}"), "n": .number(0.1), "i": .integer(-7),
            "list": .array([.null, .boolean(true), .number(1e300)]),
        ])
        #expect(try JSONParser.parse(JSONSerializer.line(value)) == value)
    }

    @Test(arguments: [
        ("hello world", 1, "expected a value, found `h`"),
        (#"{"type": "observ"#, 17, "expected `\"` to end the string, found the end of the line"),
        (#"{"a": 1} x"#, 10, "expected the end of the line after the value, found `x`"),
        (#"{"a": 1, "a": 2}"#, 10, "duplicate key \"a\""),
        ("[01]", 3, "expected `,` or `]`, found `1`"),
        ("", 1, "expected a value, found the end of the line"),
        (
            "\u{FEFF}{\"type\": \"hello_reply\"}", 1,
            "expected a value, found a byte order mark (U+FEFF, the bytes 0xEF 0xBB 0xBF), which JSON text holds only "
                + "inside a string"
        ),
        (
            "{\"a\": 1}\u{FEFF}", 9,
            "expected the end of the line after the value, found a byte order mark (U+FEFF, the bytes 0xEF 0xBB 0xBF), "
                + "which JSON text holds only inside a string"
        ),
    ])
    func reportsWhereAndWhat(text: String, column: Int, problem: String) {
        #expect(throws: JSONSyntaxError(column: column, message: problem)) { try JSONParser.parse(text) }
    }

    /// Past the keys compared one by one, a duplicate is still found, and named where it is.
    @Test func findsADuplicateKeyInALargeObject() {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" } + [#""k3": 0"#]
        let text = "{" + keys.joined(separator: ", ") + "}"
        let column = text.utf8.count - #""k3": 0}"#.utf8.count + 1
        #expect(throws: JSONSyntaxError(column: column, message: "duplicate key \"k3\"")) { try JSONParser.parse(text) }
    }

    /// Keys are told apart by their Unicode scalars, as Python, JavaScript and Java tell them
    /// apart: a key written in NFC and in NFD, or with its combining marks in another order, is
    /// two keys, in a small object and in a large one alike (a large one, and marks reordered,
    /// were refused as a duplicate key, canonically equivalent, while a small one kept both).
    @Test(arguments: [0, 40])
    func keysCanonicallyEquivalentAreTwoKeys(otherKeys: Int) throws {
        let pairs = [("caf\u{E9}", "cafe\u{301}"), ("a\u{301}\u{323}", "a\u{323}\u{301}")]
        for (first, second) in pairs {
            let others = (0..<otherKeys).map { "\"k\($0)\": \($0), " }.joined()
            let text = "{" + others + "\"\(first)\": 1, \"\(second)\": 2}"
            guard case .object(let object) = try JSONParser.parse(text) else {
                Issue.record("not an object")
                return
            }
            #expect(object.count == otherKeys + 2)
            #expect(object[first] == .integer(1))
            #expect(object[second] == .integer(2))
        }
    }

    /// An object's members keep the order they were written in, and two objects with the same
    /// members in another order are equal, as JSON has it.
    @Test func objectsKeepTheirOrderAndCompareWithoutIt() throws {
        guard case .object(let object) = try JSONParser.parse(#"{"b": 1, "a": [2], "c": null}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object == ["c": .null, "a": .array([.integer(2)]), "b": .integer(1)])
        let reordered: JSONObject = ["c": .null, "a": .array([.integer(2)]), "b": .integer(1)]
        #expect(object.hashValue == reordered.hashValue)
        #expect(object != ["b": .integer(1), "a": .array([.integer(2)])])
    }

    /// Bytes that are not UTF-8 in a string are an error at the first of them, with or without an
    /// escape before it (RFC 8259 8.1), never read as a replacement character; UTF-8 of every
    /// length is text.
    @Test(arguments: [
        (Array(#"["promo"#.utf8) + [0xFF] + Array(#""]"#.utf8), 8, "byte 0xFF never appears in UTF-8"),
        (
            Array(#"["a\n"#.utf8) + [0xC3] + Array(#""]"#.utf8), 6,
            "byte 0xC3 starts a 2-byte UTF-8 sequence, but byte 0x22 follows it"
        ),
        (
            Array(#"{"id": "x"#.utf8) + [0xE2, 0x82] + Array(#"y"}"#.utf8), 10,
            "byte 0xE2 starts a 3-byte UTF-8 sequence, but byte 0x79 follows it"
        ),
        (
            Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8), 3,
            "bytes 0xED 0xA0 start a UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 text cannot hold"
        ),
    ])
    func refusesBytesThatAreNotUTF8(bytes: [UInt8], column: Int, problem: String) {
        #expect(throws: JSONSyntaxError(column: column, message: "expected UTF-8 text in the string: " + problem)) {
            try JSONParser.parse(bytes)
        }
    }

    @Test func readsUTF8OfEveryLength() throws {
        #expect(try JSONParser.parse(#"["a\u00e9é€🎉", "é\n€"]"#) == .array([.string("aéé€🎉"), .string("é\n€")]))
    }

    @Test func refusesDeepNesting() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(String(repeating: "[", count: 10_000)) }
    }
}
