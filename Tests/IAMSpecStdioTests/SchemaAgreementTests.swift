import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecStdio

/// The decoder refuses what the published schemas refuse: a valid message of every type, broken
/// in one place in each way its schema forbids there, is refused with an error naming that place,
/// however unknown keys are treated; a key the schema does not define is refused only under
/// ``UnknownKeys/refused`` (`--validate-protocol`) and changes nothing otherwise.
@Suite struct SchemaAgreementTests {
    private static let schemas = Result { try PublishedSchemas() }

    /// A valid message of each type, covering every `oneOf` alternative of the schemas.
    private static let samples: [Sample] = {
        let description = WireSamples.description
        let requests = WireSamples.requests
        let replies: [EngineReply] = [
            .hello(protocolVersion: 2, description: description, pipelines: true), .ready,
            .skipped(reason: "no legacy rules"),
            .observations(WireSamples.observations), .observations([]), .unsupported(reason: "no display-next"),
            .error(message: "out of memory"), .ended,
        ]
        // Protocol 2, whose messages have every key the schemas define.
        return requests.map { Sample(type: $0.type, message: WireLines.message($0, seq: 1)) }
            + replies.map { Sample(type: $0.type, message: WireLines.message($0, seq: 1)) }
    }()

    /// One whole message and its `type`.
    struct Sample: Sendable, CustomTestStringConvertible {
        var type: String
        var message: JSONValue

        var testDescription: String { message.excerpt }

        /// Decodes a message of this sample's type, in the direction its type travels.
        func decode(_ message: JSONValue, unknownKeys: UnknownKeys) throws(WireFormatError) -> Decoded {
            if WireCodec.requestTypes.contains(type) {
                return .request(try WireCodec.decodeRequest(message, unknownKeys: unknownKeys))
            }
            return .reply(try WireCodec.decodeReply(message, unknownKeys: unknownKeys))
        }
    }

    /// A decoded message of either direction.
    enum Decoded: Equatable {
        case request(EngineRequest)
        case reply(EngineReply)
    }

    /// The message broken in one place, and the place the decoder must name.
    private struct Breakage: CustomStringConvertible {
        var what: String
        var place: JSONPath
        var message: JSONValue
        var isUnknownKey = false

        var description: String { "\(place): \(what)" }
    }

