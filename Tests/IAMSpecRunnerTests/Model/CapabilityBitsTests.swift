import IAMSpec
import Testing

/// A case's capabilities are stored as bits, bit `n` for `Capability.allCases[n]`.
@Suite struct CapabilityBitsTests {
    @Test func eachCapabilityHasTheBitOfItsPositionInAllCases() {
        #expect(Capability.allCases.count <= UInt64.bitWidth)
        for (position, capability) in Capability.allCases.enumerated() {
            let bits: CapabilityBits = [capability]
            #expect(bits.bits == 1 << UInt64(position), "\(capability)")
            #expect(bits.set == [capability])
        }
    }

    @Test func aSetOfCapabilitiesComesBackWhole() {
        let capabilities: Set<Capability> = [.keyboard, .priority, .userChange, .assetRedelivery]
        #expect(CapabilityBits(capabilities).set == capabilities)
        #expect(CapabilityBits(Capability.allCases).set == Set(Capability.allCases))
    }
}
