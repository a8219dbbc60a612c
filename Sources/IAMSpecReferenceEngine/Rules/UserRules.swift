/// What the engine keeps for each user: which messages a user has seen, and when.
///
/// Braze Web SDK (`changeUser`, readable copy in mparticle-integrations'
/// dist/BrazeKit.common.js): changing to the current user does nothing ("Doing nothing."); every
/// other change drops the delivered messages; a change away from an identified user also forgets
/// the last display time, each message's display times and the events held by a pending sync, so
/// the new user starts with none, while the first change away from the anonymous user keeps them
/// for the identified user.
package struct UserRules: Sendable {
    /// Whose display history says which messages were already shown.
    package enum DisplayHistoryOwner: Sendable, Hashable {
        /// Each user's: a new user may see a message the previous user saw.
        case user
        /// The install's: a message shown once on the device is never shown again to anyone.
        case install
    }

    /// Changing to the user who is already current does nothing at all.
    package var changeToCurrentUserIgnored = true

    /// A change away from an identified user resets the interval and re-eligibility clocks.
    package var changeFromIdentifiedUserResetsClocks = true

    /// A change that resets the clocks resets every message's display history too: the Web SDK
    /// keeps it with the user's other data (its `changeUser` forgets each message's display times).
    /// Engines that store what was shown on the device instead keep it for the next user.
    package var displayHistoryKeptPer = DisplayHistoryOwner.user

    /// A change away from the anonymous user (the user a case starts with) keeps the clocks.
    package var changeFromAnonymousUserKeepsClocks = true

    /// A change away from an identified user drops the events a pending session-start sync holds:
    /// the Web SDK's trigger manager empties its queue of held events with the clocks (`changeUser`
    /// from an identified user). The sync itself stays in flight, and its completion delivers.
    package var changeFromIdentifiedUserDropsHeldEvents = true

    /// A change away from the anonymous user keeps the held events, replayed for the new user when
    /// the sync completes: the Web SDK's trigger manager then empties only its delivered triggers.
    package var changeFromAnonymousUserKeepsHeldEvents = true

    /// A change away from the anonymous user forgets the messages waiting out their delay, as
    /// every change does (`stack.change-user-clears`, after braze-swift-sdk's
    /// `dismiss(reason: .changeUser)`). The Web SDK keeps them then: its trigger manager clears the
    /// timers of the delayed firings only when the previous user was identified
    /// (mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3,
    /// dist/BrazeKit.common.js, `gr.changeUser`, the timers in `hg`).
    package var changeFromAnonymousUserKeepsDelayedMessages = false

    /// A change of user starts no session: the new user's messages come with the next session
    /// start (`stack.change-user-clears`). The Web SDK opens one at once:
    /// mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3,
    /// dist/BrazeKit.common.js, `Rt.changeUser` calls `openSession()`, whose sync delivers the
    /// triggers again and fires Session Start when they arrive (`gr.Ts`).
    package var changeStartsSession = false
}
