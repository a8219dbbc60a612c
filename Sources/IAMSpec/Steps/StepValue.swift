/// The value of one ``StepField`` of a stimulus, as every format reads and writes it.
package enum StepValue: Sendable, Hashable {
    /// Text, a message's id, or a choice's word.
    case text(String)
    /// Optional text left out (`null` on the wire).
    case absent
    /// A number.
    case number(Double)
    /// A span of virtual time.
    case span(VirtualTime)
    /// An event's properties.
    case properties([String: PropertyValue])
    /// A whole message.
    case message(InAppMessage)

    /// Text, or nil for ``absent``; the decoders give a field only values of its content.
    package var optionalText: String? {
        switch self {
        case .text(let text): text
        case .absent: nil
        case .number, .span, .properties, .message: Self.mismatch("text")
        }
    }

    /// The text, the id or the word.
    package var text: String {
        guard case .text(let text) = self else { Self.mismatch("text") }
        return text
    }

    /// The number.
    package var number: Double {
        guard case .number(let number) = self else { Self.mismatch("a number") }
        return number
    }

    /// The span.
    package var span: VirtualTime {
        guard case .span(let span) = self else { Self.mismatch("a span") }
        return span
    }

    /// The properties.
    package var properties: [String: PropertyValue] {
        guard case .properties(let properties) = self else { Self.mismatch("properties") }
        return properties
    }

    /// The message.
    package var message: InAppMessage {
        guard case .message(let message) = self else { Self.mismatch("a message") }
        return message
    }

    /// Text, or ``absent`` for nil.
    package init(_ text: String?) {
        self = text.map { .text($0) } ?? .absent
    }

    /// A field was given a value of another content: a broken description, not a broken case.
    private static func mismatch(_ expected: String) -> Never {
        preconditionFailure("a step field expected \(expected)")
    }
}
