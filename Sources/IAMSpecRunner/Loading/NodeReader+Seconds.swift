import IAMSpec

extension NodeReader {
    /// Seconds of virtual time: a non-negative number with at most three decimals, read exactly
    /// from its decimal text (no binary rounding).
    mutating func seconds(
        _ node: YAMLNode,
        for subject: @autoclosure () -> String,
        range: SecondsRange = .nonNegative
    ) -> VirtualTime? {
        guard let scalar = node.scalar, let milliseconds = exactMilliseconds(scalar, node: node, subject: subject())
        else { return nil }
        let time = VirtualTime(milliseconds: milliseconds)
        switch range {
        case .nonNegative:
            break
        case .positive where milliseconds == 0:
            report("expected a positive number of seconds for \(subject()), found \(node.summary)", at: node)
            return nil
        case .upTo(let maximum) where time > maximum:
            report("expected seconds from 0 to \(maximum) for \(subject()), found \(node.summary)", at: node)
            return nil
        case .positive, .upTo:
            break
        }
        return time
    }

    private mutating func exactMilliseconds(
        _ scalar: YAMLScalar,
        node: YAMLNode,
        subject: @autoclosure () -> String
    ) -> Int64? {
        switch scalar.value {
        case .int(let value):
            if value < 0 {
                report("expected non-negative seconds for \(subject()), found \(node.summary)", at: node)
                return nil
            }
            let (milliseconds, overflow) = value.multipliedReportingOverflow(by: 1000)
            if overflow {
                report(
                    "expected seconds small enough to count in milliseconds for \(subject()), found \(node.summary)",
                    at: node
                )
                return nil
            }
            return milliseconds
        case .float(let value) where value.isFinite:
            if value < 0 {
                report("expected non-negative seconds for \(subject()), found \(node.summary)", at: node)
                return nil
            }
            switch DecimalMilliseconds.parse(scalar.text) {
            case .milliseconds(let milliseconds):
                return milliseconds
            case .tooPrecise:
                report("expected seconds with at most three decimals for \(subject()), found \(node.summary)", at: node)
            case .tooLarge:
                report(
                    "expected seconds small enough to count in milliseconds for \(subject()), found \(node.summary)",
                    at: node
                )
            }
            return nil
        case .float, .null, .bool, .string:
            report("expected seconds (a number) for \(subject()), found \(node.summary)", at: node)
            return nil
        }
    }
}

/// Converts the decimal text of a non-negative real (`1.5`, `2.25e1`) to whole milliseconds.
enum DecimalMilliseconds: Equatable {
    case milliseconds(Int64)
    /// More than three decimals after scaling.
    case tooPrecise
    case tooLarge

    /// Parses text that the core schema resolved as a finite, non-negative real.
    static func parse(_ text: String) -> DecimalMilliseconds {
        var digits: [UInt8] = []
        var fractionDigits = 0
        var exponent = 0
        var exponentSign = 1
        var section = DecimalSection.whole
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte - UInt8(ascii: "0")
                if section == .exponent {
                    exponent = min(exponent * 10 + Int(digit), 10_000)
                } else {
                    if section == .fraction { fractionDigits += 1 }
                    if !(digits.isEmpty && digit == 0) { digits.append(digit) }
                }
            case UInt8(ascii: "."): section = .fraction
            case UInt8(ascii: "e"), UInt8(ascii: "E"): section = .exponent
            case UInt8(ascii: "-"): if section == .exponent { exponentSign = -1 }
            default: break
            }
        }
        var scale = fractionDigits - exponentSign * exponent
        while scale > 3, let last = digits.last, last == 0 {
            digits.removeLast()
            scale -= 1
        }
        if digits.isEmpty { return .milliseconds(0) }
        if scale > 3 { return .tooPrecise }
        let zeros = 3 - scale
        // Up to Int64.max milliseconds, the last instant of virtual time: 19 digits, checked.
        guard digits.count + zeros <= 19 else { return .tooLarge }
        var milliseconds: Int64 = 0
        for digit in digits + Array(repeating: 0, count: zeros) {
            let (shifted, overflowed) = milliseconds.multipliedReportingOverflow(by: 10)
            let (sum, carried) = shifted.addingReportingOverflow(Int64(digit))
            guard !overflowed && !carried else { return .tooLarge }
            milliseconds = sum
        }
        return .milliseconds(milliseconds)
    }
}

/// The part of a decimal number being read.
private enum DecimalSection {
    case whole
    case fraction
    case exponent
}
