import IAMSpec

extension ReferenceEngine {
    /// Offers the stack's top when the moment is one of ``StackRules/topOfferedAt``: "the
    /// `ABKInAppMessageController` will be offered the latest in-app message off the in-app
    /// message stack" (seed 003). One message is offered per moment; at `display_next` the app
    /// takes it itself.
    mutating func offerTopOfStack(at moment: StackRules.Moments) {
        let screenMayBeFree = moment == .messageDismissed || moment == .appForegrounded
        guard rules.stack.topOfferedAt.contains(moment) || (rules.stack.waitingShownOnceScreenIsFree && screenMayBeFree)
        else { return }
        // Swift `presentNext()` asks `validateNoMessagePresented` before anything else it checks
        // of the top (its context, where the timeout lives, comes after), and with a message on
        // screen that call only logs: the top stays where it was, whatever its timeout or the app's
        // state (braze-swift-sdk 18.2.0, InAppMessageUI.swift, `prepareAndPresent(message:)`).
        if moment == .displayNextRequested, !rules.profile.displayNextRestacksBehindVisibleMessage, isMessageVisible {
            return
        }
        if rules.interval.insideInterval == .heldOnTheStack, moment != .displayNextRequested {
            if moment == .messageDismissed || rules.stack.waitingShownOnceScreenIsFree {
                offerAgainAtIntervalEnd()
            }
            // Either leaves the top where it is, unobserved.
            guard heldTopMayBeOffered else { return }
        }
        guard var top = stack.popTop() else { return }
        top.takenByApp = moment == .displayNextRequested
        attemptDisplay(top)
    }

    /// "Braze does not support analytics on in-app messages created locally" (seed 003): a local
    /// message gets a display attempt with no timeout, no interval and no analytics.
    mutating func presentLocal(_ message: InAppMessage) {
        let slot = slots.slot(adding: message.id)
        assets.start(for: message, slot: slot, delivery: 1)
        attemptDisplay(Presentation(message: message, slot: slot, triggerTime: nil))
    }

    /// Runs the presenter's ordered checks for the message and applies the outcome.
    mutating func attemptDisplay(_ presentation: Presentation) {
        let id = presentation.id
        let slot = presentation.slot
        switch presenter.outcome(for: presentation, in: displayConditions(for: slot)) {
        case .display where presentation.message.isControl && rules.campaign.controlMessagesShowNothing:
            showControl(presentation)
        case .display:
            inFlight.remove(slot)
            // "Remove the message from the stack if needed" (braze-swift-sdk, InAppMessageUI.swift,
            // `prepareAndPresent`): an earlier firing of the message that waits there is done.
            stack.remove(slot)
            if screen.isShowingMessage, rules.screen.replacesVisibleMessage(with: presentation) { dismissToReplace() }
            screen.show(
                presentation,
                at: now,
                awaitingImpression: analytics.awaitsScreenTime(presentation),
                keepingOthers: rules.screen.showsBeside
            )
            // Room for the display and its impression, made once.
            observations.reserveCapacity(observations.count + 2)
            observations.append(
                .displayed(id, extras: rules.screen.extrasReachTheApp ? presentation.message.extras : [:])
            )
            if let triggerTime = presentation.triggerTime {
                clocks.recordDisplay(of: slot, at: now, triggeredAt: triggerTime, delivery: presentation.delivery)
                if presentation.triggeredBySessionStart, rules.triggers.sessionStartDisplaysOncePerDay,
                    rules.reeligibility.countedFrom != .lastImpression
                {
                    lastSessionStartDisplay = now
                }
                if presentation.triggeredBySessionStart { sessionStartWindowEnd = nil }
            } else {
                clocks.recordLocalDisplay(at: now)
            }
            let started = analytics.displayStarted(
                presentation,
                besideOthers: rules.screen.showsBeside && screen.ids.count > 1
            )
            if case .impressionLogged? = started { recordImpressionClocks(of: presentation) }
            observe(started)
        case .stack(.messageVisible)
        where presentation.takenByApp && !rules.profile.displayNextRestacksBehindVisibleMessage:
            // Swift `presentNext()`: `validateNoMessagePresented` with no destination only logs;
            // the message stays where it was on the stack (braze-swift-sdk, InAppMessageUI.swift).
            stack.restore(presentation)
        case .stack(.messageVisible) where followUp.isArmed && !presentation.takenByApp:
            // `present(message:)` while a click of the message on screen is processed
            // (braze-swift-sdk, InAppMessageUI.swift); `presentNext()` holds nothing.
            holdAsFollowUp(presentation)
        case .stack(let reason):
            var waiting = presentation
            let impression = analytics.stacked(&waiting, for: reason)
            stack.putBack(waiting)
            if presentation.triggerTime != nil { clocks.recordStacking(at: now) }
            let waitsForAFreeScreen = reason == .messageVisible || reason == .background
            if !(rules.stack.waitingShownOnceScreenIsFree && waitsForAFreeScreen) {
                observations.append(.stacked(id, reason: reason))
            }
            if let impression {
                observations.append(impression)
                recordImpressionClocks(of: waiting)
            }
        case .discard(let reason):
            // "After being discarded, the in-app message may be triggered later by another
            // instance of the trigger event" (seed 000, translated).
            if rules.reeligibility.discardedMessagesRetriggerable {
                inFlight.remove(slot)
            } else {
                discardedForGood.insert(slot)
            }
            if presentation.triggerTime != nil { clocks.recordDiscard(for: reason, at: now) }
            if !rules.presenter.silentDiscards.contains(reason) {
                observations.append(.discarded(id, reason: reason))
            }
        case .rollBack:
            // Legacy `ABKReenqueueInAppMessage`: "as if it never occurred" (semantics notes, 15);
            // no clock moved, and the message stays eligible.
            inFlight.remove(slot)
            clocks.recordRollback(of: slot, at: now)
            observations.append(.rolledBack(id))
        case .awaitAssets:
            awaitingAssets[slot] = presentation
        case .drop:
            inFlight.remove(slot)
        }
    }

