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
    /// Throws ``EngineError`` naming the message and the pattern when one does not compile.
    init(messages: [InAppMessage]) throws {
        for index in messages.indices {
            for trigger in messages[index].triggers {
                for pattern in Self.patterns(of: trigger) where compiled[pattern] == nil {
                    do {
                        compiled[pattern] = try Regex(pattern)
                    } catch {
                        throw EngineError(
                            "message \(messages[index].id): invalid regular expression \"\(pattern)\": \(error)"
                        )
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

    private static func patterns(of trigger: Trigger) -> [String] {
        let filters: PropertyFilters
        switch trigger {
        case .customEvent(_, let eventFilters), .specificPurchase(_, let eventFilters):
            filters = eventFilters
        case .anyPurchase, .sessionStart, .pushClick:
            return []
        }
        return filters.groups.joined().compactMap { condition in
            switch condition.comparison {
            case .matches(let pattern), .doesNotMatch(let pattern): pattern
            default: nil
            }
        }
    }
}
