/// One kind of stimulus, described once: its name, the values it takes, how a case writes them,
/// what it needs of an engine, what it means in words, and how a ``Stimulus`` is made of its
/// values and taken apart into them (`Stimulus.swift` describes every kind).
///
/// Every format is derived from the description, never written per kind: the case decoder and
/// the case syntax (YAML), the protocol's JSON, the
/// capabilities a case needs, the site's words, and the JSON Schemas' steps and stimuli
/// (`Specs/schema.json`, `Specs/schemas/protocol/definitions.json`), which `scripts/update-schemas`
/// writes from the descriptions (`StepSchemas`).
///
/// A class, not a struct: a kind is described once and shared by every step of it, so passing one
/// around is one reference, not a copy of its fields, closures and texts.
package final class StimulusKind: Sendable {
    /// How a case writes a step of this kind after its name.
    package enum Argument: Sendable {
        /// Nothing: the bare name (`relaunch`). The kind has no fields.
        case none
        /// The first field's value alone (`dismiss: promo`, `advance: 30`).
        case value
        /// A mapping of the fields (`asset_download: {message: promo, outcome: fails}`); the bare
        /// name when every field has a default.
        case fields
        /// The first field's value alone when the others keep their defaults, or a mapping of the
        /// fields (`custom_event: tap`, `custom_event: {name: tap, source: api}`).
        case valueOrFields
    }

    /// What a step of the kind needs of the case beyond its own values.
    package enum Requirement: Sendable {
        /// The app implements the display delegate (`delegate: implemented`).
        case delegate
    }

    /// Which kind, as the table numbers it.
    package let id: ID
    /// The step's name in a case and the stimulus's `kind` on the wire.
    package let name: StaticString
    /// The values, in the order a case's mapping form lists them.
    package let fields: [StepField]
    /// How a case writes the values.
    package let argument: Argument
    /// What an engine needs to receive a stimulus of this kind; a choice's word may need more.
    package let capability: Capability?
    /// What the case must hold for the step to make sense.
    package let requirement: Requirement?
    /// Whether a case writes it as a step; the stack inspection is asked for by an expectation.
    package let isStep: Bool
    /// What happens, in one sentence (the schemas' description).
    package let about: String
    /// The events of these values that triggers match (filters aside): what can make a message a
    /// candidate for a triggered display.
    package let events: @Sendable (_ values: [StepValue]) -> [TriggerEvent]
    /// What happens, in words, for the site's case narratives.
    package let words: @Sendable (_ values: [StepValue], _ wording: any StepWording) -> Phrase
    /// The stimulus of these values (as many as ``fields``, each of its field's content).
    package let make: @Sendable (_ values: [StepValue]) -> Stimulus

    /// The kind as `Stimulus.swift` describes it.
    init(
        id: ID,
        name: StaticString,
        fields: [StepField],
        argument: Argument,
        capability: Capability?,
        requirement: Requirement?,
        isStep: Bool,
        about: String,
        events: @escaping @Sendable ([StepValue]) -> [TriggerEvent],
        words: @escaping @Sendable ([StepValue], any StepWording) -> Phrase,
        make: @escaping @Sendable ([StepValue]) -> Stimulus
    ) {
        self.id = id
        self.name = name
        self.fields = fields
        self.argument = argument
        self.capability = capability
        self.requirement = requirement
        self.isStep = isStep
        self.about = about
        self.events = events
        self.words = words
        self.make = make
    }

    /// The step's name as text.
    package var nameText: String { name.description }

    /// The kind of this id.
    package static func of(_ id: ID) -> StimulusKind {
        all[id.rawValue]
    }

    /// Every kind, in the order of ``ID``.
    package static let all: [StimulusKind] = ID.allCases.map(describe)

    /// Every kind a case writes as a step.
    package static let steps: [StimulusKind] = all.filter(\.isStep)
}

/// How the site puts a stimulus's values in words: a description's ``StimulusKind/words``
/// writes the sentence, and this renders the values in it.
package protocol StepWording {
    /// A number, as the site writes numbers.
    func number(_ number: Double) -> String
    /// An event's properties and its source, when not the defaults: ` with ...`, ` (through ...)`,
    /// or nothing.
    func eventDetails(_ properties: [String: PropertyValue], source: EventSource) -> Phrase
    /// A message the app presents, with its settings.
    func message(_ message: InAppMessage) -> Phrase
}
