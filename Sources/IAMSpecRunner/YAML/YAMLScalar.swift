/// A scalar as written, with the type the YAML 1.2 core schema (or its explicit tag) gives it.
struct YAMLScalar: Sendable {
    let document: YAMLDocument
    let index: Int

    /// The scalar's text after unescaping and folding.
    var text: String { document.string(of: index) }

    var value: YAMLScalarValue { document.nodes[index].value }

    /// Whether the text is exactly this ASCII word (`*`, `nothing`), read without making a
    /// `String`: no other spelling is canonically equivalent to an ASCII letter or `*`, so this
    /// is what `text == word` says.
    func hasText(_ word: StaticString) -> Bool {
        document.withText(of: index) {
            YAMLDocument.sameBytes($0, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        }
    }

    /// How a diagnostic names the scalar it found.
    var summary: String {
        guard case .float = value else { return Self.summary(of: text, value: value) }
        return isIntegerBeyond64Bits ? "integer \(text) (beyond 64 bits)" : "real \(text)"
    }

    /// Whether the scalar is an integer too large for 64 bits, which the core schema reads as the
    /// nearest real; a real by its tag (`!!float 12`) is none.
    var isIntegerBeyond64Bits: Bool {
        if case .float = value, !document.nodes[index].isTagged { return YAMLCoreSchema.hasIntegerSyntax(text) }
        return false
    }

    /// How a diagnostic names a scalar of this text and value, as the core schema resolves it
    /// untagged.
    static func summary(of text: String, value: YAMLScalarValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "boolean \(flag)"
        case .int: "integer \(text)"
        case .float: YAMLCoreSchema.hasIntegerSyntax(text) ? "integer \(text) (beyond 64 bits)" : "real \(text)"
        case .string: "string \(quoted(text))"
        }
    }

    /// The text as a double-quoted scalar, shortened to 60 characters and "…" when longer.
    static func quoted(_ text: String) -> String {
        let limit = 60
        return YAMLDoubleQuoted.scalar(text.count > limit ? text.prefix(limit) + "…" : text)
    }
}

/// The typed value of a scalar under the YAML 1.2 core schema.
enum YAMLScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    /// The scalar's text is the string.
    case string
}
