import IAMSpec

/// The states in which Specs/README.md ("Steps") defines the steps that need one: `sync_complete`
/// completes a session-start sync that is pending, `foreground` brings back an app in the
/// background, `session_start` starts a session in an app in the foreground (a session starts as
/// the app opens), and `asset_download` settles a download that is pending (of a message delivered by
/// the last session start, with a `pending` image or zip, not settled since). The generator sends
/// no step outside its state, and the shrinker keeps none (``Scenario/isWellFormed``), so that no
/// case it writes asks what the documents leave undefined.
struct DocumentedStates {
    /// The messages whose downloads a delivery can leave pending.
    private let withPendingAssets: Set<MessageID>
    private var syncPending = false
    private var inBackground = false
    private var pendingDownloads: Set<MessageID> = []

    /// The states at the start of a scenario of `messages`: no session, the app in the foreground.
    init(messages: [InAppMessage]) {
        withPendingAssets = Set(
            messages.filter { message in
                ([message.image, message.zip].contains(.pending) || message.imageOnLaterDeliveries.contains(.pending)
                    || message.zipOnLaterDeliveries.contains(.pending))
            }
            .map(\.id)
        )
    }

    /// Whether the documents define `stimulus` in the current state.
    func allows(_ stimulus: Stimulus) -> Bool {
        if case .sessionSyncCompleted = stimulus { return syncPending }
        if case .appForegrounded = stimulus { return inBackground }
        if case .sessionStarted = stimulus { return !inBackground }
        if case .assetDownloadSettled(let message, _) = stimulus { return pendingDownloads.contains(message) }
        return true
    }

    /// The states after `stimulus`.
    mutating func send(_ stimulus: Stimulus) {
        if case .sessionStarted(let pending) = stimulus {
            syncPending = pending
            pendingDownloads = withPendingAssets
        }
        if case .appOpenedFromPush = stimulus {
            pendingDownloads = withPendingAssets
            inBackground = false
        }
        if case .sessionSyncCompleted = stimulus { syncPending = false }
        if case .appBackgrounded = stimulus { inBackground = true }
        if case .appForegrounded = stimulus { inBackground = false }
        if case .pushClicked = stimulus { inBackground = false }
        if case .appRelaunched = stimulus { inBackground = false }
        if case .assetDownloadSettled(let message, _) = stimulus { pendingDownloads.remove(message) }
    }
}
