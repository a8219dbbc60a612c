package import IAMSpec

/// The delivery rules the engine applies, as values, grouped by concept.
///
/// Each field states one rule, with its source; its initial value is the reference semantics.
/// Only the rules on which the two SDK generations differ (``ProfileRules``) depend on the
/// profile, so ``reference(for:)`` is the whole reference semantics of one profile. The engine
/// reads a rule where it applies it, and nowhere else.
package struct DeliveryRules: Sendable {
    /// Which events fire triggers, and when the no-matching-trigger callback fires.
    package var triggers = TriggerRules()
    /// How the operators of property filters compare.
    package var filters = PropertyFilterRules()
    /// Which matching message a trigger event fires.
    package var selection = SelectionRules()
    /// The minimum trigger interval.
    package var interval = IntervalRules()
    /// When a displayed message may be triggered again.
    package var reeligibility = ReeligibilityRules()
    /// Messages waiting out their delay.
    package var delay = DelayRules()
    /// The message stack, and the moments that offer its top.
    package var stack = StackRules()
    /// What relaunching the app, changing the user, ending a session or rotating the device clears.
    package var lifecycle = LifecycleRules()
    /// The presenter's ordered checks of a display attempt.
    package var presenter = PresenterRules()
    /// What the screen shows and how a dismissal changes it.
    package var screen = ScreenRules()
    /// Impressions and clicks.
    package var analytics = AnalyticsRules()
    /// Delivery at session start, and the events that arrive during its sync.
    package var sessionStart = SessionStartRules()
    /// A campaign's own settings: its interval, its window, its control group.
    package var campaign = CampaignRules()
    /// What the engine keeps for each user across user changes.
    package var users = UserRules()
    /// Where the Braze Swift SDK and the legacy Appboy SDK differ.
    package var profile: ProfileRules

    /// The reference semantics under the profile.
    package static func reference(for profile: Profile) -> DeliveryRules {
        switch profile {
        case .brazeSwift: brazeSwift
        case .appboyLegacy: appboyLegacy
        }
    }

    // Made once: an engine is made for every case run, and copies share the sets' storage.
    private static let brazeSwift = DeliveryRules(profile: .reference(for: .brazeSwift))
    private static let appboyLegacy = DeliveryRules(profile: .reference(for: .appboyLegacy))
}
