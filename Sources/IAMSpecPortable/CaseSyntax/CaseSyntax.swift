import IAMSpec

/// Writes the case format of Specs/README.md, one line at a time in flow style: steps,
/// expectations, observations and patterns, trigger events, and the setup of messages and
/// settings. It is the one place iamspec spells a case; `CaseDecoder` reads what it writes.
///
/// Two spellings of the same syntax:
/// - ``exact`` is YAML a case file can hold, as `iamspec fuzz` writes new cases: names and
///   strings double-quoted, ids quoted when YAML would read them as something else, settings
///   left at their defaults not written, and an observation as the pattern that matches it
///   (`{stacked: a, reason: message_visible}`).
/// - ``plain`` is what a reader sees in timelines and failure messages: names and ids as
///   written (a message id the case format could not hold double-quoted), a one-key pattern
///   without braces and its detail after it (`stacked: a (message_visible)`).
package struct CaseSyntax: Sendable {
    /// How names, strings and numbers are written, and how much of a step is shown.
    package enum Spelling: Sendable, Hashable {
        /// YAML a case file can hold.
        case exact
        /// What timelines and failure messages show.
        case plain
    }

    package var spelling: Spelling

    /// YAML a case file can hold.
    package static let exact = CaseSyntax(spelling: .exact)
    /// What timelines and failure messages show.
    package static let plain = CaseSyntax(spelling: .plain)

    /// A name or a key (an event, a product, a campaign, a user, a property): double-quoted
    /// when exact, as it is when plain.
    package func name(_ text: String) -> String {
        switch spelling {
        case .exact: YAMLDoubleQuoted.scalar(text)
        case .plain: text
        }
    }

    /// A string value (of a property, an extra, a regex): double-quoted, and escaped when exact.
    package func string(_ text: String) -> String {
        switch spelling {
        case .exact: YAMLDoubleQuoted.scalar(text)
        case .plain: "\"\(text)\""
        }
    }

    /// A message id: when exact, plain unless YAML would read it as something else than a
    /// string (a number, a boolean, null, `*`); when plain, as written when the case format
    /// allows it (``IdentifierSyntax/isMessageID(_:)``), else double-quoted, so that an engine's
    /// `"promo "` or `"promo\u{200b}"` (as a report shows it, ``QuotedText``) never reads as the
    /// case's `promo`.
    package func id(_ id: MessageID) -> String {
        guard spelling == .exact else { return IdentifierSyntax.isMessageID(id) ? id : string(id) }
        let reserved = ["true", "false", "null", "~", "", "*"]
        let looksNumeric = id.first.map { $0.isNumber || $0 == "-" } ?? true
        return reserved.contains(id.lowercased()) || looksNumeric ? YAMLDoubleQuoted.scalar(id) : id
    }

    /// A number: whole numbers without a fraction when exact (`10`), as Swift prints it when
    /// plain (`10.0`).
    package func number(_ value: Double) -> String {
        switch spelling {
        case .exact: value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .plain: "\(value)"
        }
    }

    /// A flow mapping of the keys and already-written values, in order: `{a: 1, b: 2}`.
    package func mapping(_ entries: [(String, String)]) -> String {
        "{" + entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A flow sequence of already-written values: `[a, b]`.
    package func sequence(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    /// Extras, keys sorted: `{key: "value"}`.
    package func extras(_ extras: [String: String]) -> String {
        mapping(extras.sorted { $0.key < $1.key }.map { (name($0.key), string($0.value)) })
    }

    /// A one-key form with an optional detail: `{key: head, detail: value}` when exact,
    /// `key: head` followed by the detail when plain.
    package func form(_ key: String, _ head: String, _ detail: Detail? = nil) -> String {
        switch spelling {
        case .exact:
            return mapping([(key, head)] + (detail.map { [$0.entry(in: self)] } ?? []))
        case .plain:
            return "\(key): \(head)" + (detail.map { $0.suffix(in: self) } ?? "")
        }
    }

    /// What a one-key form may add to its head.
    package enum Detail {
        /// Why a message was stacked or discarded.
        case reason(String)
        /// A displayed message's extras.
        case extras([String: String])

        /// `reason: r` or `extras: {...}`.
        package func entry(in syntax: CaseSyntax) -> (String, String) {
            switch self {
            case .reason(let reason): ("reason", reason)
            case .extras(let extras): ("extras", syntax.extras(extras))
            }
        }

        /// ` (r)` or ` extras: {...}`.
        package func suffix(in syntax: CaseSyntax) -> String {
            switch self {
            case .reason(let reason): " (\(reason))"
            case .extras(let extras): " extras: \(syntax.extras(extras))"
            }
        }
    }
}
