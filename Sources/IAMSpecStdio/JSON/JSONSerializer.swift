/// Writes JSON values as compact, single-line JSON text.
///
/// Object keys are written sorted, except that `type` and `kind` (the protocol's
/// discriminators) come first, so every line reads the same way and starts with what it is.
enum JSONSerializer {
    /// The value as one line of JSON text, without the newline.
    static func line(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null:
            output += "null"
        case .boolean(let flag):
            output += flag ? "true" : "false"
        case .integer(let integer):
            output += String(integer)
        case .number(let number):
            output += numberText(number)
        case .string(let text):
            writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (position, key) in fields.keys.sorted(by: keyOrder).enumerated() {
                if position > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                write(fields[key] ?? .null, to: &output)
            }
            output += "}"
        }
    }

    private static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
        let leading = ["type", "kind"]
        switch (leading.firstIndex(of: lhs), leading.firstIndex(of: rhs)) {
        case (let left?, let right?): return left < right
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs < rhs
        }
    }

    /// A number that reads back as a number, not an integer: `5.0`, `0.25`, `1e+20`.
    /// Infinities and NaN, which JSON cannot carry, are written as `null`.
    private static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        let text = "\(number)"
        if text.contains(".") || text.contains("e") { return text }
        return text + ".0"
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
