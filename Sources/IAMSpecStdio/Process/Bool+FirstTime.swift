extension Bool {
    /// Sets the flag, and says whether this was the first time: whether it was clear. Under a
    /// lock, it lets one caller of many (closing streams, interrupting an engine) do the work once.
    mutating func setForTheFirstTime() -> Bool {
        defer { self = true }
        return !self
    }
}
