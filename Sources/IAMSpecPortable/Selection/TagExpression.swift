/// A boolean expression over case tags (`--tags "stack and not legacy"`).
///
/// Words are tags; `and`, `or` and `not` combine them, and parentheses group. `not` binds
/// tighter than `and`, which binds tighter than `or`: `a or b and not c` is `a or (b and (not c))`.
public struct TagExpression: Sendable, Hashable, TextCodable {
    /// The expression as written.
    public var source: String
    package let root: Node

    /// Parses an expression.
    ///
    /// - Throws: ``TagExpressionError`` with the 1-based column of the problem.
    public init(parsing source: String) throws(TagExpressionError) {
        var parser = TagExpressionParser(source)
        self.source = source
        self.root = try parser.parse()
    }

    /// Whether a case with these tags satisfies the expression.
    public func matches(tags: [String]) -> Bool {
        root.evaluate(Set(tags))
    }

    /// The expression as written.
    public var description: String { source }

    /// Whether two expressions are written alike.
    public static func == (lhs: TagExpression, rhs: TagExpression) -> Bool {
        lhs.source == rhs.source
    }

    /// Hashes the expression as written.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
    }

    /// The deepest nesting of parentheses and `not` an expression may have. Deeper nesting is
    /// a parse error, not a stack overflow (the parser, the evaluation and the tree's release
    /// all recurse once per level).
    package static let maximumNesting = 100

    /// The parsed form. A chain of `and` (or of `or`) is one node with every operand, so only
    /// parentheses and `not` nest: a long chain costs no depth.
    package indirect enum Node: Sendable, Hashable {
        case tag(String)
        case not(Node)
        case and([Node])
        case or([Node])

        package func evaluate(_ tags: Set<String>) -> Bool {
            switch self {
            case .tag(let name): tags.contains(name)
            case .not(let operand): !operand.evaluate(tags)
            case .and(let operands): operands.allSatisfy { $0.evaluate(tags) }
            case .or(let operands): operands.contains { $0.evaluate(tags) }
            }
        }
    }
}

/// A tag expression that does not parse: where (1-based column, in characters) and what was
/// expected.
public typealias TagExpressionError = ColumnSyntaxError
