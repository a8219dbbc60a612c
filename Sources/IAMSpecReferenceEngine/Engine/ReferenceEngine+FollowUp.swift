import IAMSpec

extension ReferenceEngine {
    /// The user clicks a message: its click is logged as ``AnalyticsRules`` say, and, under
    /// ``ProfileRules/clickHoldsFollowUp``, a click of the message on screen arms its follow-up
    /// (``ClickFollowUp``). A message the app created itself arms nothing: braze-swift-sdk's
    /// `InAppMessageView.process(clickAction:buttonId:target:)` stops before marking the click for
    /// a message without a Braze context, which is what a locally created message is ("IAMs not
    /// originating from Braze (`context == nil`)", InAppMessageUI.swift).
    /// Under ``ScreenRules/clickCloses`` the message on screen is dismissed first, then its click
    /// (counted before the dismissal) is observed, and nothing is armed.
    mutating func click(_ id: MessageID) {
        let onScreen = screen.shows(id)
        if onScreen, rules.analytics.impressionAtFirstDismissalOrClick, screen.awaitsImpression(id) {
            screen.recordImpression(of: id)
            recordImpressionClocks(of: id)
            observations.append(.impressionLogged(id))
        }
        let closes = onScreen && rules.screen.clickCloses
        let click = onScreen || !rules.analytics.clicksCountOnlyOnScreen ? analytics.clicked(id) : nil
        if closes { dismiss(id) }
        observe(click)
        if onScreen, !closes, rules.profile.clickHoldsFollowUp, screen.visible?.isLocal == false { followUp.arm() }
    }

    /// Holds a message that met the clicked message on screen as the follow-up, off the stack and
    /// off the screen; the follow-up it replaces (another message, or an earlier firing of the
    /// same one) goes on the stack, observed `stacked` for the visible message (braze-swift-sdk's
    /// `validateNoMessagePresented`, case `.followup`). Nothing is observed for the message held,
    /// and the display delegate is not asked about it. An earlier firing of the held message that
    /// waits on the stack stays there, as in 18.2.0 (the case `.followup` touches the stack only to
    /// put the replaced follow-up on it), until the follow-up's display takes it off
    /// (`prepareAndPresent(message:)`: "Remove the message from the stack if needed").
    mutating func holdAsFollowUp(_ presentation: Presentation) {
        guard let replaced = followUp.hold(presentation) else { return }
        stack.putBack(replaced)
        observations.append(.stacked(replaced.id, reason: .messageVisible))
    }

    /// The message on screen left it: the click is over, and the follow-up, if any, gets a display
    /// attempt of its own, the delegate asked and every check run, as any presented message
    /// ("Once the current message is dismissed, we directly display the `followupMessage`",
    /// braze-swift-sdk's `didDismiss()` calling `presentFollowup()`).
    mutating func releaseFollowUp() {
        guard let next = followUp.release() else { return }
        attemptDisplay(next)
    }
}
