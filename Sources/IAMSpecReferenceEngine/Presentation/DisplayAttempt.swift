import IAMSpec

/// One display attempt: the presenter's ordered checks for one message, at one moment.
///
/// The checks run in the order of ``PresenterRules/checks`` and the first that applies decides.
struct DisplayAttempt {
    /// What the attempt decided.
    enum Outcome: Sendable, Hashable {
        /// Shown on screen.
        case display
        /// Back on top of the stack, for the reason.
        case stack(StackReason)
        /// Dropped, for the reason; it may be triggered again later.
        case discard(DiscardReason)
        /// Legacy `ABKReenqueueInAppMessage`: the trigger is undone, nothing is stacked.
        case rollBack
        /// An asset is still downloading: the message waits off the stack and off the screen.
        case awaitAssets
        /// Dropped without a trace: the engine has no stack for it (``ScreenRules/messageMeetingAnother``,
        /// ``PresenterRules/Deferral/drop``).
        case drop
    }

    /// The world as the presenter sees it at the moment of the attempt.
    struct Conditions: Sendable, Hashable {
        var now: VirtualTime
        var appInForeground: Bool
        var messageVisible: Bool
        /// Whether a message on screen blocks the page (``ScreenRules/slideUpsShownBeside``); false
        /// under other rules.
        var pageBlocked: Bool
        var keyboardUp: Bool
        var delegate: DelegatePresence
        /// What the delegate answers for this message, when it is implemented.
        var delegateChoice: DisplayChoice
        var device: DeviceKind
        var deviceOrientation: DeviceOrientation
        var assets: AssetDownloads.Status
    }

    let rules: PresenterRules
    let profile: ProfileRules
    /// Whether the delegate decides on control messages (``CampaignRules/delegateDecidesControlMessages``).
    let delegateDecidesControlMessages: Bool
    /// What a message that meets another on screen gets (``ScreenRules/messageMeetingAnother``).
    let messageMeetingAnother: ScreenRules.MeetingVisibleMessage
    /// Which messages take the screen from a visible one (``ScreenRules/replacesVisibleMessage(with:)``).
    let screen: ScreenRules
    /// Whether messages have a display deadline: rules without the timeout check have none, and
    /// a message waits however long, its eligibility checked again when it is ready.
    let hasDeadlines: Bool

    /// A presenter applying the rules' checks, and the profile's.
    init(rules: DeliveryRules) {
        self.rules = rules.presenter
        profile = rules.profile
        delegateDecidesControlMessages = rules.campaign.delegateDecidesControlMessages
        messageMeetingAnother = rules.screen.messageMeetingAnother
        screen = rules.screen
        hasDeadlines = rules.presenter.checks.contains(.timeout)
    }

    /// Runs the checks, in order, for the message; the first that applies decides.
    func outcome(for presentation: Presentation, in conditions: Conditions) -> Outcome {
        for check in rules.checks {
            if let decided = decide(check, for: presentation, in: conditions) { return decided }
        }
        return .display
    }