    /// The keywords the breakages below cover, and the annotations that check nothing. A schema
    /// using any other keyword fails ``everyKeywordIsCovered()``: the decoder and these tests
    /// must learn it first.
    private static let coveredKeywords: Set<String> = [
        "$ref", "oneOf", "type", "properties", "required", "additionalProperties", "items", "enum", "const",
        "minLength", "minimum", "uniqueItems",
    ]
    private static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "$comment"]

    @Test func everyMessageTypeHasASchemaAndASample() throws {
        let types = Set(WireCodec.requestTypes + WireCodec.replyTypes)
        let files = Set(try Self.schemas.get().documents.keys).subtracting(["definitions.json"])
        #expect(files == Set(types.map { "\($0).json" }))
        #expect(Set(Self.samples.map(\.type)) == types)
    }

    @Test func everyKeywordIsCovered() throws {
        var keywords: Set<String> = []
        func collect(_ schema: JSONValue) {
            guard case .object(let fields) = schema else { return }
            for (keyword, value) in fields {
                keywords.insert(keyword)
                switch (keyword, value) {
                case ("properties", .object(let members)), ("$defs", .object(let members)):
                    for (_, member) in members { collect(member) }
                case ("oneOf", .array(let alternatives)):
                    alternatives.forEach(collect)
                case ("items", _), ("additionalProperties", _):
                    collect(value)
                default:
                    break
                }
            }
        }
        try Self.schemas.get().documents.values.forEach(collect)
        #expect(keywords.subtracting(Self.coveredKeywords).subtracting(Self.annotations).isEmpty)
    }

    @Test func theSamplesGoThroughEveryAlternative() throws {
        let schemas = try Self.schemas.get()
        var visited: Set<String> = []
        for sample in Self.samples {
            visited.formUnion(try schemas.places(in: sample.message, type: sample.type).alternatives)
        }
        #expect(schemas.allAlternatives.subtracting(visited).sorted() == [])
    }

    /// `Specs/PROTOCOL.md` ("Versions"): a version sends exactly the keys it defines, so that an
    /// engine may refuse any other; a key added is a new version. Every object iamspec sends that
    /// names its keys says so (`additionalProperties: false`), the case's messages and config
    /// among them.
    @Test func everyObjectARequestHoldsClosesItsKeys() throws {
        let schemas = try Self.schemas.get()
        var objects: Set<String> = []
        for sample in Self.samples where WireCodec.requestTypes.contains(sample.type) {
            for place in try schemas.places(in: sample.message, type: sample.type).places
            where place.schema["properties"] != nil {
                objects.insert(place.path.description)
                #expect(place.schema["additionalProperties"] == .boolean(false), "\(sample.type) at \(place.path)")
            }
        }
        #expect(objects.isSuperset(of: ["config", "messages[0]", "messages[1].triggers[0]", "stimulus"]))
    }

    @Test(arguments: samples)
    func aMessageBrokenAsItsSchemaForbidsIsRefusedThere(_ sample: Sample) throws {
        let original = try sample.decode(sample.message, unknownKeys: .refused)
        let places = try Self.schemas.get().places(in: sample.message, type: sample.type).places
        for breakage in places.flatMap({ Self.breakages(of: $0, in: sample.message) }) {
            for unknownKeys in [UnknownKeys.refused, .ignored] {
                if breakage.isUnknownKey && unknownKeys == .ignored {
                    #expect(try sample.decode(breakage.message, unknownKeys: .ignored) == original, "\(breakage)")
                    continue
                }
                do {
                    _ = try sample.decode(breakage.message, unknownKeys: unknownKeys)
                    Issue.record("accepted with unknown keys \(unknownKeys): \(breakage)")
                } catch {
                    #expect(error.path == breakage.place.description, "\(breakage): \(error)")
                }
            }
        }
    }

    /// Every way to break `place` that its schema forbids, one at a time.
    private static func breakages(of place: PublishedSchemas.Place, in message: JSONValue) -> [Breakage] {
        let schema = place.schema
        var breakages: [Breakage] = []
        func breaking(_ what: String, at target: JSONPath? = nil, to value: JSONValue?, isUnknownKey: Bool = false) {
            let target = target ?? place.path
            breakages.append(
                Breakage(
                    what: what,
                    place: target,
                    message: message.setting(target, to: value),
                    isUnknownKey: isUnknownKey
                )
            )
        }
        if let types = place.types {
            let others: [JSONValue] = [.number(2.5), .string("x"), .boolean(true), .null, .array([]), .object([:])]
            for other in others where PublishedSchemas.typeNames(of: other).isDisjoint(with: types) {
                breaking("\(other.excerpt) where the type is one of \(types.sorted())", to: other)
            }
        }
        if schema["enum"] != nil { breaking("a value outside the enum", to: "not-in-the-enum") }
        if schema["const"] != nil { breaking("a value other than the const", to: "not-the-const") }
        if case .integer(let length)? = schema["minLength"], length > 0 { breaking("a string too short", to: "") }
        if case .integer(let minimum)? = schema["minimum"] { breaking("below the minimum", to: .integer(minimum - 1)) }
        if case .object(let fields) = place.value {
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where fields[key] != nil {
                    breaking("the required key \(key) left out", at: place.path.appending(key), to: nil)
                }
            }
            if schema["additionalProperties"] == .boolean(false) {
                let key = "not_in_the_schema"
                breaking(
                    "a key the schema does not define",
                    at: place.path.appending(key),
                    to: .integer(1),
                    isUnknownKey: true
                )
            }
        }
        if schema["uniqueItems"] == .boolean(true), case .array(let elements) = place.value, let first = elements.first
        {
            breakages.append(
                Breakage(
                    what: "an item repeated",
                    place: place.path.appending(elements.count),
                    message: message.setting(place.path, to: .array(elements + [first]))
                )
            )
        }
        return breakages
    }
}
