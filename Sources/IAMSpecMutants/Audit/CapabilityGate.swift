import IAMSpec

/// How exact a capability's gate is: measured by the capability audit, or exact by construction.
///
/// A capability that stands for something a case writes (a step kind, a message or config key, an
/// observation it reads) gates exactly the runs that write it: an engine without it cannot be
/// sent the case, or cannot make the observation the case reads. A behavioural capability stands
/// for what an engine does with what it was sent; the loader derives from the case whether that
/// behaviour can change its outcome, and only the audit can tell how exactly.
package enum CapabilityGate: Sendable, Hashable {
    /// The capability is behaviour; the audit measures its gate against its variants.
    case behaviour
    /// The capability is something a case writes; the text says what.
    case exact(String)

    /// The behavioural capabilities, in the order the audit reports them.
    package static let behavioural: [Capability] = Capability.allCases.filter { of($0) == .behaviour }

    /// The gate of the capability.
    package static func of(_ capability: Capability) -> CapabilityGate {
        switch capability {
        case .priority, .minimumInterval: .behaviour
        case .keyboard, .localMessages, .pushClick, .pushOpen, .displayNext, .userChange, .dataWipe:
            .exact("a step kind")
        case .delegateNow, .delegateLater, .delegateDiscard, .delegateRollback: .exact("a step's choice")
        case .appLifecycle: .exact("a step kind, or an observation's reason")
        case .sessionSync: .exact("a step kind or setting")
        case .delegate: .exact("a config key, or a step kind")
        case .orientation: .exact("a step kind, a message key, or a config setting")
        case .assets: .exact("a step kind, a message key's value, or an observation's reason")
        case .timeout: .exact("a message key, or an observation's reason")
        case .analytics, .dismissals, .noMatchingTrigger: .exact("an observation kind the case reads")
        case .extras: .exact("an observation's detail the case reads")
        case .stackInspection: .exact("an expectation key")
        case .messageInterval, .campaignWindow, .controlMessages, .delay, .reeligibility, .testSends:
            .exact("a message key")
        case .assetRedelivery: .exact("a message key's form")
        case .triggerSessionStart, .triggerAnyPurchase, .triggerPurchase, .triggerCustomEvent, .triggerPushClick:
            .exact("a trigger kind")
        case .propertyFilters: .exact("a trigger key")
        }
    }
}
