package import IAMSpec

/// What the screen shows, and how a dismissal changes it.
package struct ScreenRules: Sendable {
    /// What dismissing a message takes off the screen.
    package enum Dismissal: Sendable, Hashable {
        /// That message, when it is the one on screen; a message not on screen is left alone.
        case thatMessageOnly
        /// Whatever is on screen.
        case whateverIsVisible
    }

    /// What a display attempt does with a message that meets another on screen.
    package enum MeetingVisibleMessage: Sendable, Hashable {
        /// The presenter's check stacks it (``PresenterRules/Check/messageVisible``).
        case stacked
        /// It is dropped and leaves no trace: nothing waits behind the visible message.
        case dropped
        /// It takes the visible message's place on screen, and the one it replaces leaves it,
        /// observed `dismissed` as any message that leaves the screen is: CleverTap's Web SDK
        /// removes the popup on screen for a new one, with its `dismissSpamControl` (on unless
        /// the app turns it off)
        /// (CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b,
        /// src/util/campaignHouseKeeping/commonCampaignUtils.js, `handleImageOnlyPopup`,
        /// `handlePIP` and `createTemplate` remove the element on screen before rendering the
        /// new one; the same in src/util/campaignRender/webPopup.js, `handleExistingWrapper`).
        case replacesIt
        /// It is shown beside the visible message: several messages are on screen at once, each a
        /// view of its own that takes its own clicks (`DisplayAnalytics`).
        case shownBeside
    }

    /// Whether a message of this type blocks the page (``slideUpsShownBeside``): every type but a
    /// slide-up.
    static func blocksPage(_ type: MessageType) -> Bool {
        type != .slideup
    }

    /// Whether a message that is not dropped or stacked goes on screen beside the visible ones.
    var showsBeside: Bool {
        messageMeetingAnother == .shownBeside || slideUpsShownBeside
    }

    /// A displayed message carries its key-value extras to the app unchanged: "`Braze.InAppMessage`
    /// objects can carry key-value pairs as `extras`" (seed 000, translated).
    package var extrasReachTheApp = true

    /// The user dismisses one message; stimuli about a message not in play are ignored.
    package var dismissal = Dismissal.thatMessageOnly

    /// A message waiting for its assets is off the stack and off the screen: "there can be some
    /// latency due to assets not being prefetched" (seed 003) for that message only, not for the
    /// others.
    package var messageAwaitingAssetsBlocksOthers = false

    /// One message at a time: "Another in-app message is currently visible" puts the triggered
    /// message on the stack (seed 003). Engines without a stack drop it instead (Firebase In-App
    /// Messaging ignores a message while one is being displayed), show it in the visible one's
    /// place, or show it beside it (several banners at once).
    package var messageMeetingAnother = MeetingVisibleMessage.stacked

    /// A slide-up meets a visible message as any message does (``messageMeetingAnother``). A page's
    /// engine may lay a slide-up, which does not block the page (``blocksPage(_:)``), beside any
    /// message, and any message beside slide-ups: then only a message that blocks the page meeting
    /// another that does gets ``messageMeetingAnother``. The Braze Web SDK's display
    /// (mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3,
    /// dist/BrazeKit.common.js, `showInAppMessage`): a message whose `xe()` is true (every type
    /// but `SlideUpMessage`) is refused while an element `.ab-modal-interactions` is in the page
    /// ("Cannot show in-app message … because another message is being shown."), and `ce` gives
    /// that class to the view of every message whose `xe()` is true; every other message is
    /// appended to the page, beside those on it.
    package var slideUpsShownBeside = false

    /// A click leaves the message on screen: the app, or the click's action, dismisses it later
    /// (braze-swift-sdk@18.2.0's `InAppMessageView.process(clickAction:buttonId:target:)` keeps
    /// the view up while the click is processed, `stack.click-follow-up`). The Web SDK closes the
    /// message at once instead: mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3,
    /// dist/BrazeKit.common.js, `ce` gives the message's view a click handler that calls the
    /// message's close before it logs the click, so it is observed dismissed, then clicked.
    package var clickCloses = false

    /// A test send waits for the screen like any message (``messageMeetingAnother``). OneSignal's
    /// Android SDK shows a preview at once instead: it dismisses the message on screen, which is
    /// observed dismissed, and shows the preview in its place; other messages still wait
    /// (OneSignal/OneSignal-Android-SDK@03364e08a2f1a7c602e1c3306a296e9102e77c57,
    /// OneSignalSDK/onesignal/src/main/java/com/onesignal/WebViewManager.java, `showHTMLString`:
    /// with an instance on screen and a preview message, `dismissAndAwaitNextMessage` on the
    /// instance, then the preview's own `initInAppMessage`; the later Kotlin `InAppDisplayer`'s
    /// `showMessageContent` does the same).
    package var testSendsReplaceVisibleMessage = false

    /// A message a push click triggers waits for the screen like any message. Leanplum's Android
    /// SDK gives the screen to the action of an opened push notification instead: the message on
    /// screen is dismissed, which its listener observes, and the push's action is shown next
    /// (Leanplum/Leanplum-Android-SDK@035e8a5d5daafe533710effb9978ed105263127c,
    /// AndroidSDKCore/src/main/java/com/leanplum/actions/ActionManagerExecution.kt,
    /// `prioritizePushNotificationActions`, which `performActionsImpl` calls while an action is on
    /// screen: with `dismissOnPushOpened`, true by default, and a notification's action next in
    /// the queue, it calls the current action's dismiss handler, whose dismissal reports
    /// `onMessageDismissed` and performs the next action).
    package var pushClickMessagesReplaceVisibleMessage = false

    /// Whether the message takes the screen from a visible one, which is dismissed
    /// (``testSendsReplaceVisibleMessage``, ``pushClickMessagesReplaceVisibleMessage``,
    /// ``MeetingVisibleMessage/replacesIt``).
    func replacesVisibleMessage(with presentation: Presentation) -> Bool {
        messageMeetingAnother == .replacesIt
            || (testSendsReplaceVisibleMessage && presentation.message.isTestSend)
            || (pushClickMessagesReplaceVisibleMessage && presentation.triggeredByPushClick)
    }

    /// A message stays on screen until the user or the app dismisses it (a case's `dismiss`
    /// steps); an engine may dismiss a message itself once it has been on screen this long, observed as a dismissal, as Firebase In-App Messaging does with
    /// its banners (firebase/firebase-android-sdk@0339a18b1a2158154c7962baf62d8dbec814e6fc,
    /// firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/FirebaseInAppMessagingDisplay.java,
    /// `inflateBinding` starts `autoDismissTimer` for `DISMISS_THRESHOLD_MILLIS`, 20 s, and on
    /// its end reports `messageDismissed(AUTO)`), and the Braze Web SDK with a slide-up whose
    /// JSON sets no close mode (mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3,
    /// dist/BrazeKit.common.js: the `InAppMessage` constructor defaults `dismissType` to
    /// `AUTO_DISMISS` and `duration` to 5000 ms, and the display code closes the message with a
    /// `setTimeout` of that duration once it is shown). Nil: never.
    package var dismissesItselfAfter: VirtualTime?
}
