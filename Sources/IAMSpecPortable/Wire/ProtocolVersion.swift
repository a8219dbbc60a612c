/// A version of the stdio protocol (`Specs/PROTOCOL.md`, "Versions"), as negotiated with one
/// engine process by `hello` and `hello_reply`.
///
/// iamspec's `hello` offers ``latest``; the engine answers with the version it speaks, and iamspec
/// speaks exactly that one to the process for the rest of its life. Every request is encoded, and
/// every answer decoded, in the version of the process it travels to or from.
package enum ProtocolVersion: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// The first version: answers are not tied to their requests.
    case v1 = 1
    /// Every request after `hello` carries `seq`, and every answer echoes the `seq` of the request
    /// it answers; `end_case` is answered with `ended`.
    case v2 = 2

    /// The version iamspec offers in `hello`, the newest it speaks.
    package static let latest = ProtocolVersion.v2

    /// Whether requests and answers carry `seq`.
    package var numbersMessages: Bool { self >= .v2 }

    /// Whether an engine may answer a stimulus `unsupported`, declining it.
    package var declinesStimuli: Bool { self >= .v2 }

    /// Whether `end_case` is answered with `ended`: the engine has forgotten the case, and
    /// anything it wrote before is the case's business.
    package var answersEndCase: Bool { self >= .v2 }

    /// The versions iamspec speaks, in words: `1 and 2`, `1, 2 and 3`.
    package static var spokenInWords: String {
        let numbers = allCases.map { "\($0.rawValue)" }
        return numbers.dropLast().joined(separator: ", ") + " and " + numbers[numbers.count - 1]
    }

    package static func < (left: ProtocolVersion, right: ProtocolVersion) -> Bool {
        left.rawValue < right.rawValue
    }
}
