import IAMSpec
import IAMSpecRunner

/// A run of the suite with what a name's rule reads changed: a name says how the engine decides,
/// so it predicts the run's answer when the decision's inputs change, not only the run as the case
/// wrote it. Experiments designed against the name's rivals are where the name and a rival
/// differ; an engine whose real mechanism is none of the catalogue's may agree with the name
/// everywhere there and still decide otherwise (an engine that shows the lowest priority's
/// message, named as one that ignores priority, since on the case's messages the tie rule and the
/// lowest priority pick the same one).
///
/// Two inputs are changed, each for the names of the rules that read it:
/// - **priorities turned round**, for a name of a rule of priority (`priority.*`): the message of
///   the lowest priority given the highest value the run's messages have, the second lowest the
///   second highest, and so on (every value one the case itself wrote; messages of one priority
///   stay together). A run whose messages all have one priority has no such variant.
/// - **failed downloads made to succeed**, for a name of a rule of assets (a rule whose id names
///   them: `delivery.asset-prefetch`, `discard.asset-failed`): each image or zip that fails, at
///   delivery or later (`asset_download: {outcome: fails}`), succeeds instead. An engine named as
///   one that skips a failed message in silence, but that never made the message a candidate while
///   its download was pending, shows nothing when the download succeeds, where the name shows it.
///   A run with no failed download has no such variant.
struct RunVariation {
    /// The run as varied, and the messages whose inputs changed: what the name's prediction about
    /// the variant is about.
    struct Variant {
        var scenario: Scenario
        var changed: Set<MessageID>
        /// What was changed, as a report says it beside the experiment's steps:
        /// `priorities turned round: high 1, low 2`.
        var change: String
    }

    /// The variants of `run` that ask a name of the rules `rules` something: none when no rule of
    /// the name reads what a variation changes, or the variant changes nothing.
    static func variants(of run: Scenario, forRules rules: [String]) -> [Variant] {
        var variants: [Variant] = []
        if rules.contains(where: { $0.hasPrefix("priority.") }), let turned = prioritiesTurned(in: run) {
            variants.append(turned)
        }
        if rules.contains(where: { $0.contains("asset") }), let succeeding = downloadsSucceeding(in: run) {
            variants.append(succeeding)
        }
        return variants
    }

    /// `run` with its messages' priorities turned round; nil when they all have one.
    private static func prioritiesTurned(in run: Scenario) -> Variant? {
        let values = Set(run.messages.map(\.priority)).sorted()
        guard values.count > 1 else { return nil }
        let turned = Dictionary(uniqueKeysWithValues: zip(values, values.reversed()))
        var varied = run
        var changed: Set<MessageID> = []
        for index in varied.messages.indices {
            guard let reversed = turned[varied.messages[index].priority] else { continue }
            guard reversed != varied.messages[index].priority else { continue }
            varied.messages[index].priority = reversed
            changed.insert(varied.messages[index].id)
        }
        let listed = varied.messages.filter { changed.contains($0.id) }
            .map { CaseSyntax.exact.id($0.id) + " " + CaseSyntax.exact.number($0.priority) }
        return Variant(
            scenario: varied,
            changed: changed,
            change: "priorities turned round: " + listed.joined(separator: ", ")
        )
    }

    /// `run` with each failed download succeeding instead; nil when none fails.
    private static func downloadsSucceeding(in run: Scenario) -> Variant? {
        func succeeding(_ outcome: AssetOutcome?) -> AssetOutcome? { outcome == .fails ? .succeeds : outcome }
        var varied = run
        var changed: Set<MessageID> = []
        for index in varied.messages.indices {
            var message = varied.messages[index]
            message.image = succeeding(message.image)
            message.zip = succeeding(message.zip)
            message.imageOnLaterDeliveries = message.imageOnLaterDeliveries.map { succeeding($0) ?? $0 }
            message.zipOnLaterDeliveries = message.zipOnLaterDeliveries.map { succeeding($0) ?? $0 }
            guard message != varied.messages[index] else { continue }
            varied.messages[index] = message
            changed.insert(message.id)
        }
        varied.stimuli = run.stimuli.map { stimulus in
            guard case .assetDownloadSettled(let message, false) = stimulus else { return stimulus }
            changed.insert(message)
            return .assetDownloadSettled(message: message, succeeded: true)
        }
        guard !changed.isEmpty else { return nil }
        let listed = varied.messages.map(\.id).filter(changed.contains).map(CaseSyntax.exact.id)
        return Variant(
            scenario: varied,
            changed: changed,
            change: "failed downloads made to succeed: " + listed.joined(separator: ", ")
        )
    }
}
