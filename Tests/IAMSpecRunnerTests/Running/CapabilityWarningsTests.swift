import IAMSpec
import IAMSpecRunner
import Testing

/// The warnings a run ends with about what an engine declares: those its runs found, and, for an
/// engine over the stdio protocol, what its handshake's list of capabilities cannot have meant.
@Suite("The capability warnings a run ends with")
struct CapabilityWarningsTests {
    @Test func aProtocol2ListWithNoneOfTheCapabilitiesAddedSinceIsWarnedOf() throws {
        let declared = Capability.declaredSinceProtocol1
        let tally = CapabilityWarnings(declared: declared)
        let warnings = tally.warnings(declared: declared, handshake: (protocolVersion: 2, namedBeyondProtocol1: []))
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.hasPrefix("the engine speaks protocol 2 and lists none of the capabilities added since "))
        // Listing one of them, or speaking over no protocol, it is not.
        let current = declared.union([CapabilityWarnings.addedSinceProtocol2[0]])
        #expect(tally.warnings(declared: current, handshake: (2, [])).isEmpty)
        #expect(tally.warnings(declared: declared, handshake: nil).isEmpty)
    }

    @Test func aProtocol1ListNamingMoreThanProtocol1CanIsWarnedOf() throws {
        let tally = CapabilityWarnings(declared: Set(Capability.allCases))
        let warnings = tally.warnings(declared: Set(Capability.allCases), handshake: (1, [.extras]))
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.hasPrefix("the engine speaks protocol 1 and lists extras, which protocol 1 cannot declare"))
        #expect(tally.warnings(declared: Set(Capability.allCases), handshake: (1, [])).isEmpty)
    }
}
