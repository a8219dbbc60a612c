#if canImport(Testing)
import IAMSpecPortable
import Testing

extension PortableRun: CustomTestStringConvertible {
    /// `case-id [profile]`: how a Swift Testing test over `PortableSuite.runs` names each run.
    public var testDescription: String { description }
}
#endif
