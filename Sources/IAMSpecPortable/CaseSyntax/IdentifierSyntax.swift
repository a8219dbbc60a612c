/// The spellings the case format allows for identifiers, checked without regular expressions,
/// and their words for a diagnostic: what the loader and a compiled suite's reader expect.
package enum IdentifierSyntax {
    /// What ``isCaseID(_:)`` allows, in a diagnostic's words.
    package static let caseIDSpelling =
        "a case id of lowercase ASCII letters, digits, '.', '_' and '-' starting with a letter or digit"
    /// What ``isTag(_:)`` allows, in a diagnostic's words.
    package static let tagSpelling =
        "a tag of lowercase ASCII letters, digits and '-' starting with a letter or digit"
    /// What ``isRuleID(_:)`` allows, in a diagnostic's words.
    package static let ruleIDSpelling =
        "a rule id 'area.name' of lowercase ASCII letters, digits and '-' in two or more '.'-separated parts"
    /// What ``isMessageID(_:)`` allows, in a diagnostic's words.
    package static let messageIDSpelling = "a message id of ASCII letters, digits, '_' and '-'"

    /// A case id: `^[a-z0-9][a-z0-9._-]*$`.
    package static func isCaseID(_ text: String) -> Bool {
        matches(text, first: isLowerAlphanumeric) {
            isLowerAlphanumeric($0) || $0 == dot || $0 == underscore || $0 == dash
        }
    }

    /// A tag: `^[a-z0-9][a-z0-9-]*$`.
    package static func isTag(_ text: String) -> Bool {
        matches(text, first: isLowerAlphanumeric) { isLowerAlphanumeric($0) || $0 == dash }
    }

    /// A message id: `^[A-Za-z0-9_-]+$`.
    package static func isMessageID(_ text: String) -> Bool {
        let allowed = { (byte: UInt8) in
            isLowerAlphanumeric(byte) || (byte >= upperA && byte <= upperZ) || byte == underscore || byte == dash
        }
        return matches(text, first: allowed, rest: allowed)
    }

    /// A rule id: `^[a-z0-9-]+(\.[a-z0-9-]+)+$`, at least two dot-separated parts.
    package static func isRuleID(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: dot, omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { isLowerAlphanumeric($0) || $0 == dash } }
    }

    private static let dot = UInt8(ascii: ".")
    private static let dash = UInt8(ascii: "-")
    private static let underscore = UInt8(ascii: "_")
    private static let upperA = UInt8(ascii: "A")
    private static let upperZ = UInt8(ascii: "Z")

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func matches(_ text: String, first: (UInt8) -> Bool, rest: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let head = bytes.first, first(head) else { return false }
            return bytes.dropFirst().allSatisfy(rest)
        }
    }
}
