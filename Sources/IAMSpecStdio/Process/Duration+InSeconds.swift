extension Duration {
    /// The duration in seconds, as a floating-point number.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `1 s`, `0.5 s`, for messages.
    var formattedSeconds: String {
        let value = inSeconds
        return value == value.rounded() ? "\(Int64(value)) s" : "\(value) s"
    }
}
