import IAMSpec
import Synchronization

/// What an engine declares and cannot have meant, found by running it: a capability it declares
/// but declined (answered `unsupported` or `skipped`, threw `CaseSkipped`) on every run that needed
/// it; a stimulus every engine is to handle (one needing no capability) declined on every run that
/// sent it, an adapter's handler missing or misspelt (a kit finds its methods by name); and, for a stdio engine speaking protocol 2, a list that names none of the capabilities
/// added since that protocol came (Specs/README.md, "Capabilities", "Versions"): an adapter
/// written before they existed, which silently loses the runs that need them; for one speaking
/// protocol 1, a list naming capabilities beyond protocol 1's eight, as if it were exact (it is
/// taken to have every one of them, so it is sent the runs of those it left out). Each is a warning
/// at the end of the run (the console, the results stream's footer `warnings`, JUnit's and the
/// Markdown summary's); under `iamspec run --strict-capabilities` they fail the run.
///
/// The run tallies, per declared capability, the runs made that needed it and those the engine
/// declined for it (``record(_:of:)``, from every worker): a run declined at a step counts against
/// the capability of that step's stimulus only (`display-next` for `display_next`,
/// `stack-inspection` for a stack inspection), a run declined as a whole (`skipped`) against every
/// capability it needs. A run skipped before it was made (a profile or capability the engine
/// lacks, a baseline's `skip`) is not counted.
package final class CapabilityWarnings: Sendable {
    /// The capabilities added since protocol 2 came: an engine has each only if it lists it.
    /// `extras` and `push-click` (behaviour engines were always assumed to have, declinable since
    /// they came), `data-wipe` and `app-dismissal` (with their stimuli), `click-follow-up` (a
    /// behaviour found after engines were written).
    package static let addedSinceProtocol2: [Capability] = Capability.allCases.filter {
        !Capability.declaredSinceProtocol1.contains($0) && !protocol2Capabilities.contains($0)
    }.sorted()

    /// The capabilities protocol 2 came with: the eight of protocol 1's, the six it announced
    /// (`message-interval` to `asset-redelivery`), and the behaviour every engine was assumed to
    /// have then (`trigger-session-start` to `user-change`).
    private static let protocol2Capabilities: Set<Capability> = Capability.declaredSinceProtocol1
        .union(ProtocolVersion.capabilitiesSinceV2)
        .union(Capability.assumedUnlessLacking.subtracting([.extras, .pushClick]))

    /// The capabilities the engine declares, a bit each (`SpecCase.requiredCapabilityBits`'s):
    /// every run is counted against them without making a `Set`.
    private let declared: UInt64
    /// Per capability, at its bit's position: the runs made that needed it, and those the engine
    /// declined.
    private let tally = Mutex([(made: Int, declined: Int)](repeating: (0, 0), count: Capability.allCases.count))

    /// A tally of the runs of an engine that declares `declared`.
    package init(declared: Set<Capability>) {
        self.declared = CapabilityBits(declared).bits
    }

    /// Per stimulus kind that needs no capability (`custom_event`, `session_start`), by its id: the
    /// runs made that sent it, and those the engine declined at a step of it. Every engine is to
    /// handle such a stimulus, so one declined on every run that sent it is an adapter's method
    /// missing or misspelt (a kit's `on_customevent` for `on_custom_event`), which no capability
    /// names.
    private let coreStimuli = Mutex(
        [(sent: Int, declined: Int)](repeating: (0, 0), count: StimulusKind.ID.allCases.count)
    )

    /// Counts `result`, a run made of `specCase`.
    package func record(_ result: CaseResult, of specCase: SpecCase) {
        recordCoreStimuli(result, of: specCase)
        let counted = specCase.requiredCapabilityBits & declared
        guard counted != 0 else { return }
        let declined =
            result.status == .skipped ? CapabilityBits(Self.declinedCapabilities(result, of: specCase)).bits : 0
        tally.withLock { tally in
            var remaining = counted
            while remaining != 0 {
                let position = remaining.trailingZeroBitCount
                tally[position].made += 1
                tally[position].declined += declined & (1 << position) != 0 ? 1 : 0
                remaining &= remaining - 1
            }
        }
    }

    /// The capabilities the engine declined in `result`: none when it did not decline; the
    /// capability of the declined step's stimulus (`stack-inspection` for a stack inspection); every
    /// capability of the case when it declined the case as a whole.
    static func declinedCapabilities(_ result: CaseResult, of specCase: SpecCase) -> Set<Capability> {
        guard result.status == .skipped else { return [] }
        guard result.kind == .declined else { return specCase.requires }
        for step in specCase.steps where step.location == result.location {
            switch step.action {
            case .stimulus(let stimulus): return stimulus.kind.capability.map { [$0] } ?? []
            case .expectation: return [.stackInspection]
            }
        }
        return []
    }

    /// Counts the stimuli needing no capability that `result` sent, up to the step it ended at
    /// (the step it declined, failed or errored at; every step when it passed), and the one it
    /// declined. A run declined as a whole (`skipped` before any step) sent nothing counted.
    private func recordCoreStimuli(_ result: CaseResult, of specCase: SpecCase) {
        guard result.status != .skipped || result.kind == .declined else { return }
        let end = result.status == .passed ? nil : specCase.steps.firstIndex { $0.location == result.location }
        // A bit per kind (its id's raw value): no text, set or dictionary per run.
        var sent: UInt64 = 0
        var declined: Int?
        for index in specCase.steps.indices where end.map({ index <= $0 }) ?? true {
            guard case .stimulus(let stimulus) = specCase.steps[index].action else { continue }
            let kind = stimulus.kind
            guard kind.capability == nil else { continue }
            sent |= 1 << kind.id.rawValue
            if result.status == .skipped && index == end { declined = kind.id.rawValue }
        }
        guard sent != 0 else { return }
        coreStimuli.withLock { tally in
            var bits = sent
            while bits != 0 {
                let id = bits.trailingZeroBitCount
                bits &= bits - 1
                tally[id].sent += 1
                if id == declined { tally[id].declined += 1 }
            }
        }
    }

    /// `the engine declares the capability no-matching-trigger, but declined all 8 runs that
    /// need it`, one per such capability, in name order; then `the engine declined the stimulus
    /// custom_event on all 3 runs that sent it, ...`, one per stimulus needing no capability that
    /// the engine declined wherever it was sent, in name order.
    package var declinedEverywhere: [String] {
        capabilitiesDeclinedEverywhere + stimuliDeclinedEverywhere
    }

    /// Every warning the run ends with: ``declinedEverywhere``, then, for an engine over the stdio
    /// protocol that finished its handshake (`handshake`: the protocol it speaks, and the
    /// capabilities a protocol-1 list named beyond protocol 1's eight), what its list of
    /// `declared` capabilities cannot have meant (``outdatedList(protocolVersion:declared:)``,
    /// ``protocol1ListNamingMore(_:)``).
    package func warnings(
        declared: Set<Capability>,
        handshake: (protocolVersion: Int, namedBeyondProtocol1: Set<Capability>)?
    ) -> [String] {
        var warnings = declinedEverywhere
        guard let handshake else { return warnings }
        if let outdated = Self.outdatedList(protocolVersion: handshake.protocolVersion, declared: declared) {
            warnings.append(outdated)
        }
        if let unheeded = Self.protocol1ListNamingMore(handshake.namedBeyondProtocol1) {
            warnings.append(unheeded)
        }
        return warnings
    }

    /// The stimuli needing no capability that the engine declined on every run that sent one.
    private var stimuliDeclinedEverywhere: [String] {
        let counts = coreStimuli.withLock { tally in
            zip(StimulusKind.ID.allCases, tally).compactMap { id, counts in
                counts.sent > 0 && counts.declined == counts.sent ? (StimulusKind.of(id).nameText, counts.sent) : nil
            }
        }
        return counts.sorted { $0.0 < $1.0 }.map { name, sent in
            let runs: String = sent == 1 ? "the 1 run that sent" : "all \(sent) runs that sent"
            return "the engine declined the stimulus \(name) on \(runs) it, which every engine is to handle "
                + "(it needs no capability): check the adapter's method for it, which may be missing or misspelt"
        }
    }

    /// The capabilities declared and declined on every run that needed them.
    private var capabilitiesDeclinedEverywhere: [String] {
        let counts: [(capability: Capability, made: Int)] = tally.withLock { tally in
            zip(Capability.allCases, tally).compactMap { capability, counts in
                counts.made > 0 && counts.declined == counts.made ? (capability, counts.made) : nil
            }
        }
        return counts.sorted { $0.capability < $1.capability }.map { capability, made in
            let runs: String = made == 1 ? "the 1 run that needs" : "all \(made) runs that need"
            return "the engine declares the capability \(capability.rawValue), but declined \(runs) it: "
                + "check the adapter's method for it"
        }
    }

    /// The warning for a protocol-1 engine whose `hello_reply` named capabilities beyond protocol
    /// 1's eight (`named`): protocol 1 takes an engine to have every one of them, so a list that
    /// names some, as if it were exact, still leaves the engine sent, and failed on, the runs of
    /// those it left out; nil when it named none.
    package static func protocol1ListNamingMore(_ named: Set<Capability>) -> String? {
        guard !named.isEmpty else { return nil }
        let assumed = Capability.assumedUnlessLacking.subtracting(named).sorted()
        let left = assumed.isEmpty ? "" : " (\(assumed.map(\.rawValue).joined(separator: ", ")))"
        return "the engine speaks protocol 1 and lists \(named.sorted().map(\.rawValue).joined(separator: ", ")), "
            + "which protocol 1 cannot declare: it is taken to have every capability beyond protocol 1's eight, "
            + "those it left out\(left) too; speak protocol 2 to list exactly what the engine has"
    }

    /// The warning for an engine speaking `protocolVersion` that declares `declared`: a
    /// protocol-2 engine that lists none of ``addedSinceProtocol2``; nil otherwise.
    package static func outdatedList(protocolVersion: Int, declared: Set<Capability>) -> String? {
        guard protocolVersion == 2, declared.isDisjoint(with: addedSinceProtocol2) else { return nil }
        return "the engine speaks protocol 2 and lists none of the capabilities added since "
            + "(\(addedSinceProtocol2.map(\.rawValue).joined(separator: ", "))): an adapter written before them "
            + "is skipped on every run that needs one; list those the engine has"
    }
}
