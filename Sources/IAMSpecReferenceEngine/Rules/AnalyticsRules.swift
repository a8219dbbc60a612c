/// Impressions and clicks: "a message logs at most one impression and one click" (semantics
/// notes, point 9).
package struct AnalyticsRules: Sendable {
    /// When a triggered message's impression is logged.
    package enum ImpressionMoment: Sendable, Hashable {
        /// When it is put on screen.
        case display
        /// When it becomes ready, before the presenter's checks.
        case ready
        /// Never: the engine leaves impressions to the app's own view code.
        case never
    }

    /// "Braze does not support analytics on in-app messages created locally" (seed 003).
    package var localMessagesLogAnalytics = false

    /// The impression is logged when the message is displayed; a message that is stacked,
    /// discarded or rolled back logs none. "At most one impression" (point 9) is one for each
    /// display, not none: an engine that leaves impressions to the app's view code logs none.
    package var impressionLoggedAt = ImpressionMoment.display

    /// One click per display is logged, however often the message is clicked (point 9).
    package var firstClickOnly = true

    /// Only a click on the message on screen is logged.
    package var clicksCountOnlyOnScreen = true
}
