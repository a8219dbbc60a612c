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

    /// The behavioural capabilities, in the order the audit reports them: those the loader derives
    /// from what a case's timeline makes possible (`BehaviourNeeds`); every other capability stands
    /// for what a case writes or reads, as its ``Capability/neededBy`` words say.
    package static let behavioural: [Capability] = [.priority, .minimumInterval, .clickFollowUp]

    /// The gate of the capability.
    package static func of(_ capability: Capability) -> CapabilityGate {
        behavioural.contains(capability) ? .behaviour : .exact(capability.neededBy)
    }
}
