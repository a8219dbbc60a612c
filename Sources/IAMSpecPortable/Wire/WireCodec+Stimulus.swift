import IAMSpec

// Stimuli on the wire, as each kind's description says (`StimulusKind`): `{"kind": STEP, ...}`
// with every field's wire key, in the canonical order (`kind`, then the keys sorted).

extension WireCodec {
    /// The positions of each kind's fields in the order their wire keys sort, by kind.
    package static let stimulusKeyOrder: [[Int]] = StimulusKind.all.map { kind in
        kind.fields.indices.sorted { kind.fields[$0].wireKey.description < kind.fields[$1].wireKey.description }
    }

    /// Each kind's keys, in their canonical order: `kind`, then the fields' wire keys sorted.
    package static let stimulusKeys: [[StaticString]] = StimulusKind.all.map { kind in
        ["kind"] + stimulusKeyOrder[kind.id.rawValue].map { kind.fields[$0].wireKey }
    }

    /// A stimulus as `{"kind": STEP, ...}`, named as the case format's step.
    package static func write(_ stimulus: Stimulus, version: ProtocolVersion = .latest, to writer: inout JSONLineWriter)
    {
        let (kind, values) = stimulus.parts
        writer.beginObject()
        writer.key("kind")
        writer.fixedString(kind.name)
        for position in stimulusKeyOrder[kind.id.rawValue] {
            let field = kind.fields[position]
            let value = values[position]
            writer.key(field.wireKey)
            switch field.content {
            case .text where field.fallback == .absent: writer.string(orNull: value.optionalText)
            case .text, .message, .choice: writer.string(value.text)
            case .span: writer.integer(value.span.milliseconds)
            case .number: writeNumber(value.number, to: &writer)
            case .properties: write(properties: value.properties, to: &writer)
            case .localMessage: write(value.message, version: version, to: &writer)
            }
        }
        writer.endObject()
    }

    /// The stimulus kinds this version carries, in the order `Specs/PROTOCOL.md` lists them.
    package static func stimulusKinds(in version: ProtocolVersion) -> [StimulusKind] {
        stimulusKindsByVersion[version.rawValue - 1]
    }

    /// ``stimulusKinds(in:)`` of each version, by its number less one: made once, not at each
    /// stimulus read.
    private static let stimulusKindsByVersion = ProtocolVersion.allCases.sorted().map { version in
        StimulusKind.all.filter { version.carries($0) }
    }

    /// ``stimulusKinds(in:)``'s names (`nameText`), by version number less one: a stimulus's kind
    /// is found by its name without making each kind's name again.
    private static let stimulusKindNamesByVersion = stimulusKindsByVersion.map { kinds in kinds.map(\.nameText) }

    /// The keys a stimulus of each kind may have, by kind: `kind` and its fields' wire keys.
    private static let allowedStimulusKeys: [[String]] = StimulusKind.all.map { kind in
        ["kind"] + kind.fields.map(\.wireKey.description)
    }

    package static func decodeStimulus(
        _ value: WireValue,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> Stimulus {
        let (object, discriminator) = try value.object(discriminatedBy: "kind")
        let names = stimulusKindNamesByVersion[version.rawValue - 1]
        guard case .string(let name)? = discriminator.json, let position = names.firstIndex(of: name) else {
            throw discriminator.unknown(among: names)
        }
        let kind = stimulusKinds(in: version)[position]
        try object.allowOnly(allowedStimulusKeys[kind.id.rawValue])
        var values: [StepValue] = []
        values.reserveCapacity(kind.fields.count)
        for field in kind.fields {
            let key = field.wireKey.description
            switch field.content {
            case .text where field.fallback == .absent: values.append(StepValue(try object.field(key).orNull?.string()))
            case .text: values.append(.text(try object.string(key)))
            case .message: values.append(.text(try object.messageID(key)))
            case .choice(let choice): values.append(.text(try object.field(key).word(among: choice.words)))
            case .span: values.append(.span(VirtualTime(milliseconds: try object.field(key).integer(atLeast: 1))))
            case .number: values.append(.number(try object.field(key).number()))
            case .properties: values.append(.properties(try decodeProperties(object.field(key))))
            case .localMessage: values.append(.message(try decodeMessage(object.field(key), version: version)))
            }
        }
        return kind.make(values)
    }
}
