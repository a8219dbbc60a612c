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

    /// Reads the keys that are present; a missing one leaves the setting at its default.
    package static func decodeCampaignSettings(
        _ object: WireObject,
        into message: inout InAppMessage
    ) throws(WireFormatError) {
        message.minimumTriggerInterval = try object.optionalField("minimum_trigger_interval_ms")?.orNull?.milliseconds()
        message.start = try object.optionalField("start_ms")?.orNull?.milliseconds()
        message.end = try object.optionalField("end_ms")?.orNull?.milliseconds()
        message.isControl = try object.optionalField("control")?.boolean() ?? false
        message.imageOnLaterDeliveries = try outcomes(object.optionalField("image_later_deliveries"))
        message.zipOnLaterDeliveries = try outcomes(object.optionalField("zip_later_deliveries"))
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
