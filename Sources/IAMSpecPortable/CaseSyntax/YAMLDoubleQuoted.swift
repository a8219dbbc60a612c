/// Writes text as a YAML double-quoted scalar that reads back as exactly the same string.
///
/// Used wherever iamspec writes YAML (baselines, cases found by fuzzing) or quotes a value in a
/// diagnostic.
package enum YAMLDoubleQuoted {
    /// The text in double quotes, with quotes, backslashes, line breaks and every character YAML
    /// does not allow to stand as it is (C0 and C1 controls, DEL, BOM, line and paragraph
    /// separators) escaped.
    package static func scalar(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0xFEFF || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
