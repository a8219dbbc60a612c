/// An SDK generation whose rules a case holds for.
///
/// Where the two generations differ (the keyboard rule, the meaning of "reenqueue",
/// the image rules), the profile decides which rule an engine follows.
public enum Profile: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The Braze Swift SDK (`BrazeInAppMessagePresenter`, `inAppMessage(_:displayChoiceForMessage:)`).
    case brazeSwift = "braze-swift"
    /// The legacy Appboy SDK (`ABKInAppMessageController`, `beforeInAppMessageDisplayed:`).
    case appboyLegacy = "appboy-legacy"

    /// Orders profiles by name, `appboy-legacy` before `braze-swift`: the order reports list them in.
    public static func < (lhs: Profile, rhs: Profile) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
