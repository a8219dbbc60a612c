import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite struct YAMLComposerTests {
    private func compose(_ text: String, limits: YAMLLimits = .standard) -> YAMLComposition {
        YAMLComposer(file: "t.yaml", limits: limits).compose(Array(text.utf8))
    }

    private func problems(_ composition: YAMLComposition) -> [String] {
        composition.diagnostics.map(\.description)
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
        #expect(base === again)
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
        )
        let values = composition.documents.first?.sequence?.compactMap { $0.scalar?.value }
        #expect(values?.prefix(3) == [.string, .int(7), .float(2)])
        #expect(
            problems(composition) == [
                "t.yaml:4:3: error: unsupported tag '!custom'; expected no tag or a core tag (!!str, !!int, !!float, "
                    + "!!bool, !!null, !!seq, !!map)",
                "t.yaml:5:3: error: expected an integer for tag !!int, found string \"x\"",
                "t.yaml:7:3: error: tag !!seq is not allowed on a mapping; expected !!map",
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
                "t.yaml:2:6: error: unreadable text: invalid leading UTF-8 octet (found byte or character 0xFF); "
                    + "expected UTF-8 text without control characters"
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
