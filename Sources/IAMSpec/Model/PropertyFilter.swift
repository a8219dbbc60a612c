/// The property filters of a Specific Purchase or Custom Event trigger: an AND of OR-groups.
///
/// The trigger matches when every group holds, and a group holds when any one of its
/// conditions holds. An empty filter set always holds.
public struct PropertyFilters: Sendable, Hashable {
    /// The groups, all of which must hold.
    public var groups: [[PropertyCondition]]

    /// Filters made of `groups`, all of which must hold; none by default, which always holds.
    public init(groups: [[PropertyCondition]] = []) {
        self.groups = groups
    }
}

/// One condition on one event property.
public struct PropertyCondition: Sendable, Hashable {
    /// The property's name.
    public var property: String
    /// What must be true of it.
    public var comparison: PropertyComparison

    /// The condition that the event's property `property` satisfies `comparison`.
    public init(property: String, comparison: PropertyComparison) {
        self.property = property
        self.comparison = comparison
    }
}

/// The operators a property condition may use, with their operands.
///
/// Apart from `notEquals`, `doesNotMatch` and `doesNotExist`, a condition on an absent property is
/// false. Types never convert: a number operator on a string is false (`Specs/README.md`,
/// "Property filters", gives each operator's exact bounds; rules `filters.*`).
public enum PropertyComparison: Sendable, Hashable {
    /// The same value of the same type, integers and reals counting as one type, numbers:
    /// `5` equals `5.0`, compared exactly; the string `"5"` equals neither.
    case equals(PropertyValue)
    /// Not `equals`; also true when the property is absent.
    case notEquals(PropertyValue)
    /// A number strictly greater than the operand.
    case greaterThan(Double)
    /// A number strictly less than the operand.
    case lessThan(Double)
    /// A number greater than or equal to the operand.
    case atLeast(Double)
    /// A number less than or equal to the operand.
    case atMost(Double)
    /// A string in which the regular expression finds a match (a substring search).
    case matches(regex: String)
    /// Anything but a string in which the regular expression finds a match: also true when the
    /// property is absent or is not a string.
    case doesNotMatch(regex: String)
    /// The property is present, whatever its value.
    case exists
    /// The property is absent.
    case doesNotExist
    /// A time no earlier than the event's time minus the span (`t >= now - s`), with no upper
    /// bound: a time after the event's holds too.
    case withinLast(VirtualTime)
    /// A time no later than the event's time minus the span (`t <= now - s`): the bound holds.
    case moreThanAgo(VirtualTime)
    /// A time strictly earlier than the event's time plus the span (`t < now + s`), with no lower
    /// bound: the event's time and earlier times hold too.
    case lessThanInFuture(VirtualTime)
    /// A time strictly later than the event's time plus the span (`t > now + s`).
    case moreThanInFuture(VirtualTime)
}

extension PropertyComparison {
    /// The most levels of character class a `matches` / `does_not_match` pattern may reach, as
    /// counted by ``classNestingBound(ofPattern:)``: Swift's regular expression parser recurses
    /// once per nested class (`[[[...`) and once per set operator of a class (`[a--b--c...`), and
    /// a few thousand levels overflow its thread's stack (groups it limits itself: 63 deep is an error). The
    /// loader refuses a pattern past this with a diagnostic, the reference engine with an
    /// `EngineError`.
    package static let maximumPatternNesting = 100

    /// An upper bound on how deep a pattern's character classes nest: every `[` and every set
    /// operator (`--`, `&&`, `~~`; each pair of a run such as `---`) in it, escaped, quoted or
    /// not. Counting every one, rather than following the syntax, leaves no escape, `\Q...\E`
    /// quote or comment that could hide a level from the count yet not from the parser.
    package static func classNestingBound(ofPattern pattern: String) -> Int {
        var count = 0
        var previous: Unicode.Scalar?
        for scalar in pattern.unicodeScalars {
            let isOperatorPair = scalar == previous && (scalar == "-" || scalar == "&" || scalar == "~")
            if scalar == "[" || isOperatorPair { count += 1 }
            previous = scalar
        }
        return count
    }
}
