/// The one place where iamspec's model meets the stdio protocol's JSON.
///
/// Every mapping is written out by hand, key by key, as `Specs/PROTOCOL.md` defines it; nothing
/// relies on the shapes Swift would synthesize. Names are snake_case, discriminated by `kind`
/// inside a message and by `type` for a whole message. Virtual time travels as integer
/// milliseconds in keys ending in `_ms`. Whole messages are encoded and decoded in a
/// ``ProtocolVersion``, the one negotiated with the process they travel to or from.
///
/// Each model area has its own file: `WireCodec+Setup.swift` (the case's setup, messages,
/// triggers, filters and property values), `WireCodec+Stimulus.swift`,
/// `WireCodec+Observation.swift` and `WireCodec+Messages.swift` (whole protocol messages).
package enum WireCodec {}
