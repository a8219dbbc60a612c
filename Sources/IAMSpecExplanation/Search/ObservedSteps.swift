import IAMSpec
import IAMSpecRunner

/// A timeline's first steps as a partial replay is judged on them (``PartialReplay``): each
/// step's observations, each a hash of its text tagged with its channel (Specs/README.md,
/// "Observations and expectations": delivery, analytics, callbacks, dismissals; a stack answer
/// counts as delivery, the stack being what delivery leaves waiting; so does a dismissal nobody
/// asked for, ``channel(of:asked:)``). Held flat, a word an
/// observation: a failed run's timeline is a few kilobytes, this a few hundred bytes. Hashes are
/// seeded per process, so steps are compared only within the process that made them.
struct ObservedSteps: Sendable {
    /// Each observation's hash, its channel's position in the two low bits.
    private let observations: [Int]
    /// Where each step's observations end.
    private let ends: [Int32]

    /// The observations of `timeline`'s first `steps` steps; nil when it has fewer.
    init?(_ timeline: [TimelineEntry], steps: Int) {
        guard timeline.count >= steps else { return nil }
        var observations: [Int] = []
        var ends: [Int32] = []
        ends.reserveCapacity(steps)
        for entry in timeline.prefix(steps) {
            // Whether the step asks for a dismissal, read only for a step that observes one.
            var asked: Bool?
            for observation in entry.observations {
                var channel = Self.channel(of: observation)
                if channel == .dismissals {
                    let isAsked = asked ?? entry.asksForDismissal
                    asked = isAsked
                    channel = Self.channel(of: channel, asked: isAsked)
                }
                var hasher = Hasher()
                hasher.combine(observation)
                observations.append(hasher.finalize() & ~3 | Self.position(of: channel))
            }
            ends.append(Int32(clamping: observations.count))
        }
        self.observations = observations
        self.ends = ends
    }

    /// How many steps.
    var count: Int { ends.count }

    /// The observations of step `index`, in order.
    func step(_ index: Int) -> ArraySlice<Int> {
        observations[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
    }

    /// The channel of an observation as `step(_:)` holds it.
    static func channel(ofHashed observation: Int) -> ObservationChannel {
        ObservationChannel.allCases[observation & 3]
    }

    /// The channel of an observation: its own, a stack answer's being delivery.
    static func channel(of observation: Observation) -> ObservationChannel {
        observation.channel ?? .delivery
    }

    /// The channel of an observation as a timeline writes it (`impression_logged: promo`): its
    /// kind's, a stack answer's being delivery.
    static func channel(of observation: String) -> ObservationChannel {
        let kind = ObservationKind.allCases.first { kind in
            observation.hasPrefix(kind.nameText) && observation.dropFirst(kind.nameText.count).first == ":"
        }
        switch kind {
        case .impressionLogged, .clickLogged: return .analytics
        case .noMatchingTrigger: return .callbacks
        case .dismissed: return .dismissals
        case .displayed, .stacked, .discarded, .rolledBack, .stack, nil: return .delivery
        }
    }

    /// The channel an observation of `channel` is judged on at a step that asks for a dismissal
    /// (`asked`: the user's `dismiss`, the app's `app_dismiss`) or not. A `dismissed` where none was
    /// asked for is the engine taking a message off the screen by itself (replacing it with
    /// another, on a click, after a time, on a user change): what is on screen, a delivery, not
    /// how the engine tells of a dismissal. Every other observation keeps its channel.
    static func channel(of channel: ObservationChannel, asked: Bool) -> ObservationChannel {
        channel == .dismissals && !asked ? .delivery : channel
    }

    private static func position(of channel: ObservationChannel) -> Int {
        ObservationChannel.allCases.firstIndex(of: channel) ?? 0
    }
}
