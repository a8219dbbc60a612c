/// When a message may be triggered again.
///
/// "By default a message that has been displayed is not eligible again; a campaign may set a
/// re-eligibility period in seconds, counted from its last display" (semantics notes, point 1).
package struct ReeligibilityRules: Sendable {
    /// A displayed message without a re-eligibility period is never eligible again.
    package var onceByDefault = true

    /// The period is "counted from its last display" (semantics notes, point 1).
    package var countedFrom = ClockStart.lastDisplay

    /// The period is reached, not exceeded: eligible again when `trigger time + delay >= last
    /// display + reeligibility`.
    package var reached = Boundary.inclusive

    /// The time since the last display is compared with the period to the millisecond. Leanplum's
    /// Android SDK counts it in whole seconds, truncated, and needs it to exceed the period
    /// (Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087,
    /// AndroidSDKCore/src/main/java/com/leanplum/internal/ActionManager.java, `matchesLimitTimes`:
    /// `long timeAgo = (now - occurrences.get("" + i).longValue()) / 1000; if (timeAgo > time)`):
    /// a message with a period of 60 s is eligible again 61 s after its display, not at 60.5 s.
    /// A period of 0 is no limit there (a campaign without a frequency limit, as the adapter of
    /// `../shared/engines/leanplum` sends it): eligible again at once.
    package var countsWholeSeconds = false

    /// Where the trigger-time check measures the period to: the message's ready time, trigger time
    /// + delay, as for the minimum interval. The Braze Web SDK's trigger manager (v4.8.0,
    /// `TriggerManager.je`, the trigger event's loop over the delivered triggers) computes `h = e +
    /// 1e3 * r.Pu` (event time + delay) and asks `r.xu(h)`, whose test is `t - this.$u >= 1e3 *
    /// this.zu` (since the last display, against the re-eligibility period); v3.5.0 does the same
    /// (`q = e + 1E3*m.ab; … q - m.Ca >= 1E3*m.Rb`).
    package var triggerCheck = IntervalRules.TriggerCheck.atReadyTime

    /// "After being discarded, the in-app message may be triggered later by another instance of
    /// the trigger event" (seed 000, translated).
    package var discardedMessagesRetriggerable = true

    /// Eligibility is checked again when a delay ends, so that of two firings waiting for the same
    /// message, the later finds it displayed and is dropped: the Web SDK's trigger manager checks
    /// the last display again at display time ("Not displaying trigger ... because display time fell
    /// outside of the acceptable time window").
    package var checkedAgainWhenReady = true

    /// Which displays of the message a firing finds when its delay ends
    /// (``checkedAgainWhenReady``).
    package enum DisplaysSeenWhenReady: Sendable, Hashable {
        /// Every display of the message.
        case every
        /// The displays made by the firings of the delivery of the messages it was triggered
        /// under, and the others only until a later delivery supersedes that one. The Braze Web
        /// SDK's trigger manager judges a firing on the trigger object of its own delivery
        /// (mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3,
        /// dist/BrazeKit.common.js, `gr.dg`: `t.xu(h)`, the last display that object knows);
        /// `gr.fg` brings up to date, from storage, only the objects of the latest delivery
        /// (`this.cg`), `gr.Ts` makes new objects at each delivery (after `fg`), and `gr.wg`
        /// records a display on the displayed firing's object alone (and in storage).
        case ofItsDeliveryUntilSuperseded
    }

    /// A firing whose delay ends finds every display of the message (`Specs/rules.yaml`,
    /// `delay.retrigger-while-waiting`).
    package var displaysSeenWhenReady = DisplaysSeenWhenReady.every
    /// A rolled-back message was not displayed: legacy `ABKReenqueueInAppMessage` acts "as if it
    /// never occurred" (semantics notes, point 15), and the message stays eligible.
    package var rollbackCountsAsDisplay = false
}
