import IAMSpecReferenceEngine

/// A mutant engine: the reference engine with exactly one rule broken.
///
/// The conformance suite "kills" a mutant when a case that passes on the reference engine fails
/// (or errors) on it; a mutant that survives points at a rule the suite does not pin down.
public struct Mutant: Sendable, Hashable, Identifiable {
    /// The broken rule, as the reference engine applies it.
    package let mutation: Mutation

    /// The mutant's stable id, as `mutant:<id>` names it on the command line.
    public var id: String { mutation.rawValue }

    /// One line: the rule this mutant breaks, and how.
    public var summary: String { MutantCatalogue.summary(of: mutation) }

    /// The id, in `Specs/rules.yaml`, of the rule this mutant breaks.
    public var rule: String { MutantCatalogue.rule(of: mutation) }

    package init(_ mutation: Mutation) {
        self.mutation = mutation
    }
}
