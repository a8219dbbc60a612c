import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

@Suite struct YAMLComposerTests {
    private func compose(_ text: String, limits: YAMLLimits = .standard) -> YAMLComposition {
        YAMLComposer(file: "t.yaml", limits: limits).compose(Array(text.utf8))
    }

    private func problems(_ composition: YAMLComposition) -> [String] {
        composition.diagnostics.map(\.description)
    }

    @Test func aDoubleQuotedScalarIamspecWritesReadsBackAsItsTextAndActsOnNothingShown() throws {
        let texts = [
            "plain", "quote \" and \\ backslash", "line\nfeed\r\ttab", "\u{0}\u{1b}[31m\u{7f}\u{85}\u{9f}",
            "right\u{202E}to left", "\u{61C}\u{200E}\u{200F}\u{202A}\u{2066}\u{2069}", "\u{2028}\u{2029}\u{FEFF}",
            "zero\u{200B}width\u{2060}",
            "\u{FFFE}\u{FFFF}", "café e\u{301} 日本 🎉",
        ]
        for text in texts {
            let written = YAMLDoubleQuoted.scalar(text)
            let composition = compose("a: \(written)\n")
            #expect(composition.diagnostics.isEmpty, "\(written)")
            let read = try #require(composition.documents.first?.mapping?["a"]?.scalar)
            #expect(Array(read.text.unicodeScalars) == Array(text.unicodeScalars), "\(written)")
            let acting = written.unicodeScalars.filter { QuotedText.visibleForm(of: $0) != nil }
            #expect(acting.isEmpty, "\(written)")
        }
    }

    @Test func marksAreOneBased() throws {
        let composition = compose("a:\n  - x\n  -   y\n")
        let list = try #require(composition.documents.first?.mapping?["a"]?.sequence)
        #expect(list.map(\.mark) == [YAMLMark(line: 2, column: 5), YAMLMark(line: 3, column: 7)])
        #expect(composition.documents.first?.mapping?.entry("a")?.key.mark == YAMLMark(line: 1, column: 1))
    }

    @Test func mappingsKeepSourceOrderAndIndexKeys() throws {
        let mapping = try #require(compose("b: 1\na: 2\nc: 3\n").documents.first?.mapping)
        #expect(mapping.entries.map(\.name) == ["b", "a", "c"])
        #expect(mapping["a"]?.scalar?.value == .int(2))
        #expect(mapping["missing"] == nil)
    }

    @Test func aliasesShareTheAnchoredNode() throws {
        let composition = compose("base: &m {id: promo}\nagain: *m\n")
        let mapping = try #require(composition.documents.first?.mapping)
        let base = try #require(mapping["base"])
        let again = try #require(mapping["again"])
        #expect(base.index == again.index)
        #expect(problems(composition) == [])
    }

