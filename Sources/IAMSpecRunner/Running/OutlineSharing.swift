import IAMSpec

/// The values that results kept in outline (`CaseResult.outline`) repeat, each held once: a
/// hundred thousand runs that fail in a few ways have a handful of messages, differences, rules
/// and tags between them, and a case file's runs one path, not a copy each. A result shared
/// through it is equal to the result given; only its storage is another's.
package struct OutlineSharing {
    private var files: Set<String> = []
    private var rules: Set<[RuleReference]> = []
    private var tags: Set<[String]> = []
    private var differences: Set<Difference> = []
    private var messages: Set<String> = []

    /// Nothing shared yet.
    package init() {}

    /// Makes `result` hold the values equal to its own that an earlier result shared, and
    /// keeps its own for the results to come.
    package mutating func share(_ result: inout CaseResult) {
        result.location.file = files.insert(result.location.file).memberAfterInsert
        result.rules = rules.insert(result.rules).memberAfterInsert
        result.tags = tags.insert(result.tags).memberAfterInsert
        result.message = messages.insert(result.message).memberAfterInsert
        if let difference = result.difference {
            result.difference = differences.insert(difference).memberAfterInsert
        }
    }
}
