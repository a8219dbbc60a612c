/// A recursive-descent parser for ``TagExpression``:
///
/// ```
/// or-expr  := and-expr ("or" and-expr)*
/// and-expr := not-expr ("and" not-expr)*
/// not-expr := "not" not-expr | primary
/// primary  := TAG | "(" or-expr ")"
/// ```
struct TagExpressionParser {
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
    private var lexicalError: TagExpressionError?

    init(_ source: String) {
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

    mutating func parse() throws(TagExpressionError) -> TagExpression.Node {
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
        var node = try andExpression()
        while tokens[position].kind == .word("or") {
            position += 1
            node = .or(node, try andExpression())
        }
        return node
    }

    private mutating func andExpression() throws(TagExpressionError) -> TagExpression.Node {
        var node = try notExpression()
        while tokens[position].kind == .word("and") {
            position += 1
            node = .and(node, try notExpression())
        }
        return node
    }

    private mutating func notExpression() throws(TagExpressionError) -> TagExpression.Node {
        if tokens[position].kind == .word("not") {
            position += 1
            return .not(try notExpression())
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
            position += 1
            let node = try orExpression()
            let close = tokens[position]
            guard close.kind == .close else {
                throw TagExpressionError(
                    column: close.column,
                    message: "found \(close.text), expected ')' to close the '(' at column \(token.column)"
                )
            }
            position += 1
            return node
        default:
            throw TagExpressionError(column: token.column, message: "found \(token.text), expected a tag, 'not' or '('")
        }
    }
}
