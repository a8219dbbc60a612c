import IAMSpec
import IAMSpecExplanation

/// Short names for the messages and stimuli of hand-written scenarios.
enum Build {
    static let tap = Trigger.customEvent(name: "tap", filters: PropertyFilters())
    static let level = Trigger.customEvent(name: "level", filters: PropertyFilters())

    /// A `tap` trigger with one condition.
    static func tap(_ property: String, _ comparison: PropertyComparison) -> Trigger {
        .customEvent(
            name: "tap",
            filters: PropertyFilters(groups: [[PropertyCondition(property: property, comparison: comparison)]])
        )
    }

    static func message(
        _ id: MessageID,
        _ triggers: Trigger...,
        change: (inout InAppMessage) -> Void = { _ in }
    )
        -> InAppMessage
    {
        var message = InAppMessage(id: id, triggers: triggers)
        change(&message)
        return message
    }

    static func event(
        _ name: String,
        _ properties: [String: PropertyValue] = [:],
        source: EventSource = .sdk
    )
        -> Stimulus
    {
        .customEvent(CustomEvent(name: name, properties: properties, source: source))
    }

    static let start = Stimulus.sessionStarted(syncPending: false)

    static func advance(_ seconds: Int64) -> Stimulus {
        .timeAdvanced(by: .seconds(seconds))
    }

    static func scenario(
        _ messages: [InAppMessage],
        _ stimuli: [Stimulus],
        profile: Profile = .brazeSwift,
        configuration: EngineConfiguration = EngineConfiguration()
    ) -> Scenario {
        Scenario(profile: profile, configuration: configuration, messages: messages, stimuli: stimuli)
    }

    /// A configuration with no minimum interval.
    static let noInterval = EngineConfiguration(minimumTriggerInterval: .zero)
}
