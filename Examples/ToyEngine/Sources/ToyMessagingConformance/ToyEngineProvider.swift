import IAMSpec
import ToyMessaging

/// Makes a fresh toy messenger for each case run, and says what it can do.
///
/// The toy SDK follows the Braze Swift SDK's rules and reports nothing iamspec could inspect
/// beyond what it shows (no analytics, no stack, no keyboard, ...): it declares one profile and no
/// capability, and lacks push clicks, `display_next` and the app's lifecycle (`lacking:
/// [.pushClick, .displayNext, .appLifecycle]`), so iamspec skips, with the reason, every case that
/// needs more. A case whose messages use what the toy SDK has no notion of (other
/// triggers, property filters, a delay, assets, ...) is declined with ``CaseSkipped``.
public struct ToyEngineProvider: EngineProvider {
    public init() {}

    public var description: EngineDescription {
        EngineDescription(
            name: "toy-messenger",
            version: "1.0.0",
            profiles: [.brazeSwift],
            capabilities: [],
            lacking: [.pushClick, .displayNext, .appLifecycle]
        )
    }

    public func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let interval = setup.configuration.minimumTriggerInterval.milliseconds
        return ToyEngineAdapter(
            messenger: ToyMessenger(minimumInterval: .milliseconds(interval)),
            messages: try setup.messages.map(Self.toyMessage)
        )
    }

    /// The message as the toy SDK receives it, or ``CaseSkipped`` naming what it cannot represent.
    static func toyMessage(_ message: InAppMessage) throws -> ToyMessage {
        func decline(_ what: String) -> CaseSkipped {
            CaseSkipped(reason: "the toy engine has no \(what) (message \(message.id))")
        }
        guard message.delay == .zero else { throw decline("display delay") }
        guard message.image == nil, message.zip == nil else { throw decline("asset downloads") }
        guard message.orientation == .any else { throw decline("orientation rule") }
        guard message.reeligibility == nil else { throw decline("re-eligibility") }
        let triggers = try message.triggers.map { trigger -> ToyMessage.Trigger in
            switch trigger {
            case .sessionStart: return .sessionStart
            case .customEvent(let name, let filters) where filters.groups.isEmpty: return .event(name)
            case .customEvent: throw decline("property filters")
            case .anyPurchase, .specificPurchase: throw decline("purchase triggers")
            case .pushClick: throw decline("push-click triggers")
            }
        }
        return ToyMessage(
            id: message.id,
            priority: message.priority,
            triggers: triggers,
            payload: message.extras,
            isTestSend: message.isTestSend
        )
    }
}

/// One toy messenger, driven by iamspec's stimuli on a virtual clock.
struct ToyEngineAdapter: DeliveryEngine {
    var messenger: ToyMessenger
    /// What the server delivers at each session start.
    let messages: [ToyMessage]
    /// Virtual time: it moves only when iamspec advances it.
    var now = Duration.zero

    mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
        switch stimulus {
        case .sessionStarted(syncPending: false):
            return try observations(messenger.startSession(receiving: messages, at: now))
        case .customEvent(let event) where event.source == .api:
            // An event logged through the REST API never reaches the SDK on the device.
            return []
        case .customEvent(let event):
            return try observations(messenger.logEvent(named: event.name, at: now))
        case .timeAdvanced(let span):
            now += .milliseconds(span.milliseconds)
            return []
        case .messageDismissed(let id):
            messenger.dismiss(id)
            return []
        case .sessionEnded:
            // The toy SDK keeps nothing per session: the end of one changes nothing.
            return []
        default:
            throw EngineError("the toy engine does not support the stimulus \(stimulus)")
        }
    }

    private func observations(_ outcome: ToyMessenger.Outcome) throws -> [Observation] {
        switch outcome {
        case .nothing:
            return []
        case .shown(let message):
            return [.displayed(message.id, extras: message.payload)]
        case .busy(let winner, let onScreen):
            // The rules stack the winner; the toy SDK has no stack, so the run cannot be judged.
            throw EngineError("the toy engine has no stack: \(winner.id) was triggered while \(onScreen) is on screen")
        }
    }
}
