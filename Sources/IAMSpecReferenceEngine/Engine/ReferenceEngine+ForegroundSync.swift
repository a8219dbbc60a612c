import IAMSpec

extension ReferenceEngine {
    /// The app comes to the foreground (or a push click opens it), under rules whose foreground
    /// offers the stack's top only when the engine syncs
    /// (``StackRules/Moments/appForegroundedPastSyncInterval``): once the minimum interval and
    /// ``StackRules/syncIntervalMargin`` have passed since the last sync, the engine syncs and the
    /// top is offered if nothing is on screen; sooner, nothing happens.
    mutating func syncAtAppForeground() {
        guard rules.stack.topOfferedAt.contains(.appForegroundedPastSyncInterval) else { return }
        if let last = lastSync {
            let wait = selection.minimumInterval + rules.stack.syncIntervalMargin
            guard case .at(let due) = last.later(by: wait), due <= now else { return }
        }
        lastSync = now
        // Iterable's `processMergedMessages` offers the messages only when the app is ready
        // (`getAppIsReady`: active, no in-app showing); otherwise the sync only keeps them.
        guard !isMessageVisible else { return }
        offerTopOfStack(at: .appForegroundedPastSyncInterval)
    }
}
