import IAMSpec

/// The spans of virtual time a seconds value may take.
enum SecondsRange: Sendable {
    /// Zero or more.
    case nonNegative
    /// More than zero.
    case positive
    /// From zero up to and including the bound.
    case upTo(VirtualTime)
}
