/// Checks each message an engine sends against the protocol's JSON Schemas
/// (`Specs/schemas/protocol/*.json`), for `iamspec run --validate-protocol`.
///
/// The schemas are compiled into iamspec (``ProtocolSchemas``), so the check works wherever the
/// binary runs; a test keeps that copy identical to the files.
struct ProtocolValidator: Sendable {
    private let validator: SchemaValidator

    /// The validator over the schemas compiled into iamspec.
    static let bundled: ProtocolValidator = {
        do {
            return ProtocolValidator(validator: try SchemaValidator(documents: ProtocolSchemas.documents))
        } catch {
            preconditionFailure("the protocol schemas compiled into iamspec are invalid: \(error)")
        }
    }()

    private init(validator: SchemaValidator) {
        self.validator = validator
    }

    /// The violations of a message whose `type` is `messageType`, checked against
    /// `<messageType>.json`; empty when it is valid.
    func violations(of message: JSONValue, messageType: String) -> [String] {
        validator.violations(of: message, document: "\(messageType).json")
    }
}
