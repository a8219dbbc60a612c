import IAMSpec

/// How a property's number orders against a filter's operand, exactly: "Integers and reals
/// compare as numbers" (rule `filters.exact-types`), so an integer beyond 2^53 is not first
/// rounded to the nearest real, where 2^53 + 1 would equal 2^53.
enum NumericOrder {
    /// -1, 0 or 1 as the value is below, equal to or above the operand; nil when either is not a
    /// number (NaN), which no comparison admits.
    static func of(_ value: PropertyValue, against operand: Double) -> Int? {
        switch value {
        case .integer(let integer): of(integer, against: operand)
        case .real(let real): of(real, against: operand)
        case .string, .boolean, .time: nil
        }
    }

    /// Two reals, as IEEE 754 orders them.
    static func of(_ real: Double, against operand: Double) -> Int? {
        guard !real.isNaN, !operand.isNaN else { return nil }
        return real < operand ? -1 : (real > operand ? 1 : 0)
    }

    /// An integer and a real, exactly: the real's whole part is compared as an integer, then its
    /// fraction.
    static func of(_ integer: Int64, against operand: Double) -> Int? {
        guard !operand.isNaN else { return nil }
        // 2^63, the first real above every Int64; -2^63 is an Int64 itself.
        guard operand < 9_223_372_036_854_775_808.0 else { return -1 }
        guard operand >= -9_223_372_036_854_775_808.0 else { return 1 }
        let whole = operand.rounded(.towardZero)
        let wholeInteger = Int64(whole)
        guard integer == wholeInteger else { return integer < wholeInteger ? -1 : 1 }
        // The fraction is exact: a real minus its whole part loses nothing.
        let fraction = operand - whole
        return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
    }
}
