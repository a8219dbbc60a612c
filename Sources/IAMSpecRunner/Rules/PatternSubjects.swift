import IAMSpec

/// The rules whose subject an expected observation is: a step that expects one (in `sequence` or
/// `contains`) names one of them, in its `rules` or `setup` (or, naming neither, through the
/// case's `rules`), so that a run failing there is filed under a rule that states it.
///
/// One table, from `Specs/rules.yaml`: the first rule of each row is the one a diagnostic proposes,
/// the rule that states the observation in general; the others state it too, for their situation
/// (their notes name the observation). A `stacked` or `discarded` pattern without a reason, and the
/// kinds no rule is about on its own (`displayed`, impressions, clicks), name no subject.
public enum PatternSubjects {
    /// The rules whose subject the pattern is, the one to propose first; empty when none is.
    public static func rules(for pattern: ObservationPattern) -> [String] {
        switch pattern {
        case .stacked(_, let reason?): stacked(reason)
        case .discarded(_, let reason?): discarded(reason)
        case .rolledBack:
            // Legacy `ABKReenqueueInAppMessage`; the control message the delegate rolls back.
            ["naming.legacy-reenqueue-rolls-back", "analytics.control-group-delegate"]
        case .dismissed:
            // The user's own dismissal, the app's, and those of a change of user and of a wipe.
            ["stack.dismissal-observed", "stack.app-dismissal", "stack.change-user-clears", "stack.wipe-data-clears"]
        case .noMatchingTrigger:
            ["callbacks.no-matching-trigger"]
        case .stacked(_, nil), .discarded(_, nil), .displayed, .impressionLogged, .clickLogged:
            []
        }
    }

    /// The rules to file a step under besides `filedUnder`, so that each pattern it expects is filed
    /// under a rule whose subject it is: for each pattern none of whose subjects (those `usable`
    /// admits) is filed under or added for an earlier pattern, its first usable subject. What
    /// `iamspec fuzz` writes and `iamspec migrate` adds.
    public static func missing(
        for patterns: [ObservationPattern],
        filedUnder: [String],
        usable: (String) -> Bool = { _ in true }
    ) -> [String] {
        var added: [String] = []
        for pattern in patterns {
            let subjects = rules(for: pattern).filter(usable)
            guard let first = subjects.first,
                !subjects.contains(where: { filedUnder.contains($0) || added.contains($0) })
            else { continue }
            added.append(first)
        }
        return added
    }

    /// A pattern as a diagnostic names it: its kind, and its reason when it has one.
    public static func observation(_ pattern: ObservationPattern) -> String {
        switch pattern {
        case .stacked(_, let reason?): "stacked (\(reason.rawValue))"
        case .discarded(_, let reason?): "discarded (\(reason.rawValue))"
        case .stacked, .discarded, .displayed, .rolledBack, .dismissed, .noMatchingTrigger, .impressionLogged,
            .clickLogged:
            pattern.kind.nameText
        }
    }

    private static func stacked(_ reason: StackReason) -> [String] {
        switch reason {
        case .messageVisible:
            // The rule; the Swift list of situations; the trigger pushed on top; the top offered at
            // an eligibility moment; a firing moved to the top; the older follow-up put on the
            // stack; legacy `display_next` behind a message.
            [
                "reenqueue.message-visible", "reenqueue.swift-situations", "stack.trigger-on-top",
                "stack.eligibility-moments", "stack.retrigger-moves-to-top", "stack.click-follow-up",
                "manual.display-next-leaves-stack",
            ]
        case .background:
            ["reenqueue.background", "reenqueue.swift-situations"]
        case .delegateLater:
            // The delegate's `later`; Swift `.reenqueue`; a control message; legacy `display_next`.
            [
                "reenqueue.delegate-later", "naming.swift-reenqueue-stacks", "analytics.control-group-delegate",
                "manual.display-next-asks-delegate",
            ]
        case .keyboard:
            ["reenqueue.keyboard-legacy", "reenqueue.keyboard-warning"]
        }
    }

    private static func discarded(_ reason: DiscardReason) -> [String] {
        switch reason {
        case .timeout:
            // The rule; when the timeout runs; a delayed firing's wait ending past it.
            ["discard.timeout", "discard.timeout-from-trigger", "delay.retrigger-while-waiting"]
        case .delegate:
            ["discard.delegate", "analytics.control-group-delegate", "manual.display-next-asks-delegate"]
        case .assetFailed:
            // The rule; each delivery's download; a display waiting on a download that fails.
            ["discard.asset-failed", "delivery.assets-per-delivery", "delivery.display-on-delivery-latency"]
        case .orientation:
            ["discard.orientation", "discard.orientation-not-on-tablets"]
        case .missingImage:
            ["discard.missing-image-legacy"]
        }
    }
}
