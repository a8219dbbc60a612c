import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite struct CapabilityNeedsTests {
    /// The loader stores the needs it derives as the case's capability bits, bit `n` for
    /// `Capability.allCases[n]`: each capability's bit in the mask must be that one.
    @Test func eachCapabilityHasTheBitOfItsPositionInAllCases() {
        for (position, capability) in Capability.allCases.enumerated() {
            let mask: CapabilityMask = [capability]
            #expect(mask.bits == 1 << UInt64(position), "\(capability)")
        }
    }
}
