import IAMSpec

/// Where each message's image and zip downloads stand.
///
/// "Upon delivery, the SDK will pre-fetch assets" (seed 003): a download starts as the message
/// says (succeeds, fails or pending) when it is delivered or presented, and a pending one settles
/// with an `asset_download` stimulus, whether or not the message has been triggered yet.
struct AssetDownloads {
    /// What a display attempt sees of a message's assets.
    enum Status: Sendable, Hashable {
        /// Every asset the message has is downloaded (or it has none).
        case ready
        /// An image or zip download failed.
        case failed
        /// A download is still in flight.
        case pending
    }

    private struct Downloads {
        var image: AssetOutcome?
        var zip: AssetOutcome?
    }

    /// Each message's downloads, at its slot (``MessageSlots``).
    private var downloads = PerMessage<Downloads>()

    /// Starts the downloads of the message at the slot afresh, with the outcomes the message gives
    /// for that delivery (1 for the first; a local message is delivered once).
    mutating func start(for message: InAppMessage, slot: Int, delivery: Int) {
        downloads[slot] = Downloads(
            image: message.imageOutcome(atDelivery: delivery),
            zip: message.zipOutcome(atDelivery: delivery)
        )
    }

    /// Makes room for the downloads of the first `count` slots, so that a delivery starting them
    /// all grows the table once.
    mutating func reserveCapacity(_ count: Int) {
        downloads.reserveCapacity(count)
    }

    /// Whether the message's downloads were ever started.
    func knows(_ slot: Int) -> Bool {
        downloads[slot] != nil
    }

    /// Settles every pending download of the message with the outcome.
    mutating func settle(_ slot: Int, succeeded: Bool) {
        guard var current = downloads[slot] else { return }
        let outcome: AssetOutcome = succeeded ? .succeeds : .fails
        if current.image == .pending { current.image = outcome }
        if current.zip == .pending { current.zip = outcome }
        downloads[slot] = current
    }

    /// A failed download decides first; then a pending one; else the assets are ready.
    func status(of slot: Int) -> Status {
        guard let current = downloads[slot] else { return .ready }
        if current.image == .fails || current.zip == .fails { return .failed }
        if current.image == .pending || current.zip == .pending { return .pending }
        return .ready
    }
}
