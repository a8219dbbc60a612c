/// What the wire decoder does with a key the protocol does not define. Everything else the
/// published schemas (`Specs/schemas/protocol`) refuse is refused either way.
package enum UnknownKeys: Sendable, Hashable {
    /// Ignored, so that an engine may add keys of its own (`Specs/PROTOCOL.md`, "Transport").
    case ignored
    /// Refused as well, as the schemas' `additionalProperties: false` does: the decoder then
    /// accepts exactly what the schemas accept (`iamspec run --validate-protocol`).
    case refused
}
