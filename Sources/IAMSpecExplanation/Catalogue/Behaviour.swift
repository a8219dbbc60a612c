import IAMSpec
import IAMSpecReferenceEngine

/// A behaviour a real engine may have instead of a rule: the reference engine with exactly one
/// rule changed, named, said in one sentence, and tied to the rule it departs from.
///
/// Every entry of ``BehaviourCatalogue`` is used three ways:
/// - as a **mutant** (`iamspec mutate`): the suite must kill it, a case that passes on the
///   reference engine failing on it;
/// - as a **capability variant**, when it is what an engine that lacks a behavioural capability
///   does (``lacks``): `iamspec lint` runs every case on it to prove which cases need that
///   capability;
/// - as an **explanation**: a failing engine's run that the behaviour reproduces is reported
///   under its sentence.
///
/// Two behaviours are the same when their ids are.
package struct Behaviour: Sendable, Hashable, Identifiable {
    /// The behaviour's stable id, as `mutant:<id>` names it on the command line.
    package let id: String

    /// The id, in `Specs/rules.yaml`, of the rule this behaviour departs from.
    package let rule: String

    /// One line: what an engine with this behaviour does instead of the rule.
    package let summary: String

    /// The public SDK code the behaviour was found in, cited (repository@commit, file, function),
    /// as the field's pages show it beside the name; nil when the entry cites none.
    package let source: String?

    /// The behavioural capability (`Capability.behavioural`) an engine with this behaviour lacks,
    /// if it is one of the ways to lack one; nil for a behaviour that only breaks its rule.
    package let lacks: Capability?

    /// The behavioural capabilities (`Capability.behavioural`) this behaviour's engine has, in a
    /// way of its own: it reads what each stands for (a message's priority, upside down; the
    /// minimum interval, from another moment), so it is no hypothesis for an engine that declares
    /// it lacks one (an engine without priority reads none, the wrong way up or not).
    package let presupposes: Set<Capability>

    /// The behaviours this one refines: it changes nothing without one of them (it is the
    /// reference rules alone), so the catalogue has it only joined to each
    /// (``BehaviourCatalogue/all``). Empty for a behaviour that departs from its rule alone.
    package let refines: [String]

    /// How the behaviour's engine reads a run's setup (the identity for most behaviours).
    private let setupChange: @Sendable (inout EngineSetup) -> Void
    /// How the behaviour's engine changes the reference rules.
    private let rulesChange: @Sendable (inout DeliveryRules) -> Void

    /// The rules its engines apply under each profile: the reference ones with this behaviour's change.
    private let brazeSwiftRules: DeliveryRules
    private let appboyLegacyRules: DeliveryRules

    /// A behaviour whose engines apply the reference rules after `breaking` changes them, and
    /// read each run's setup as `reading` changes it: where a setting stands for the behaviour (an
    /// engine without a minimum interval reads the configured interval as 0). Each leaves its part
    /// as the reference engine has it unless given; a catalogue entry gives one.
    package init(
        _ id: String,
        rule: String,
        summary: String,
        source: String? = nil,
        lacks: Capability? = nil,
        presupposes: Set<Capability> = [],
        refines: [String] = [],
        breaking rulesChange: @escaping @Sendable (inout DeliveryRules) -> Void = { _ in },
        reading setupChange: @escaping @Sendable (inout EngineSetup) -> Void = { _ in }
    ) {
        self.id = id
        self.rule = rule
        self.summary = summary
        self.source = source
        self.lacks = lacks
        self.presupposes = presupposes
        self.refines = refines
        self.setupChange = setupChange
        self.rulesChange = rulesChange
        var brazeSwift = DeliveryRules.reference(for: .brazeSwift)
        rulesChange(&brazeSwift)
        brazeSwiftRules = brazeSwift
        var appboyLegacy = DeliveryRules.reference(for: .appboyLegacy)
        rulesChange(&appboyLegacy)
        appboyLegacyRules = appboyLegacy
    }

    /// The behaviours together, as one engine that has each: their rule changes and setup readings
    /// applied in order. Its id is theirs joined by `+` (as `mutant:<id>` names it), its rule and
    /// summary the first's and each of theirs joined by `; `, and it presupposes what each does.
    package init(combining behaviours: [Behaviour]) {
        let setupChanges = behaviours.map(\.setupChange)
        let rulesChanges = behaviours.map(\.rulesChange)
        self.init(
            behaviours.map(\.id).joined(separator: "+"),
            rule: behaviours.first?.rule ?? "",
            summary: behaviours.map(\.summary).joined(separator: "; "),
            presupposes: behaviours.reduce(into: []) { $0.formUnion($1.presupposes) },
            breaking: { rules in for change in rulesChanges { change(&rules) } },
            reading: { setup in for change in setupChanges { change(&setup) } }
        )
    }

    /// The rules the behaviour's engine applies under the profile.
    package func rules(for profile: Profile) -> DeliveryRules {
        switch profile {
        case .brazeSwift: brazeSwiftRules
        case .appboyLegacy: appboyLegacyRules
        }
    }

    /// The setup as the behaviour's engine reads it.
    package func reading(_ setup: EngineSetup) -> EngineSetup {
        var setup = setup
        setupChange(&setup)
        return setup
    }

    /// A fresh engine with this behaviour for the setup, going without the capabilities `lacking`
    /// names as an engine without them does (``LackedCapabilities``).
    package func makeEngine(for setup: EngineSetup, lacking: Set<Capability> = []) throws -> ReferenceEngine {
        try ReferenceEngine(setup: reading(setup), rules: rules(for: setup.profile), lacking: lacking)
    }

    package static func == (left: Behaviour, right: Behaviour) -> Bool {
        left.id == right.id
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
