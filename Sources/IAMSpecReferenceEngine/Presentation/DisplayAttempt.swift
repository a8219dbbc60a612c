import IAMSpec

/// One display attempt: the presenter's ordered checks for one message, at one moment.
///
/// The checks run in this order and the first that applies decides (the reference semantics, "Display attempt";
/// the Swift presenter's order is in the semantics notes, point 10: visible message first, then
/// the delegate, then orientation, then assets).
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
    }

    /// The world as the presenter sees it at the moment of the attempt.
    struct Conditions: Sendable, Hashable {
        var now: VirtualTime
        var appInForeground: Bool
        var messageVisible: Bool
        var keyboardUp: Bool
        var delegate: DelegatePresence
        /// What the delegate answers for this message, when it is implemented.
        var delegateChoice: DisplayChoice
        var device: DeviceKind
        var deviceOrientation: DeviceOrientation
        var assets: AssetDownloads.Status
    }

    /// One of the presenter's checks.
    enum Check: Sendable, Hashable, CaseIterable {
        case timeout
        case background
        case messageVisible
        case keyboard
        case delegate
        case orientation
        case missingImage
        case assets
    }

    let rules: ProfileRules
    var mutation: Mutation? = nil

    /// Runs the checks, in order, for the message; the first that applies decides.
    func outcome(for presentation: Presentation, in conditions: Conditions) -> Outcome {
        for check in order {
            if let decided = decide(check, for: presentation, in: conditions) { return decided }
        }
        return .display
    }

    /// The order of the checks: the reference order (the cases of ``Check``, in declaration
    /// order), or a mutant's, with two checks the wrong way round.
    private var order: [Check] {
        var order = Check.allCases
        let swapped: (Check, Check)? =
            switch mutation {
            case .delegateAskedWhenVisible: (.messageVisible, .delegate)
            case .backgroundBeforeTimeout: (.timeout, .background)
            case .visibleBeforeBackground: (.background, .messageVisible)
            case .orientationBeforeDelegate: (.delegate, .orientation)
            case .assetsBeforeOrientation: (.orientation, .assets)
            default: nil
            }
        if let (first, second) = swapped, let one = order.firstIndex(of: first),
            let other = order.firstIndex(of: second)
        {
            order.swapAt(one, other)
        }
        return order
    }

    /// What one check decides, or nil when it lets the message through to the next.
    private func decide(_ check: Check, for presentation: Presentation, in conditions: Conditions) -> Outcome? {
        let message = presentation.message
        switch check {
        case .timeout:
            // "The in-app message is ready to be displayed but past the timeout duration" (seed 003);
            // the timeout runs from trigger time, so local messages have none.
            guard let deadline = deadline(of: presentation) else { return nil }
            let late = mutation == .timeoutExclusive ? conditions.now > deadline : conditions.now >= deadline
            return late ? .discard(.timeout) : nil
        case .background:
            // "The in-app message is triggered when the app is in the background" (seed 003).
            let background = !conditions.appInForeground && mutation != .backgroundDisplays
            return background ? .stack(.background) : nil
        case .messageVisible:
            // "Another in-app message is currently visible" (seed 003); the delegate is not asked.
            return conditions.messageVisible ? .stack(.messageVisible) : nil
        case .keyboard:
            // Legacy: the delegate "has NOT been implemented, and the keyboard is currently being
            // displayed" (seed 003). The Swift SDK has no keyboard rule.
            let delegateAbsent = conditions.delegate == .absent || mutation == .keyboardIgnoresDelegate
            let stacks = rules.keyboardUpStacksWithoutDelegate && conditions.keyboardUp && delegateAbsent
            return stacks ? .stack(.keyboard) : nil
        case .delegate:
            // The display delegate's choice: `later` (`.reenqueue`, `ABKDisplayInAppMessageLater`),
            // `discard`, or legacy `rollback` (`ABKReenqueueInAppMessage`).
            return delegateOutcome(in: conditions)
        case .orientation:
            // "The device orientation doesn't match the triggered in-app message's orientation"
            // (seed 003); never checked on tablets (semantics notes, point 12).
            let checksOrientation = conditions.device == .phone || mutation == .orientationCheckedOnTablets
            let mismatch = !Self.fits(message.orientation, conditions.deviceOrientation)
            return checksOrientation && mutation != .orientationIgnored && mismatch ? .discard(.orientation) : nil
        case .missingImage:
            // Legacy: "a full in-app message but has no image", "an image-only modal in-app message
            // but has no image" (seed 003).
            return rules.lacksRequiredImage(message) ? .discard(.missingImage) : nil
        case .assets:
            // "The asset (image or zip file) of the in-app message failed to download" (seed 003);
            // a download still in flight makes the message wait.
            switch conditions.assets {
            case .failed: return .discard(.assetFailed)
            case .pending: return .awaitAssets
            case .ready: return nil
            }
        }
    }

    /// What the implemented delegate's choice decides; nil when it answers `now` or is absent.
    private func delegateOutcome(in conditions: Conditions) -> Outcome? {
        guard conditions.delegate == .implemented else { return nil }
        let swapped = mutation == .reenqueueMeaningsSwapped
        switch conditions.delegateChoice {
        case .now: return nil
        case .later: return swapped ? .rollBack : .stack(.delegateLater)
        case .discard: return .discard(.delegate)
        case .rollback: return swapped ? .stack(.delegateLater) : .rollBack
        }
    }

    /// Trigger time + timeout (none for a local message); a mutant may count from elsewhere.
    private func deadline(of presentation: Presentation) -> VirtualTime? {
        guard let triggerTime = presentation.triggerTime else { return nil }
        let message = presentation.message
        switch mutation {
        case .timeoutFromReady:
            return triggerTime.adding(saturating: message.delay).adding(saturating: message.effectiveTimeout)
        case .defaultTimeoutIgnoresDelay:
            return triggerTime.adding(saturating: message.timeout ?? .seconds(30))
        default:
            return presentation.deadline
        }
    }

    private static func fits(_ requirement: OrientationRequirement, _ orientation: DeviceOrientation) -> Bool {
        switch requirement {
        case .any: true
        case .portrait: orientation == .portrait
        case .landscape: orientation == .landscape
        }
    }
}