    /// A pending download settles; a message waiting for it is discarded, or gets a new display
    /// attempt from the first check (so a slow download can still time out).
    mutating func settleAssets(of id: MessageID, succeeded: Bool) {
        // A message the engine never met has no download to settle, and nothing waits for one.
        guard let slot = slots.slot(of: id) else { return }
        assets.settle(slot, succeeded: succeeded)
        guard let waiting = awaitingAssets.removeValue(at: slot) else { return }
        if succeeded || !rules.presenter.failedAssetsDiscard {
            attemptDisplay(waiting)
        } else {
            inFlight.remove(slot)
            if waiting.triggerTime != nil { clocks.recordDiscard(for: .assetFailed, at: now) }
            if !rules.presenter.silentDiscards.contains(.assetFailed) {
                observations.append(.discarded(id, reason: .assetFailed))
            }
        }
    }

    /// From now on the display delegate answers `choice` for the message.
    ///
    /// Throws ``EngineError`` for `rollback` under a profile that has no such choice (the Swift
    /// SDK's delegate can only answer `.now`, `.reenqueue` or `.discard`).
    mutating func setDelegateChoice(_ choice: DisplayChoice, for id: MessageID) throws {
        guard choice != .rollback || rules.profile.allowsRollback else {
            throw EngineError("message \(id): the rollback display choice exists only in the appboy-legacy profile")
        }
        delegateChoices[slots.slot(adding: id)] = choice
    }

    /// A message takes the screen (``ScreenRules/replacesVisibleMessage(with:)``): each message on
    /// it is dismissed, observed as the user's dismissal would be, and a click's follow-up goes
    /// with it.
    private mutating func dismissToReplace() {
        for leaving in screen.presentations {
            observations.append(.dismissed(leaving.id))
            if !leaving.isLocal { clocks.recordDismissal(of: leaving.slot, at: now) }
        }
        clear(.visibleMessage)
    }

    /// Whether a message is in the way of another as the presenter sees it: one on screen, or, under
    /// ``ScreenRules/messageAwaitingAssetsBlocksOthers``, one waiting for its assets.
    var isMessageVisible: Bool {
        screen.isShowingMessage || (rules.screen.messageAwaitingAssetsBlocksOthers && !awaitingAssets.isEmpty)
    }

    private func displayConditions(for slot: Int) -> DisplayAttempt.Conditions {
        DisplayAttempt.Conditions(
            now: now,
            appInForeground: appInForeground,
            messageVisible: isMessageVisible,
            pageBlocked: rules.screen.slideUpsShownBeside
                && screen.presentations.contains { ScreenRules.blocksPage($0.message.type) },
            keyboardUp: keyboardUp,
            delegate: configuration.delegate,
            delegateChoice: delegateChoices[slot] ?? .now,
            device: configuration.device,
            deviceOrientation: deviceOrientation,
            assets: assets.status(of: slot)
        )
    }
}
