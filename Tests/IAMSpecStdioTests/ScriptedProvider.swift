import IAMSpec
import IAMSpecTesting

@testable import IAMSpecStdio

/// A small in-test engine whose answers cover every observation kind, every reply type and
/// every way a provider declines or fails, so a trip through the protocol can be compared with
/// calling it directly.
struct ScriptedProvider: EngineProvider {
    var description: EngineDescription {
        EngineDescription(
            name: "scripted",
            version: "0.0.1",
            profiles: [.brazeSwift],
            capabilities: [.analytics, .stackInspection]
        )
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        if setup.caseID.hasPrefix("skip") { throw CaseSkipped(reason: "scripted engines skip \(setup.caseID)") }
        if setup.caseID.hasPrefix("broken") { throw EngineError("no engine for \(setup.caseID)") }
        return ScriptedEngine(setup: setup)
    }
}

/// The engine of ``ScriptedProvider``: each stimulus maps to fixed observations.
struct ScriptedEngine: DeliveryEngine {
    let setup: EngineSetup
    var stack: [MessageID] = []

    mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
        switch stimulus {
        case .sessionStarted:
            let first = setup.messages.first
            return first.map { [.displayed($0.id, extras: $0.extras), .impressionLogged($0.id)] } ?? []
        case .customEvent(let event):
            return [.noMatchingTrigger(.customEvent(name: event.name))]
        case .purchase(let purchase):
            stack.insert(purchase.product, at: 0)
            return [
                .noMatchingTrigger(.purchase(product: purchase.product)),
                .stacked(purchase.product, reason: .messageVisible),
            ]
        case .pushClicked(let campaign):
            return [.noMatchingTrigger(.pushClick(campaign: campaign)), .noMatchingTrigger(.sessionStart)]
        case .messageDismissed(let id):
            return [.discarded(id, reason: .timeout), .discarded(id, reason: .missingImage)]
        case .messageClicked(let id):
            return [.clickLogged(id)]
        case .delegateChoiceSet(let id, _):
            return [.rolledBack(id)]
        case .localMessagePresented(let message):
            return [.displayed(message.id, extras: message.extras)]
        case .stackInspected:
            return [.stack(stack)]
        case .userChanged(let user):
            throw EngineError("cannot change to \(user)")
        case .keyboardShown:
            throw CaseSkipped(reason: "scripted engines have no keyboard")
        default:
            return []
        }
    }
}