    /// What one check decides, or nil when it lets the message through to the next. Inlined in
    /// the loop of ``outcome(for:in:)``: it runs for every check of every display attempt.
    @inline(__always)
    private func decide(
        _ check: PresenterRules.Check,
        for presentation: Presentation,
        in conditions: Conditions
    ) -> Outcome? {
        switch check {
        case .timeout:
            // "The in-app message is ready to be displayed but past the timeout duration" (seed 003);
            // local messages have none.
            return isPastDeadline(presentation, at: conditions.now) ? .discard(.timeout) : nil
        case .background:
            // "The in-app message is triggered when the app is in the background" (seed 003).
            return conditions.appInForeground ? nil : Self.outcome(of: rules.appInBackground, stackedFor: .background)
        case .messageVisible:
            // "Another in-app message is currently visible" (seed 003); the delegate is not asked.
            guard conditions.messageVisible, !screen.replacesVisibleMessage(with: presentation) else { return nil }
            // A slide-up goes beside any message, and any message beside slide-ups alone.
            if screen.slideUpsShownBeside,
                !conditions.pageBlocked || !ScreenRules.blocksPage(presentation.message.type)
            {
                return nil
            }
            switch messageMeetingAnother {
            case .stacked: return .stack(.messageVisible)
            case .dropped: return .drop
            case .replacesIt, .shownBeside: return nil
            }
        case .keyboard:
            // Legacy: the delegate "has NOT been implemented, and the keyboard is currently being
            // displayed" (seed 003). The Swift SDK has no keyboard rule.
            let delegateAbsent = conditions.delegate == .absent || !rules.keyboardRuleOnlyWithoutDelegate
            let stacks = profile.keyboardUpStacksWithoutDelegate && conditions.keyboardUp && delegateAbsent
            return stacks ? .stack(.keyboard) : nil
        case .delegate:
            // The display delegate's choice: `later` (`.reenqueue`, `ABKDisplayInAppMessageLater`),
            // `discard`, or legacy `rollback` (`ABKReenqueueInAppMessage`), for a control message too.
            // Swift `presentNext()` does not ask it (``ProfileRules/displayNextAsksDelegate``).
            guard !presentation.takenByApp || profile.displayNextAsksDelegate,
                !presentation.message.isControl || delegateDecidesControlMessages
            else { return nil }
            return delegateOutcome(in: conditions)
        case .orientation:
            // "The device orientation doesn't match the triggered in-app message's orientation"
            // (seed 003); never checked on tablets (semantics notes, point 12).
            let mismatch = !Self.fits(presentation.message.orientation, conditions.deviceOrientation)
            let checked = conditions.device == .phone || rules.orientationCheckedOn == .phonesAndTablets
            return checked && mismatch ? .discard(.orientation) : nil
        case .missingImage:
            // Legacy: "a full in-app message but has no image", "an image-only modal in-app message
            // but has no image" (seed 003).
            return profile.lacksRequiredImage(presentation.message) ? .discard(.missingImage) : nil
        case .assets:
            // "The asset (image or zip file) of the in-app message failed to download" (seed 003);
            // a download still in flight makes the message wait.
            switch conditions.assets {
            case .failed: return rules.failedAssetsDiscard ? .discard(.assetFailed) : nil
            case .pending: return .awaitAssets
            case .ready: return nil
            }
        }
    }

    /// What the implemented delegate's choice decides; nil when it answers `now` or is absent.
    private func delegateOutcome(in conditions: Conditions) -> Outcome? {
        guard conditions.delegate == .implemented else { return nil }
        switch conditions.delegateChoice {
        case .now: return nil
        case .later: return Self.outcome(of: rules.delegateLater, stackedFor: .delegateLater)
        case .discard: return .discard(.delegate)
        case .rollback: return Self.outcome(of: rules.delegateRollback, stackedFor: .delegateLater)
        }
    }

    /// What a deferral decides; a message put back on the stack is stacked for `reason`.
    private static func outcome(of deferral: PresenterRules.Deferral, stackedFor reason: StackReason) -> Outcome {
        switch deferral {
        case .stack: .stack(reason)
        case .rollBack: .rollBack
        case .drop: .drop
        }
    }

    /// Whether an attempt to display the message now would come at or after its deadline (a local
    /// message has none, nor has any message under rules without the timeout check).
    func isPastDeadline(_ presentation: Presentation, at now: VirtualTime) -> Bool {
        guard hasDeadlines, let deadline = deadline(of: presentation) else { return false }
        return rules.lateFromDeadline.admits(.at(now), above: deadline)
    }

    /// The display deadline, the timeout's start + the timeout: "The in-app message is ready to be
    /// displayed but past the timeout duration" discards it (seed 003). None for a local message,
    /// which has no trigger; past the end of virtual time, never reached, when the trigger came too
    /// close to the end for its whole timeout to fit.
    private func deadline(of presentation: Presentation) -> TimePoint? {
        guard let triggerTime = presentation.triggerTime else { return nil }
        let message = presentation.message
        let start =
            switch rules.timeoutRunsFrom {
            case .triggerTime: TimePoint.at(triggerTime)
            case .readyTime: triggerTime.later(by: message.delay)
            }
        let timeout =
            switch rules.defaultTimeout {
            case .delayPlusThirtySeconds: message.effectiveTimeout
            case .thirtySeconds: message.timeout ?? .seconds(30)
            }
        return start.later(by: timeout)
    }

    private static func fits(_ requirement: OrientationRequirement, _ orientation: DeviceOrientation) -> Bool {
        switch requirement {
        case .any: true
        case .portrait: orientation == .portrait
        case .landscape: orientation == .landscape
        }
    }
}
