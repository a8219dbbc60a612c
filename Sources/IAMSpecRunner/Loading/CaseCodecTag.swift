import IAMSpec

/// The byte that says which case of one of the model's enums with payloads follows, in the
/// compact form. The writer writes a case's tag and the reader switches over the same enum,
/// naming every case: a case added to the model is a compile error on both sides, never a byte
/// read as another case.
protocol CaseCodecTag: RawRepresentable<UInt8> {}

extension CaseEncoder {
    /// The case of an enum with payloads (its payloads follow).
    mutating func tag(_ tag: some CaseCodecTag) {
        byte(tag.rawValue)
    }
}

extension EncodedCaseReader {
    /// The case of an enum with payloads that the encoder wrote (its payloads follow).
    mutating func tag<Tag: CaseCodecTag>(_: Tag.Type) -> Tag {
        let byte = byte()
        // The bytes are the encoder's own, made in this process: another byte is a bug here.
        guard let tag = Tag(rawValue: byte) else { preconditionFailure("no \(Tag.self) has the tag \(byte)") }
        return tag
    }
}

/// A step's action.
enum StepTag: UInt8, CaseCodecTag {
    case stimulus, expectation
}

/// An ``ObservationPattern``'s case.
enum ObservationPatternTag: UInt8, CaseCodecTag {
    case displayed, stacked, discarded, rolledBack, dismissed, noMatchingTrigger, impressionLogged, clickLogged
}

/// A ``MessageSelector``'s case.
enum MessageSelectorTag: UInt8, CaseCodecTag {
    case any, id
}

/// A ``TriggerEvent``'s case.
enum TriggerEventTag: UInt8, CaseCodecTag {
    case sessionStart, customEvent, purchase, pushClick
}

/// A ``Trigger``'s case.
enum TriggerTag: UInt8, CaseCodecTag {
    case anyPurchase, specificPurchase, sessionStart, customEvent, pushClick
}

/// A ``PropertyComparison``'s case.
enum PropertyComparisonTag: UInt8, CaseCodecTag {
    case equals, notEquals, greaterThan, lessThan, atLeast, atMost, matches, doesNotMatch, exists, doesNotExist
    case withinLast, moreThanAgo, lessThanInFuture, moreThanInFuture
}

/// A ``PropertyValue``'s case.
enum PropertyValueTag: UInt8, CaseCodecTag {
    case string, integer, real, boolean, time
}
