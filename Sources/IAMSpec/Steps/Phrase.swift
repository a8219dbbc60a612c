/// Words with the names in them kept apart from the words around them: what the site's case
/// narratives are made of ("the user taps" then the name `promo`).
///
/// A name is whatever text a case chose (a message's id, an event's name, a property's value),
/// so it may hold anything, backticks and markup included. A phrase keeps it as a segment of its
/// own, never as markup in a string, so a renderer escapes it as data and shows it as a name;
/// nothing the case wrote is read again as markup.
///
/// Write a phrase as a string literal; interpolate a phrase to splice it in, or any other value
/// to add its description as plain words: `"the user taps \(Phrase.name(id))"`.
package struct Phrase: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// A run of plain words or one name.
    package enum Segment: Sendable, Hashable {
        case words(String)
        case name(String)
    }

    /// The runs, in order; no run of words is empty, and no two runs of words are adjacent.
    package private(set) var segments: [Segment] = []

    /// Nothing.
    package init() {}

    /// A name, as a segment of its own.
    package static func name(_ text: String) -> Phrase {
        var phrase = Phrase()
        phrase.segments = [.name(text)]
        return phrase
    }

    package init(stringLiteral value: String) {
        append(words: value)
    }

    package init(stringInterpolation: Interpolation) {
        self = stringInterpolation.phrase
    }

    /// Adds plain words, joined to the run of words before them.
    package mutating func append(words: String) {
        guard !words.isEmpty else { return }
        if case .words(let before) = segments.last {
            segments[segments.count - 1] = .words(before + words)
        } else {
            segments.append(.words(words))
        }
    }

    /// Adds a phrase's runs after these.
    package mutating func append(_ phrase: Phrase) {
        for segment in phrase.segments {
            switch segment {
            case .words(let words): append(words: words)
            case .name: segments.append(segment)
            }
        }
    }

    /// The two phrases, one after the other.
    package static func + (lhs: Phrase, rhs: Phrase) -> Phrase {
        var joined = lhs
        joined.append(rhs)
        return joined
    }

    /// Adds a phrase's runs after these.
    package static func += (lhs: inout Phrase, rhs: Phrase) {
        lhs.append(rhs)
    }

    /// Builds a phrase from a string literal and its interpolations.
    package struct Interpolation: StringInterpolationProtocol {
        fileprivate var phrase = Phrase()

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) {
            phrase.append(words: literal)
        }

        /// Splices in a phrase, its names still names.
        package mutating func appendInterpolation(_ inserted: Phrase) {
            phrase.append(inserted)
        }

        /// Adds a value's description as plain words.
        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            phrase.append(words: value.description)
        }
    }
}

extension Sequence<Phrase> {
    /// The phrases with plain words between them.
    package func joined(separator: String) -> Phrase {
        var joined = Phrase()
        for (index, phrase) in enumerated() {
            if index > 0 { joined.append(words: separator) }
            joined.append(phrase)
        }
        return joined
    }
}
