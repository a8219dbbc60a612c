import IAMSpec

/// One value of a protocol message being decoded: its place in the message, for error messages,
/// and how the whole message treats unknown keys.
///
/// Each reader checks what the published schemas check for that kind of value, and throws a
/// ``WireFormatError`` naming the place, what was found and what was expected.
package struct WireValue {
    /// The value; nil where a required key is missing, so that the reader that expected it says
    /// what it expected.
    package let json: JSONValue?
    /// The place of the object or array holding this value (nil for the message itself), and
    /// this value's key or position in it: the ``path`` is only spelled out when an error names
    /// it.
    private let container: WirePath?
    private let place: WirePlace
    package let unknownKeys: UnknownKeys
    /// Whether `null` is allowed here too (see ``orNull``), for error messages.
    private var allowsNull = false
    /// Whether an integer must be written as one (`30000`, not `30000.0`): in a compiled suite,
    /// which iamspec writes, and whose reader refuses what the loader would not have read. The
    /// protocol takes `1500.0` for an integer, as JSON Schema does.
    package var integersAsWritten = false

    /// A whole message.
    package init(message: JSONValue, unknownKeys: UnknownKeys) {
        self.init(json: message, in: nil, at: .whole, unknownKeys: unknownKeys)
    }

    /// The value at `place` of the message itself (a key of it, say).
    package init(json: JSONValue?, at place: WirePlace, unknownKeys: UnknownKeys) {
        self.init(json: json, in: nil, at: place, unknownKeys: unknownKeys)
    }

    /// The value at `place` inside the object or array at `container`.
    init(json: JSONValue?, in container: WirePath?, at place: WirePlace, unknownKeys: UnknownKeys) {
        self.json = json
        self.container = container
        self.place = place
        self.unknownKeys = unknownKeys
    }

    /// Where in the message: keys joined by `.`, array positions in `[]`; empty for the message
    /// itself.
    package var path: String {
        WirePath.text(of: place, in: container)
    }

    /// This value's place, kept for the values it holds (an object's or an array's).
    private var location: WirePath {
        WirePath(place, in: container)
    }

    /// The error for this value when the protocol expects something else here.
    package func mismatch(expected: String) -> WireFormatError {
        WireFormatError(
            path: path,
            found: json?.excerpt ?? "nothing (the key is missing)",
            expected: allowsNull ? "\(expected), or null" : expected
        )
    }

    /// nil for `null`; else this value, whose readers then say that `null` would do as well:
    /// `try object.field("campaign").orNull?.string()`.
    package var orNull: WireValue? {
        guard json != .null else { return nil }
        var value = self
        value.allowsNull = true
        return value
    }

    package func string() throws(WireFormatError) -> String {
        guard case .string(let text) = json else { throw mismatch(expected: "a string") }
        return text
    }

    /// A string of at least one character (`minLength: 1`), such as a message id.
    package func nonEmptyString() throws(WireFormatError) -> String {
        guard case .string(let text) = json, !text.isEmpty else { throw mismatch(expected: "a non-empty string") }
        return text
    }

    /// A whole number of at least `minimum`. As in JSON Schema, a number with a zero fraction
    /// (`1500.0`) is an integer; `2.5` is not.
    package func integer(atLeast minimum: Int64) throws(WireFormatError) -> Int64 {
        let integer: Int64?
        switch json {
        case .integer(let value): integer = value
        case .number(let value): integer = integersAsWritten ? nil : Int64(exactly: value)
        case .null, .boolean, .string, .array, .object, nil: integer = nil
        }
        guard let integer, integer >= minimum else { throw mismatch(expected: "an integer of at least \(minimum)") }
        return integer
    }

    /// A span or point of virtual time: whole milliseconds, at least 0.
    package func milliseconds() throws(WireFormatError) -> VirtualTime {
        VirtualTime(milliseconds: try integer(atLeast: 0))
    }

    package func number() throws(WireFormatError) -> Double {
        switch json {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        case .null, .boolean, .string, .array, .object, nil: throw mismatch(expected: "a number")
        }
    }

    package func boolean() throws(WireFormatError) -> Bool {
        guard case .boolean(let flag) = json else { throw mismatch(expected: "true or false") }
        return flag
    }

    /// The elements, each with its place. With `eachOnce` (`uniqueItems: true`), an element equal
    /// to an earlier one is refused.
    package func array(eachOnce: Bool = false) throws(WireFormatError) -> [WireValue] {
        guard case .array(let elements) = json else { throw mismatch(expected: "an array") }
        // No place to keep for no element.
        guard !elements.isEmpty else { return [] }
        let location = location
        if eachOnce, let (index, first) = elements.firstRepeat() {
            throw WireFormatError(
                path: WireValue(json: elements[index], in: location, at: .position(index), unknownKeys: unknownKeys)
                    .path,
                found: "\(elements[index].excerpt) again (as at [\(first)])",
                expected: "each item once"
            )
        }
        var values: [WireValue] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            var value = WireValue(json: element, in: location, at: .position(index), unknownKeys: unknownKeys)
            value.integersAsWritten = integersAsWritten
            values.append(value)
        }
        return values
    }

    /// An object with named keys, each of which means something of its own.
    package func object() throws(WireFormatError) -> WireObject {
        guard case .object(let fields) = json else { throw mismatch(expected: "an object") }
        var object = WireObject(fields: fields, location: location, unknownKeys: unknownKeys)
        object.integersAsWritten = integersAsWritten
        return object
    }

    /// An object whose shape depends on its discriminator `key` (`type`, `kind`, `operator`):
    /// the object, and the discriminator's value to switch on (its reader says what it expected).
    package func object(discriminatedBy key: String) throws(WireFormatError) -> (WireObject, discriminator: WireValue) {
        let object = try object()
        return (object, object.field(key))
    }

    /// An object used as a map: any key, each value a string (`extras`).
    package func stringMap() throws(WireFormatError) -> [String: String] {
        var map: [String: String] = [:]
        for (key, value) in try mapEntries(expected: "an object of strings") {
            map[key] = try value.string()
        }
        return map
    }

    /// The entries of an object used as a map (any key), each value with its place.
    package func mapEntries(expected: String) throws(WireFormatError) -> [(key: String, value: WireValue)] {
        guard case .object(let fields) = json else { throw mismatch(expected: expected) }
        // No place to keep for no entry.
        guard !fields.isEmpty else { return [] }
        let location = location
        let integersAsWritten = integersAsWritten
        let entries = fields.sorted { $0.key < $1.key }
        // Keys that differ only in Unicode normalisation are one name to the model's dictionaries,
        // which compare strings canonically: refused, as the loader refuses them in a spec, rather
        // than one value silently taking the other's place. Sorted, such keys are neighbours.
        for (earlier, later) in zip(entries, entries.dropFirst()) where earlier.key == later.key {
            throw WireFormatError(
                path: WireValue(json: later.value, in: location, at: .key(later.key), unknownKeys: unknownKeys).path,
                found: "a key that differs from the key \(JSONValue.string(earlier.key).excerpt) only in Unicode "
                    + "normalisation",
                expected: "names that stay distinct when normalised (the model compares names as Swift strings do, "
                    + "canonically)"
            )
        }
        return entries.map { key, value in
            var entry = WireValue(json: value, in: location, at: .key(key), unknownKeys: unknownKeys)
            entry.integersAsWritten = integersAsWritten
            return (key, entry)
        }
    }

    /// A string that must be one of an enumeration's raw values.
    package func choice<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type
    ) throws(WireFormatError) -> Choice where Choice.RawValue == String {
        guard case .string(let text) = json, let choice = Choice(rawValue: text) else {
            throw mismatch(expected: Self.oneOf(Choice.allCases.map(\.rawValue)))
        }
        return choice
    }

    /// A string that must be one of these words.
    package func word(among words: [String]) throws(WireFormatError) -> String {
        guard case .string(let text) = json, words.contains(text) else { throw mismatch(expected: Self.oneOf(words)) }
        return text
    }

    /// The error for a discriminator (`type`, `kind`, `operator`) or a name (a capability) that
    /// names nothing in `known`, with the nearest of them when it is likely a typo (`did you mean
    /// "trigger-custom-event"?`).
    package func unknown(among known: [String]) -> WireFormatError {
        guard case .string(let text) = json, let candidate = Suggestion.closest(to: text, among: known) else {
            return mismatch(expected: Self.oneOf(known))
        }
        return mismatch(expected: Self.oneOf(known) + "; did you mean \"\(candidate)\"?")
    }

    /// `one of "a", "b", "c"`.
    package static func oneOf(_ known: [String]) -> String {
        "one of " + known.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// Where a ``WireValue`` sits in the object or array that holds it.
package enum WirePlace: Sendable {
    /// It is the whole message.
    case whole
    /// Under this key of an object.
    case key(String)
    /// At this position of an array.
    case position(Int)
}

/// The place of an object or array in a message, kept as the place of its container and its own:
/// reading a message makes one for each object and array it reads into, and spells none out
/// unless an error names a place (a path made as it is read would cost a string per object).
final class WirePath: Sendable {
    private let container: WirePath?
    private let place: WirePlace

    /// The value at `place` inside `container` (nil: the message itself).
    init(_ place: WirePlace, in container: WirePath?) {
        self.container = container
        self.place = place
    }

    /// The path of the value at `place` inside `container`: keys joined by `.`, array positions
    /// in `[]`; empty for the message itself.
    static func text(of place: WirePlace, in container: WirePath?) -> String {
        let outer = container.map { text(of: $0.place, in: $0.container) } ?? ""
        switch place {
        case .whole: return outer
        case .key(let key): return WireObject.path(outer, key)
        case .position(let position): return "\(outer)[\(position)]"
        }
    }
}
