/// Writes text as a YAML double-quoted scalar that reads back as exactly the same string.
///
/// Used wherever iamspec writes YAML (baselines, cases found by fuzzing) or quotes a value in a
/// diagnostic.
package enum YAMLDoubleQuoted {
    /// The text in double quotes, with quotes, backslashes, line breaks, every character YAML
    /// does not allow to stand as it is (C0 and C1 controls, DEL, BOM, line and paragraph
    /// separators) and every other character that would act or hide when the file is shown (the
    /// bidirectional marks and overrides, the zero-width ones, U+FFFE and U+FFFF: ``QuotedText``'s
    /// rule, which holds those YAML refuses too) escaped, so a file iamspec writes never reorders
    /// or hides its own text in an editor or a review.
    package static func scalar(_ text: String) -> String {
        QuotedText.doubleQuoted(text) { scalar in
            switch scalar {
            case "\n": return "\\n"
            case "\t": return "\\t"
            case "\r": return "\\r"
            default:
                guard QuotedText.visibleForm(of: scalar) != nil else { return nil }
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
    }
}
