import IAMSpec
import IAMSpecRunner

/// One generated run of an engine: a setup and the stimuli to send, without expectations.
///
/// Fuzzing runs the same scenario on two engines and compares what they observe; a scenario on
/// which they differ becomes a case whose expectations are one engine's observations.
package struct Scenario: Sendable, Hashable {
    package var profile: Profile
    package var configuration: EngineConfiguration
    /// The messages delivered at each session start, in delivered order.
    package var messages: [InAppMessage]
    package var stimuli: [Stimulus]
    /// The id the scenario runs as (an engine may seed its choices by it): that of the case
    /// written from it, when one is.
    package var caseID = "fuzz"

    package init(profile: Profile, configuration: EngineConfiguration, messages: [InAppMessage], stimuli: [Stimulus]) {
        self.profile = profile
        self.configuration = configuration
        self.messages = messages
        self.stimuli = stimuli
    }

    /// The run of `specCase` under `profile` as a scenario: its setup and the stimuli it sends (a
    /// stack inspection where the case reads the stack, when `inspectingTheStack`), run under the
    /// case's id.
    package init(running specCase: SpecCase, profile: Profile, inspectingTheStack: Bool) {
        self.init(
            profile: profile,
            configuration: specCase.configuration,
            messages: specCase.messages,
            stimuli: CaseExecutor.requests(of: specCase.steps, inspectingTheStack: inspectingTheStack)
        )
        caseID = specCase.id
    }

    /// The engine setup of one run of this scenario.
    package func setup(caseID: String) -> EngineSetup {
        EngineSetup(caseID: caseID, profile: profile, configuration: configuration, messages: messages)
    }

    /// A measure of size for shrinking: fewer stimuli, messages and settings is smaller.
    package var size: Int {
        stimuli.count * 4 + messages.count * 4 + messages.map(\.settingCount).reduce(0, +)
            + stimuli.map(\.settingCount).reduce(0, +) + configuration.settingCount
    }

    /// The capabilities an engine needs to run the scenario's setup and stimuli, as the loader
    /// derives them for a case (`CapabilityNeeds`); the expectations written may add some.
    package var usedCapabilities: Set<Capability> {
        let place = SourceLocation(file: "scenario", line: 1, column: 1)
        let steps = stimuli.map { Step(.stimulus($0), location: place) }
        return CapabilityNeeds.of(
            SpecCase(
                id: "scenario",
                title: "",
                rules: [],
                configuration: configuration,
                messages: messages,
                steps: steps,
                location: place
            )
        )
    }

    /// Whether a case written from the scenario is valid and every step is sent in a state
    /// Specs/README.md defines it for: every step names a delivered message or an earlier local
    /// one, delegate choices have a delegate, rollback only in the legacy profile, and
    /// ``DocumentedStates`` holds at each step.
    package var isWellFormed: Bool {
        var known = Set(messages.map(\.id))
        guard known.count == messages.count else { return false }
        var states = DocumentedStates(messages: messages)
        for stimulus in stimuli {
            guard states.allows(stimulus) else { return false }
            states.send(stimulus)
            let (kind, values) = stimulus.parts
            if kind.requirement == .delegate, configuration.delegate != .implemented { return false }
            for (field, value) in zip(kind.fields, values) {
                switch field.content {
                case .localMessage:
                    guard !known.contains(value.message.id) else { return false }
                    known.insert(value.message.id)
                case .message:
                    guard known.contains(value.text) else { return false }
                case .choice(let choice):
                    let profiles = choice.position(of: value.text).flatMap { choice.options[$0].profiles }
                    guard profiles?.contains(profile) ?? true else { return false }
                case .text, .span, .number, .properties:
                    continue
                }
            }
        }
        return true
    }
}

extension InAppMessage {
    /// How many settings differ from the defaults (for shrinking).
    var settingCount: Int {
        let settings: [Bool] = [
            type != .slideup, priority != 0, orientation != .any, image != nil, zip != nil, !extras.isEmpty,
            delay != .zero, timeout != nil, reeligibility != nil, isTestSend, minimumTriggerInterval != nil,
            start != nil, end != nil, isControl, !imageOnLaterDeliveries.isEmpty, !zipOnLaterDeliveries.isEmpty,
        ]
        return settings.filter { $0 }.count + triggers.count
            + triggers.map(\.filterConditionCount).reduce(0, +)
    }
}

extension Trigger {
    var filterConditionCount: Int {
        switch self {
        case .specificPurchase(_, let filters), .customEvent(_, let filters): filters.groups.joined().count
        case .anyPurchase, .sessionStart, .pushClick: 0
        }
    }
}

extension Stimulus {
    /// How far the stimulus is from its simplest form: one for each value that is not its field's
    /// default, one for each property, a span's seconds, a local message's settings.
    var settingCount: Int {
        let (kind, values) = parts
        var count = 0
        for (field, value) in zip(kind.fields, values) {
            switch value {
            case .properties(let properties): count += properties.count
            case .span(let span): count += Int(min(span.milliseconds / 1000, 10_000))
            case .message(let message): count += message.settingCount
            case .text, .absent, .number: count += field.fallback.map { $0 == value ? 0 : 1 } ?? 0
            }
        }
        return count
    }
}

extension EngineConfiguration {
    var settingCount: Int {
        [minimumTriggerInterval != .seconds(30), device != .phone, orientation != .portrait, delegate != .absent]
            .filter { $0 }.count
    }
}
