import IAMSpec

/// The message keys protocol 2 added (`Specs/PROTOCOL.md`, "messages"): a message's own minimum
/// interval, its campaign window, its control group, and its assets' outcomes at later deliveries.
extension WireCodec {
    /// The keys, every one always present in protocol 2 (``write(_:version:to:)`` writes them),
    /// `null` where the message has no such setting.
    package static let campaignSettingKeys = [
        "minimum_trigger_interval_ms", "start_ms", "end_ms", "control", "image_later_deliveries",
        "zip_later_deliveries",
    ]

    /// A message's settings of these keys, each at its default until read.
    struct CampaignSettings {
        var minimumTriggerInterval: VirtualTime?
        var start: VirtualTime?
        var end: VirtualTime?
        var isControl = false
        var imageOnLaterDeliveries: [AssetOutcome] = []
        var zipOnLaterDeliveries: [AssetOutcome] = []
    }

    /// Reads the keys that are present; a missing one leaves the setting at its default. Read
    /// apart from the message, which is then made with them at once: each of its setters for them
    /// would box its seldom-set settings anew.
    static func decodeCampaignSettings(_ object: WireObject) throws(WireFormatError) -> CampaignSettings {
        CampaignSettings(
            minimumTriggerInterval: try object.optionalField("minimum_trigger_interval_ms")?.orNull?.milliseconds(),
            start: try object.optionalField("start_ms")?.orNull?.milliseconds(),
            end: try object.optionalField("end_ms")?.orNull?.milliseconds(),
            isControl: try object.optionalField("control")?.boolean() ?? false,
            imageOnLaterDeliveries: try outcomes(object.optionalField("image_later_deliveries")),
            zipOnLaterDeliveries: try outcomes(object.optionalField("zip_later_deliveries"))
        )
    }

    private static func outcomes(_ value: WireValue?) throws(WireFormatError) -> [AssetOutcome] {
        guard let value else { return [] }
        var outcomes: [AssetOutcome] = []
        for element in try value.array() {
            outcomes.append(try element.choice(AssetOutcome.self))
        }
        return outcomes
    }
}
