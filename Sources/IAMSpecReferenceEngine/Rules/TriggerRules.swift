package import IAMSpec

/// Which events fire triggers, and when the no-matching-trigger callback fires.
package struct TriggerRules: Sendable {
    /// An event the no-matching-trigger callback may be fired for.
    package enum UnmatchedEvent: Sendable, Hashable {
        /// An event logged through the SDK that no delivered message's trigger matches.
        case noTriggerMatches
        /// An event whose matching messages are all ineligible, in flight or held back by the
        /// minimum interval.
        case noMatchingMessageEligible
        /// An event logged through the REST API.
        case loggedThroughAPI
    }

    /// Where a custom event must be logged to fire a trigger: "Triggered in-app messages only
    /// work with custom events logged through the SDK and not through the REST APIs" (seed 003).
    /// Push clicks and session starts always come from the SDK.
    package var customEventsTriggerFrom: Set<EventSource> = [.sdk]

    /// Where a purchase must be logged to fire a trigger: through the SDK, like a custom event
    /// (seed 003).
    package var purchasesTriggerFrom: Set<EventSource> = [.sdk]

    /// "When Braze can't find a matching trigger for a given event, it will call
    /// `BrazeDelegate.(_:noMatchingTriggerForEvent)`" (seed 000, translated). Matching is about
    /// triggers, not eligibility, and a REST API event fires no callback (semantics notes,
    /// callbacks).
    package var noMatchCallbackFires: Set<UnmatchedEvent> = [.noTriggerMatches]

    /// A push-click trigger with a campaign matches only pushes from that campaign; one without
    /// a campaign matches any push.
    package var pushClickMatchesOwnCampaignOnly = true

    /// The sources from which the event may fire a trigger.
    func sources(of event: TriggerEvent) -> Set<EventSource> {
        if case .purchase = event { purchasesTriggerFrom } else { customEventsTriggerFrom }
    }
}
