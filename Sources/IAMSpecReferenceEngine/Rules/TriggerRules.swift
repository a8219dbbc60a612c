import IAMSpec

/// Which events fire triggers, and when the no-matching-trigger callback fires.
package struct TriggerRules: Sendable {
    /// Events the no-matching-trigger callback may be fired for.
    package struct UnmatchedEvents: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// An event logged through the SDK that no delivered message's trigger matches.
        package static let noTriggerMatches = UnmatchedEvents(rawValue: 1 << 0)
        /// An event whose matching messages are all ineligible, in flight or held back by the
        /// minimum interval.
        package static let noMatchingMessageEligible = UnmatchedEvents(rawValue: 1 << 1)
        /// An event logged through the REST API.
        package static let loggedThroughAPI = UnmatchedEvents(rawValue: 1 << 2)
    }

    /// Where an event must be logged for it to fire a trigger.
    package enum Sources: Sendable, Hashable {
        /// Through the SDK only.
        case sdkOnly
        /// Through the SDK or the REST API.
        case sdkOrAPI

        /// Whether an event logged through `source` may fire a trigger.
        func include(_ source: EventSource) -> Bool {
            source == .sdk || self == .sdkOrAPI
        }
    }

    /// "Triggered in-app messages only work with custom events logged through the SDK and not
    /// through the REST APIs" (seed 003). Push clicks and session starts always come from the SDK.
    package var customEventsTriggerFrom = Sources.sdkOnly

    /// A purchase fires a trigger only when logged through the SDK, like a custom event (seed 003).
    package var purchasesTriggerFrom = Sources.sdkOnly

    /// "When Braze can't find a matching trigger for a given event, it will call
    /// `BrazeDelegate.(_:noMatchingTriggerForEvent)`" (seed 000, translated). Matching is about
    /// triggers, not eligibility: an event that matches a message already shown, or one dropped
    /// by the interval, fires no callback, and a REST API event fires none (rule
    /// `callbacks.no-matching-trigger`).
    package var noMatchCallbackFires: UnmatchedEvents = [.noTriggerMatches]

    /// A push-click trigger with a campaign matches only pushes from that campaign; one without
    /// a campaign matches any push.
    package var pushClickMatchesOwnCampaignOnly = true

    /// Where the event must be logged to fire a trigger.
    func sources(of event: TriggerEvent) -> Sources {
        if case .purchase = event { purchasesTriggerFrom } else { customEventsTriggerFrom }
    }
}