    @Test func unknownAliasIsADiagnostic() {
        #expect(
            problems(compose("a: *nowhere\n")) == [
                "t.yaml:1:4: error: unknown alias '*nowhere'; expected an anchor '&nowhere' defined earlier in the document"
            ]
        )
    }

    @Test func anchorsDoNotCrossDocuments() {
        #expect(
            problems(compose("a: &x 1\n---\nb: *x\n")) == [
                "t.yaml:3:4: error: unknown alias '*x'; expected an anchor '&x' defined earlier in the document"
            ]
        )
    }

    @Test func aRecursiveAliasIsUnknownInsteadOfACycle() {
        #expect(
            problems(compose("a: &x [*x]\n")) == [
                "t.yaml:1:8: error: unknown alias '*x'; expected an anchor '&x' defined earlier in the document"
            ]
        )
    }

    @Test func multipleDocuments() {
        let composition = compose("a: 1\n---\n- b\n---\nc\n...\n")
        #expect(composition.documents.count == 3)
        #expect(composition.documents.map(\.summary) == ["a mapping", "a list", "string \"c\""])
    }

    @Test func duplicateKeysAreReportedAndTheFirstKept() {
        let composition = compose("a: 1\nb: 2\na: 3\n")
        #expect(
            problems(composition) == [
                "t.yaml:3:1: error: duplicate key 'a' in a mapping; first defined at line 1, column 1"
            ]
        )
        #expect(composition.documents.first?.mapping?["a"]?.scalar?.value == .int(1))
    }

    @Test func nonScalarKeysAreReported() {
        #expect(
            problems(compose("? [a]\n: 1\n")) == ["t.yaml:1:3: error: expected a scalar as a mapping key, found a list"]
        )
    }

    @Test func coreTagsApplyAndOthersAreErrors() {
        let composition = compose(
            "- !!str 5\n- !!int \"7\"\n- !!float 2\n- !custom x\n- !!int x\n- !!map {}\n- !!seq {}\n"
                + "- !!int -9223372036854775809\n"
        )
        let values = composition.documents.first?.sequence?.compactMap { $0.scalar?.value }
        #expect(values?.prefix(3) == [.string, .int(7), .float(2)])
        #expect(
            problems(composition) == [
                "t.yaml:4:3: error: unsupported tag '!custom'; expected no tag or a core tag (!!str, !!int, !!float, "
                    + "!!bool, !!null, !!seq, !!map)",
                "t.yaml:5:3: error: expected an integer for tag !!int, found string \"x\"",
                "t.yaml:7:3: error: tag !!seq is not allowed on a mapping; expected !!map",
                "t.yaml:8:3: error: expected an integer within 64 bits for tag !!int, found integer "
                    + "-9223372036854775809 (beyond 64 bits)",
            ]
        )
    }

    @Test func billionLaughsFailsFast() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]\n"
        }
        let composition = compose(text)
        #expect(composition.documents.isEmpty)
        #expect(composition.diagnostics.count == 1)
        #expect(
            composition.diagnostics.first?.message
                == "the file expands to more than 1000000 nodes (aliases count as the nodes they repeat); "
                + "expected a smaller file"
        )
        #expect(composition.diagnostics.first?.location.line == 6)
    }

    @Test func deepNestingIsADiagnostic() {
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let composition = compose(text)
        #expect(
            problems(composition) == [
                "t.yaml:1:201: error: lists and mappings are nested more than 200 deep; expected at most 200 levels"
            ]
        )
    }

    @Test func nestingWithinTheLimitIsFine() {
        let text = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(problems(compose(text)) == [])
    }

    @Test func invalidUTF8IsADiagnosticAtItsPlace() {
        var bytes = Array("a: 1\nb: ok".utf8)
        bytes += [0xFF, 0xFE]
        let composition = YAMLComposer(file: "t.yaml").compose(bytes)
        #expect(
            composition.diagnostics.map(\.description) == [
                "t.yaml:2:6: error: unreadable text: byte 0xFF never appears in UTF-8; expected UTF-8 text"
            ]
        )
    }

    @Test(
        arguments: [
            ([0xC3, 0x20], "byte 0xC3 starts a 2-byte UTF-8 sequence, but byte 0x20 follows it"),
            ([0xE2, 0x82], "byte 0xE2 starts a 3-byte UTF-8 sequence, but byte 0x20 follows it"),
            ([0x80], "byte 0x80 continues a UTF-8 sequence that no leading byte starts"),
            (
                [0xED, 0xA0, 0x80],
                "bytes 0xED 0xA0 start a UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 text cannot hold"
            ),
            ([0xE0, 0x80, 0x80], "bytes 0xE0 0x80 start an overlong encoding, which UTF-8 text cannot hold"),
            (
                [0xF4, 0x90, 0x80, 0x80],
                "bytes 0xF4 0x90 start a code point above U+10FFFF, which UTF-8 text cannot hold"
            ),
        ] as [([UInt8], String)]
    )
    func aBadUTF8SequenceIsNamedAtItsFirstByte(_ bad: [UInt8], _ problem: String) {
        // The bad sequence comes after a two-byte character, so its column counts characters, not bytes.
        let bytes = Array("a: 1\nb: é ".utf8) + bad + Array(" c\n".utf8)
        let composition = YAMLComposer(file: "t.yaml").compose(bytes)
        #expect(
            composition.diagnostics.map(\.description) == [
                "t.yaml:2:6: error: unreadable text: \(problem); expected UTF-8 text"
            ]
        )
    }

    @Test func yaml12TextLibYAMLRefusesIsSaidPlainly() {
        let limit = "this is valid YAML 1.2 that libyaml, a YAML 1.1 parser, does not accept"
        let separator = compose("a: x\u{2028}y\nb: 1\n").diagnostics.map(\.description)
        #expect(separator.count == 1)
        #expect(
            separator.first?.hasPrefix("t.yaml:1:5: error: found U+2028 (line separator), which libyaml reads") == true
        )
        #expect(
            separator.first?.hasSuffix("\(limit): write the character as \\u2028 in a double-quoted scalar") == true
        )
        let tab = compose("a:\n-\tx\n").diagnostics.map(\.description)
        #expect(tab.count == 1)
        #expect(tab.first?.hasPrefix("t.yaml:2:2: error: YAML syntax error: found character that cannot start") == true)
        #expect(tab.first?.hasSuffix("found a tab after '-': \(limit): separate with spaces") == true)
        let bare = compose("a: 1\n...\nb: 2\n").diagnostics.map(\.description)
        #expect(
            bare == [
                "t.yaml:3:1: error: YAML syntax error: did not find expected <document start>; a document after '...' "
                    + "without '---': \(limit): start the document with '---'"
            ]
        )
    }

    /// scripts/fuzz-loader found this one: the '...' line was looked for line by line, each from the
    /// start of the file, so 60,000 documents took over a minute.
    @Test func aDocumentAfterAnEndMarkerFarDownTheFileIsExplained() {
        let text = String(repeating: "---\n", count: 100_000) + "a: 1\n...\nb: 2\n"
        let problems = compose(text).diagnostics.map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("t.yaml:100003:1: error: YAML syntax error: did not find expected") == true)
    }

    @Test func anInvalidEscapeIsReportedAtItsBackslash() {
        let problems = compose("a: 1\nb: \"xé\\ud800\"\n").diagnostics.map(\.description)
        #expect(problems.count == 1)
        #expect(
            problems.first?.hasPrefix(
                "t.yaml:2:7: error: YAML syntax error: found invalid Unicode character escape code"
            ) == true
        )
    }

    @Test func keysThatDifferOnlyInNormalisationAreTwoKeys() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let composition = compose("\(composed): 1\n\(decomposed): 2\n")
        #expect(problems(composition) == [])
        let mapping = try #require(composition.documents.first?.mapping)
        #expect(mapping.entries.count == 2)
        // Keys are looked up as literals (`StaticString`), compared by their bytes.
        #expect(mapping["caf\u{E9}"]?.scalar?.value == .int(1))
        #expect(mapping["cafe\u{301}"]?.scalar?.value == .int(2))
    }

    @Test func anAliasUsedAsADuplicateKeyIsReportedAtTheAlias() {
        #expect(
            problems(compose("a: 1\n&k b: 2\n*k : 3\n")) == [
                "t.yaml:3:1: error: duplicate key 'b' in a mapping; first defined at line 2, column 1"
            ]
        )
    }

    @Test func nulAndBinaryBytesAreDiagnostics() {
        let composition = YAMLComposer(file: "t.yaml").compose([0x61, 0x3A, 0x20, 0x00, 0x01, 0x02, 0x89])
        #expect(
            composition.diagnostics.map(\.description) == [
                "t.yaml:1:4: error: unreadable text: control characters are not allowed (found byte or character 0x0); "
                    + "expected UTF-8 text without control characters"
            ]
        )
    }

    @Test func syntaxErrorsKeepEarlierDocuments() {
        let composition = compose("a: 1\n---\nb: [\n")
        #expect(composition.documents.count == 1)
        #expect(composition.diagnostics.count == 1)
    }

    @Test func emptyInputHasNoDocuments() {
        let composition = compose("")
        #expect(composition.documents.isEmpty)
        #expect(composition.diagnostics.isEmpty)
        #expect(compose("# only a comment\n").documents.isEmpty)
    }
}
