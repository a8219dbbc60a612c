import IAMSpec

/// What protocol 2 added for the settings of a campaign, the app and the user
/// (`Specs/PROTOCOL.md`, "Versions"): message keys, the `push_open` stimulus, the `dismissed`
/// observation and the capabilities that announce them. Protocol 1 carries none of them.
extension ProtocolVersion {
    /// The capabilities that only protocol 2 can declare; a case that requires one is skipped for
    /// a protocol-1 engine.
    package static let capabilitiesSinceV2: Set<Capability> = [
        .messageInterval, .campaignWindow, .controlMessages, .pushOpen, .dismissals, .assetRedelivery,
    ]

    /// Whether this version knows the capability.
    package func knows(_ capability: Capability) -> Bool {
        self >= .v2 || !Self.capabilitiesSinceV2.contains(capability)
    }

    /// Whether this version can carry the observation: `dismissed` came with protocol 2.
    package func carries(_ observation: Observation) -> Bool {
        guard case .dismissed = observation else { return true }
        return self >= .v2
    }

    /// Whether this version can carry a stimulus of the kind: one whose capability it knows.
    package func carries(_ kind: StimulusKind) -> Bool {
        kind.capability.map(knows) ?? true
    }

    /// Whether messages carry `minimum_trigger_interval_ms`, `start_ms`, `end_ms`, `control`,
    /// `image_later_deliveries` and `zip_later_deliveries`.
    package var carriesCampaignSettings: Bool { self >= .v2 }

    /// The names this version gives the capabilities.
    package var capabilityNames: [String] {
        Capability.allCases.filter(knows).map(\.rawValue)
    }
}
