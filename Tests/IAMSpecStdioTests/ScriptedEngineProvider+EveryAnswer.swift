import IAMSpec
import IAMSpecTesting

extension ScriptedEngineProvider {
    /// A scripted engine whose answers cover every observation kind, every reply type and every
    /// way a provider declines or fails, so a trip through the protocol can be compared with
    /// calling it directly: cases whose id starts with `skip` are declined, those starting with
    /// `broken` get no engine; a user change is an engine error and the keyboard is declined.
    static func everyAnswer() -> ScriptedEngineProvider {
        ScriptedEngineProvider(
            version: "0.0.1",
            profiles: [.brazeSwift],
            capabilities: [.analytics, .stackInspection],
            skip: { setup in setup.caseID.hasPrefix("skip") ? "scripted engines skip \(setup.caseID)" : nil },
            fail: { setup in setup.caseID.hasPrefix("broken") ? "no engine for \(setup.caseID)" : nil },
            respond: { stimulus, setup in
                switch stimulus {
                case .sessionStarted:
                    .observations(
                        setup.messages.first.map { [.displayed($0.id, extras: $0.extras), .impressionLogged($0.id)] }
                            ?? []
                    )
                case .customEvent(let event):
                    [.noMatchingTrigger(.customEvent(name: event.name))]
                case .purchase(let purchase):
                    [
                        .noMatchingTrigger(.purchase(product: purchase.product)),
                        .stacked(purchase.product, reason: .messageVisible),
                    ]
                case .pushClicked(let campaign):
                    [.noMatchingTrigger(.pushClick(campaign: campaign)), .noMatchingTrigger(.sessionStart)]
                case .messageDismissed(let id):
                    [.discarded(id, reason: .timeout), .discarded(id, reason: .missingImage)]
                case .messageClicked(let id):
                    [.clickLogged(id)]
                case .delegateChoiceSet(let id, _):
                    [.rolledBack(id)]
                case .localMessagePresented(let message):
                    [.displayed(message.id, extras: message.extras)]
                case .stackInspected:
                    [.stack(setup.messages.map(\.id))]
                case .userChanged(let user):
                    throw EngineError("cannot change to \(user)")
                case .keyboardShown:
                    .unsupported(reason: "scripted engines have no keyboard")
                default:
                    []
                }
            }
        )
    }
}
