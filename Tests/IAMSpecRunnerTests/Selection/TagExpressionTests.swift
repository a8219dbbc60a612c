import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Tag expressions")
struct TagExpressionTests {
    private func matches(_ expression: String, _ tags: [String]) throws -> Bool {
        try TagExpression(parsing: expression).matches(tags: tags)
    }

    @Test func wordsAreTagsCombinedWithAndOrNot() throws {
        #expect(try matches("stack", ["stack"]))
        #expect(try !matches("stack", ["legacy"]))
        #expect(try matches("stack and not legacy", ["stack", "smoke"]))
        #expect(try !matches("stack and not legacy", ["stack", "legacy"]))
        #expect(try matches("stack or legacy", ["legacy"]))
        #expect(try matches("not not stack", ["stack"]))
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        // a or (b and (not c))
        #expect(try matches("a or b and not c", ["a", "c"]))
        #expect(try matches("a or b and not c", ["b"]))
        #expect(try !matches("a or b and not c", ["b", "c"]))
        // (not a) and b, not not (a and b)
        #expect(try !matches("not a and b", ["a", "b"]))
        #expect(try matches("not a and b", ["b"]))
    }

    @Test func parenthesesGroup() throws {
        #expect(try !matches("(a or b) and not c", ["b", "c"]))
        #expect(try matches("(a or b) and not c", ["b"]))
        #expect(try matches("not (a or b)", ["c"]))
        #expect(try matches("((a))", ["a"]))
    }

    @Test(arguments: [
        ("", 1, "found the end of the expression, expected a tag, 'not' or '('"),
        ("stack and", 10, "found the end of the expression, expected a tag, 'not' or '('"),
        ("stack legacy", 7, "found 'legacy', expected 'and', 'or' or the end of the expression"),
        ("(stack or legacy", 17, "found the end of the expression, expected ')' to close the '(' at column 1"),
        ("stack)", 6, "found ')', expected no ')' without its '('"),
        ("and stack", 1, "found 'and', expected a tag, 'not' or '('"),
        ("stack & legacy", 7, "found '&', expected a tag, 'and', 'or', 'not', '(' or ')'"),
    ])
    func parseErrorsNameTheColumn(_ source: String, _ column: Int, _ message: String) {
        #expect(throws: TagExpressionError(column: column, message: message)) {
            try TagExpression(parsing: source)
        }
    }

    @Test func nestingDeeperThanTheLimitIsAParseErrorAtTheFirstLevelTooDeep() throws {
        let limit = TagExpression.maximumNesting
        let deepest = String(repeating: "(", count: limit) + "a" + String(repeating: ")", count: limit)
        #expect(try matches(deepest, ["a"]))
        #expect(try !matches(String(repeating: "not ", count: limit - 1) + "a", ["a"]))
        let message = "nested more than \(limit) deep, expected at most \(limit) levels of parentheses and 'not'"
        #expect(throws: TagExpressionError(column: limit + 1, message: "found '(' " + message)) {
            try TagExpression(
                parsing: String(repeating: "(", count: 30_000) + "a" + String(repeating: ")", count: 30_000)
            )
        }
        #expect(throws: TagExpressionError(column: 4 * limit + 1, message: "found 'not' " + message)) {
            try TagExpression(parsing: String(repeating: "not ", count: limit + 1) + "a")
        }
    }

    @Test func aLongChainOfAndOrOrCostsNoDepth() throws {
        let chain = Array(repeating: "a", count: 100_000)
        #expect(try matches(chain.joined(separator: " and "), ["a"]))
        #expect(try !matches(chain.joined(separator: " and ") + " and b", ["a"]))
        #expect(try matches(chain.joined(separator: " or ") + " or b", ["b"]))
    }

    @Test func theSelectionAndsTheExpressionWithTheOtherOptions() throws {
        let cases = [
            CaseFixtures.displaysPromo("one", tags: ["stack"]),
            CaseFixtures.displaysPromo("two", tags: ["stack", "legacy"]),
            CaseFixtures.displaysPromo("three", tags: ["smoke"]),
        ]
        let selection = RunSelection(
            filters: [GlobPattern("t*")],
            tagExpression: try TagExpression(parsing: "stack or smoke")
        )
        #expect(selection.runs(of: cases).map(\.specCase.id) == ["three", "two"])
    }
}
