/// One value a kind of stimulus takes: its key, what it holds and its default.
///
/// Every format derives its handling of the value from ``content``: the case decoder and the
/// case syntax (YAML), the protocol's JSON, the JSON
/// Schemas, and the words of the site.
///
/// A class, as ``StimulusKind`` is: described once and shared.
package final class StepField: Sendable {
    /// What a field holds.
    package enum Content: Sendable {
        /// Any text: an event's name, a product, a campaign, a user.
        case text
        /// The id of a message the case defines (in `given.messages` or an earlier `present_local`).
        case message
        /// One word of a few.
        case choice(StepChoice)
        /// A span of virtual time above zero: seconds in a case, whole milliseconds on the wire.
        case span
        /// A number.
        case number
        /// An event's properties, by name.
        case properties
        /// A whole message, which the app creates itself.
        case localMessage
    }

    /// The key in a case's mapping form, and on the wire unless ``wireKey`` differs.
    package let key: StaticString
    /// The key on the wire: `KEY_ms` for a span, the key otherwise.
    package let wireKey: StaticString
    /// What the field holds.
    package let content: Content
    /// The value when a case leaves the field out; nil when it must be written. ``StepValue/absent``
    /// makes text optional (`null` on the wire).
    package let fallback: StepValue?
    /// What the field means, in one sentence (the schemas' description).
    package let about: String

    /// A field whose key is the same in a case and on the wire.
    package convenience init(_ key: StaticString, _ content: Content, fallback: StepValue? = nil, about: String) {
        self.init(key, wireKey: key, content, fallback: fallback, about: about)
    }

    /// A field whose wire key differs from its key in a case (a span's `KEY_ms`).
    package init(
        _ key: StaticString,
        wireKey: StaticString,
        _ content: Content,
        fallback: StepValue? = nil,
        about: String
    ) {
        self.key = key
        self.wireKey = wireKey
        self.content = content
        self.fallback = fallback
        self.about = about
    }

    /// The key as text.
    package var name: String { key.description }
}

/// The words a choice field may take, in order, each with the capability it needs, if any.
package struct StepChoice: Sendable {
    /// One word of the choice.
    package struct Option: Sendable {
        /// The word, in a case and on the wire.
        package let word: String
        /// What a case that chooses it needs of an engine, beyond what its step needs.
        package let capability: Capability?
        /// The profiles the word exists in; nil for every profile.
        package let profiles: Set<Profile>?

        /// A word, needing a capability or none, in some profiles or all.
        package init(_ word: String, capability: Capability? = nil, profiles: Set<Profile>? = nil) {
            self.word = word
            self.capability = capability
            self.profiles = profiles
        }
    }

    /// The words, in the order documents list them.
    package let options: [Option]

    /// A choice of these options.
    package init(_ options: [Option]) {
        self.options = options
    }

    /// A choice of the cases of an enum, by raw value, none needing a capability.
    package init<Words: RawRepresentable & CaseIterable>(of _: Words.Type) where Words.RawValue == String {
        options = Words.allCases.map { Option($0.rawValue) }
    }

    /// The words, in order.
    package var words: [String] { options.map(\.word) }

    /// The position of a word among the options; nil for a word that is not one.
    package func position(of word: String) -> Int? {
        options.firstIndex { $0.word == word }
    }
}
