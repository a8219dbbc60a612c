/// A point or span of virtual time, in whole milliseconds.
///
/// Every case starts at virtual time zero; only an `advance` step moves the clock.
/// Nothing in iamspec reads the machine's clock to decide an outcome.
public struct VirtualTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Milliseconds since the case began (for a point) or in the span (for a duration).
    public var milliseconds: Int64

    /// A point or span of `milliseconds`.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// A span of whole seconds.
    public static func seconds(_ seconds: Int64) -> VirtualTime {
        VirtualTime(milliseconds: seconds * 1000)
    }

    /// The time every case starts at; also the empty span.
    public static let zero = VirtualTime(milliseconds: 0)

    /// Whether `lhs` is earlier, or shorter, than `rhs`.
    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    /// The point `rhs` after `lhs`, or the two spans together.
    public static func + (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        VirtualTime(milliseconds: lhs.milliseconds + rhs.milliseconds)
    }

    /// The span from `rhs` to `lhs`, or the point `rhs` before `lhs`.
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        VirtualTime(milliseconds: lhs.milliseconds - rhs.milliseconds)
    }

    /// Seconds with up to three decimals and no trailing zeros: `30`, `1.5`, `0.001`.
    public var description: String {
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        let whole = magnitude / 1000
        let fraction = magnitude % 1000
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }
}
