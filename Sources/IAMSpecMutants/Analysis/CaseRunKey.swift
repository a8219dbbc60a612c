import IAMSpec
import IAMSpecRunner

/// One case under one profile.
package struct CaseRunKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var caseID: String
    package var profile: Profile

    init(caseID: String, profile: Profile) {
        self.caseID = caseID
        self.profile = profile
    }

    init(_ result: CaseResult) {
        caseID = result.caseID
        profile = result.profile
    }

    package var description: String { "\(caseID) [\(profile.rawValue)]" }

    package static func < (left: CaseRunKey, right: CaseRunKey) -> Bool {
        (left.caseID, left.profile.rawValue) < (right.caseID, right.profile.rawValue)
    }
}
