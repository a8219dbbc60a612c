/// A recursive-descent parser for ``TagExpression``:
///
/// ```
/// or-expr  := and-expr ("or" and-expr)*
/// and-expr := not-expr ("and" not-expr)*
/// not-expr := "not" not-expr | primary
/// primary  := TAG | "(" or-expr ")"
/// ```
///
/// Parentheses and `not` may nest at most ``TagExpression/maximumNesting`` deep.
package struct TagExpressionParser {
    private struct Token {
        enum Kind: Equatable {
            case word(String)
            case open
            case close
            case end
        }

        var kind: Kind
        /// 1-based.
        var column: Int

        var text: String {
            switch kind {
            case .word(let word): "'\(word)'"
            case .open: "'('"
            case .close: "')'"
            case .end: "the end of the expression"
            }
        }
    }

    private var tokens: [Token] = []
    private var position = 0
    /// How many parentheses and `not` enclose the token at `position`.
    private var nesting = 0
    private var lexicalError: TagExpressionError?

    package init(_ source: String) {
        var column = 1
        var word = ""
        var wordColumn = 1
        func flush() {
            if !word.isEmpty { tokens.append(Token(kind: .word(word), column: wordColumn)) }
            word = ""
        }
        for character in source {
            if character == "(" || character == ")" || character.isWhitespace {
                flush()
                if character == "(" { tokens.append(Token(kind: .open, column: column)) }
                if character == ")" { tokens.append(Token(kind: .close, column: column)) }
            } else if character.isLetter || character.isNumber || character == "-" || character == "_"
                || character == "."
            {
                if word.isEmpty { wordColumn = column }
                word.append(character)
            } else if lexicalError == nil {
                lexicalError = TagExpressionError(
                    column: column,
                    message: "found '\(character)', expected a tag, 'and', 'or', 'not', '(' or ')'"
                )
            }
            column += 1
        }
        flush()
        tokens.append(Token(kind: .end, column: column))
    }

    package mutating func parse() throws(TagExpressionError) -> TagExpression.Node {
        if let lexicalError { throw lexicalError }
        let node = try orExpression()
        let next = tokens[position]
        guard next.kind == .end else {
            let wanted = next.kind == .close ? "no ')' without its '('" : "'and', 'or' or the end of the expression"
            throw TagExpressionError(column: next.column, message: "found \(next.text), expected \(wanted)")
        }
        return node
    }

    private mutating func orExpression() throws(TagExpressionError) -> TagExpression.Node {
        try joined(by: "or", into: TagExpression.Node.or) { parser throws(TagExpressionError) in
            try parser.andExpression()
        }
    }

    private mutating func andExpression() throws(TagExpressionError) -> TagExpression.Node {
        try joined(by: "and", into: TagExpression.Node.and) { parser throws(TagExpressionError) in
            try parser.notExpression()
        }
    }

    /// One level of binary operator (`or-expr`, `and-expr`): operands that `operand` parses,
    /// joined by `word` into one node by `combined`; an operand alone stands for itself.
    private mutating func joined(
        by word: String,
        into combined: ([TagExpression.Node]) -> TagExpression.Node,
        operand: (inout Self) throws(TagExpressionError) -> TagExpression.Node
    ) throws(TagExpressionError) -> TagExpression.Node {
        var operands = [try operand(&self)]
        while tokens[position].kind == .word(word) {
            position += 1
            operands.append(try operand(&self))
        }
        return operands.count == 1 ? operands[0] : combined(operands)
    }

    private mutating func notExpression() throws(TagExpressionError) -> TagExpression.Node {
        if tokens[position].kind == .word("not") {
            try enterNesting()
            position += 1
            let operand = try notExpression()
            nesting -= 1
            return .not(operand)
        }
        return try primary()
    }

    private mutating func primary() throws(TagExpressionError) -> TagExpression.Node {
        let token = tokens[position]
        switch token.kind {
        case .word(let word) where !["and", "or", "not"].contains(word):
            position += 1
            return .tag(word)
        case .open:
            try enterNesting()
            position += 1
            let node = try orExpression()
            nesting -= 1
            let close = tokens[position]
            guard close.kind == .close else {
                throw TagExpressionError(
                    column: close.column,
                    message: "found \(close.text), expected ')' to close the '(' at column \(token.column)"
                )
            }
            position += 1
            return node
        case .word, .close, .end:
            throw TagExpressionError(column: token.column, message: "found \(token.text), expected a tag, 'not' or '('")
        }
    }

    /// Counts one more level for the '(' or 'not' at `position`; throws past the limit.
    private mutating func enterNesting() throws(TagExpressionError) {
        nesting += 1
        guard nesting > TagExpression.maximumNesting else { return }
        let token = tokens[position]
        throw TagExpressionError(
            column: token.column,
            message: "found \(token.text) nested more than \(TagExpression.maximumNesting) deep, "
                + "expected at most \(TagExpression.maximumNesting) levels of parentheses and 'not'"
        )
    }
}
