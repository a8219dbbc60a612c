import IAMSpec

/// The rules on which the two SDK generations differ, chosen once from the profile.
///
/// Everything else in the engine is shared; only these switches tell the Braze Swift SDK
/// from the legacy Appboy SDK.
struct ProfileRules: Sendable, Hashable {
    /// Legacy: "The deprecated `beforeInAppMessageDisplayed:withKeyboardIsUp:` UI delegate method
    /// has **NOT** been implemented, and the keyboard is currently being displayed" returns the
    /// message to the stack (seed 003). The Swift SDK has no keyboard rule.
    var keyboardUpStacksWithoutDelegate: Bool

    /// Legacy `ABKReenqueueInAppMessage` rolls the trigger back "as if it never occurred"
    /// (semantics notes, point 15). The Swift SDK has no such choice.
    var allowsRollback: Bool

    /// Legacy: "The in-app message is a full in-app message but has no image" and "an image-only
    /// modal in-app message but has no image" are discarded (seed 003). The Swift SDK's list of
    /// discard reasons (seed 000) has no image rule.
    var discardsImageMessagesWithoutImage: Bool

    /// The rules of one SDK generation; a mutant may carry a legacy rule into the Swift SDK.
    init(for profile: Profile, mutation: Mutation? = nil) {
        switch profile {
        case .brazeSwift:
            keyboardUpStacksWithoutDelegate = mutation == .keyboardRuleInSwift
            allowsRollback = false
            discardsImageMessagesWithoutImage = mutation == .imageRulesInSwift
        case .appboyLegacy:
            keyboardUpStacksWithoutDelegate = true
            allowsRollback = true
            discardsImageMessagesWithoutImage = true
        }
    }

    /// Whether the message needs an image it does not have, under these rules.
    func lacksRequiredImage(_ message: InAppMessage) -> Bool {
        guard discardsImageMessagesWithoutImage, message.image == nil else { return false }
        switch message.type {
        case .full, .modalImage: return true
        case .slideup, .modal, .html: return false
        }
    }
}
