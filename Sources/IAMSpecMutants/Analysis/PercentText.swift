import IAMSpecPlatform

/// `part` as a percentage of `whole` to one decimal, rounded as C's `%.1f` rounds it (`33.6`);
/// `0.0` when `whole` is 0.
package func percentText(_ part: Int, of whole: Int) -> String {
    let percent = whole == 0 ? 0 : Double(part) * 100 / Double(whole)
    var digits = [CChar](repeating: 0, count: 32)
    _ = withVaList([percent]) { vsnprintf(&digits, digits.count, "%.1f", $0) }
    return digits.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}
