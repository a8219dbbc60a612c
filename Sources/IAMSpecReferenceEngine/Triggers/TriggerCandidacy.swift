package import IAMSpec

/// Whether a trigger event makes a message a candidate, as the reference rules of one profile
/// read it: a trigger of the message matches the event (kind; name, product or campaign; property
/// filters) and the event falls in the message's campaign window.
///
/// For the loader, which must know before any engine runs which stimuli of a case can make a
/// message a candidate (Specs/README.md, "Capabilities"). Whether the candidate is still eligible,
/// or held back by the minimum interval, is not its concern.
package struct TriggerCandidacy {
    private let matching: TriggerMatching
    private let selection: CandidateSelection

    /// The candidacy of the messages under the profile's reference rules.
    ///
    /// - Throws: ``EngineError`` when a filter's regular expression does not compile.
    package init(messages: [InAppMessage], profile: Profile) throws {
        let rules = DeliveryRules.reference(for: profile)
        matching = TriggerMatching(
            rules: rules.triggers,
            filters: PropertyFilterEvaluation(regexes: try RegexLibrary(messages: messages), rules: rules.filters)
        )
        selection = CandidateSelection(
            minimumInterval: .zero,
            rules: rules.selection,
            interval: rules.interval,
            reeligibility: rules.reeligibility,
            campaign: rules.campaign
        )
    }

    /// Whether the event, with these properties, logged at `time`, makes the message a candidate.
    package func makesCandidate(
        _ message: InAppMessage,
        _ event: TriggerEvent,
        properties: [String: PropertyValue],
        at time: VirtualTime
    ) -> Bool {
        matching.matches(message, LoggedEvent(event: event, properties: properties), at: time)
            && selection.isWithinCampaign(message, at: time)
    }
}
