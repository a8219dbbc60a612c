package import IAMSpec

/// A provider of engines of the reference rules (the reference engine's, a behaviour's) that can
/// make them as an engine without some capabilities makes them (``LackedCapabilities``): how a
/// replay for an engine that declares them lacking goes without them.
package protocol ReferenceRulesProvider: EngineProvider {
    /// The same provider, whose engines lack `capabilities` besides.
    func lacking(_ capabilities: Set<Capability>) -> any EngineProvider
}
