import IAMSpec

/// The regular expressions of every `matches` / `does_not_match` filter of the delivered
/// messages, each compiled once when the engine is made.
///
/// Compiling up front keeps regex work off the per-event path and turns an invalid pattern into
/// an error when the engine is made, never a crash in the middle of a case.
struct RegexLibrary {
    private var compiled: [String: Regex<AnyRegexOutput>] = [:]

    /// Compiles every pattern used by the messages' triggers.
    ///
    /// Throws ``EngineError`` naming the message and the pattern when one does not compile, or
    /// the message when its character classes may nest deeper than
    /// `PropertyComparison.maximumPatternNesting` (the parser's stack would overflow first).
    init(messages: [InAppMessage]) throws {
        for message in messages {
            for trigger in message.triggers {
                guard let filters = Self.filters(of: trigger) else { continue }
                for group in filters.groups {
                    for condition in group {
                        guard let pattern = Self.pattern(of: condition.comparison), compiled[pattern] == nil
                        else { continue }
                        let limit = PropertyComparison.maximumPatternNesting
                        let levels = PropertyComparison.classNestingBound(ofPattern: pattern)
                        guard levels <= limit else {
                            throw EngineError(
                                "message \(message.id): a regular expression with \(levels) '[' and set operators, "
                                    + "more than the \(limit) levels of character class it may nest"
                            )
                        }
                        do {
                            compiled[pattern] = try Regex(pattern)
                        } catch {
                            throw EngineError(
                                "message \(message.id): invalid regular expression \"\(pattern)\": \(error)"
                            )
                        }
                    }
                }
            }
        }
    }

    /// Whether the pattern matches in the text: anywhere (a substring search), or the whole text;
    /// false for a pattern never compiled.
    func findsMatch(_ pattern: String, in text: String, searching search: PropertyFilterRules.RegexSearch) -> Bool {
        guard let regex = compiled[pattern] else { return false }
        switch search {
        case .substring: return text.contains(regex)
        case .wholeText: return text.wholeMatch(of: regex) != nil
        }
    }

    /// The trigger's property filters; nil for a kind of trigger that has none.
    private static func filters(of trigger: Trigger) -> PropertyFilters? {
        switch trigger {
        case .customEvent(_, let filters), .specificPurchase(_, let filters): filters
        case .anyPurchase, .sessionStart, .pushClick: nil
        }
    }

    /// The regular expression of a `matches` / `does_not_match` comparison; nil for the others.
    private static func pattern(of comparison: PropertyComparison) -> String? {
        switch comparison {
        case .matches(let pattern), .doesNotMatch(let pattern): pattern
        case .equals, .notEquals, .greaterThan, .lessThan, .atLeast, .atMost, .exists, .doesNotExist, .withinLast,
            .moreThanAgo, .lessThanInFuture, .moreThanInFuture:
            nil
        }
    }
}
